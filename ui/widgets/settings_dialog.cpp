// SettingsDialog: a form layout with a sentence of help per option, because the
// options change what "equivalent" means and a user should not have to guess how.

#include "ui/widgets/settings_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace sqleq::ui {
namespace {
constexpr int kSchemasProfile = -1;  ///< the profile combo's item for "the schema's promise"
} // namespace

SettingsDialog::SettingsDialog(const RunSettings& settings, QWidget* parent)
    : QDialog(parent), m_originalSeed(settings.seed)
{
    setWindowTitle(tr("Run settings"));
    m_profile = new QComboBox(this);
    m_profile->addItem(tr("the schema's — strict for your own .sqlite or DDL file, spider for a tables.json"),
                       kSchemasProfile);
    m_profile->addItem(tr("spider — no NULLs, keys resolve, no empty tables"), static_cast<int>(fuzz::Profile::Spider));
    m_profile->addItem(tr("strict — also NULLs, empty tables, case variants"), static_cast<int>(fuzz::Profile::Strict));
    m_profile->setCurrentIndex(
        m_profile->findData(settings.profile ? static_cast<int>(*settings.profile) : kSchemasProfile));

    m_budget = new QSpinBox(this);
    m_budget->setRange(1, 1'000'000);
    m_budget->setValue(settings.budget);
    m_budget->setSuffix(tr(" databases"));

    m_seed = new QSpinBox(this);
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(static_cast<int>(std::min<uint64_t>(settings.seed, std::numeric_limits<int>::max())));

    m_timeout = new QSpinBox(this);
    m_timeout->setRange(10, 600'000);
    m_timeout->setSingleStep(100);
    m_timeout->setValue(settings.timeoutMs);
    m_timeout->setSuffix(tr(" ms"));

    m_plugValue = new QCheckBox(tr("Test-suite metric: plug the gold's &values in (plug-value)"), this);
    m_plugValue->setChecked(settings.plugValue);
    m_keepDistinct = new QCheckBox(tr("Test-suite metric: &keep DISTINCT (sqleq's own verdict always does)"), this);
    m_keepDistinct->setChecked(settings.keepDistinct);

    auto* form = new QFormLayout;
    form->addRow(tr("&Profile:"), m_profile);
    form->addRow(tr("&Budget:"), m_budget);
    form->addRow(tr("&Seed:"), m_seed);
    form->addRow(tr("&Timeout per query:"), m_timeout);
    form->addRow(m_plugValue);
    form->addRow(m_keepDistinct);

    auto* note = new QLabel(tr("The same seed, profile and budget always give the same suite."), this);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

RunSettings SettingsDialog::settings() const
{
    RunSettings out;
    const int profile = m_profile->currentData().toInt();
    if (profile != kSchemasProfile) out.profile = static_cast<fuzz::Profile>(profile);
    out.budget = m_budget->value();
    const auto shown = static_cast<uint64_t>(m_seed->value());
    const auto original = std::min<uint64_t>(m_originalSeed, std::numeric_limits<int>::max());
    out.seed = shown == original ? m_originalSeed : shown;
    out.timeoutMs = m_timeout->value();
    out.plugValue = m_plugValue->isChecked();
    out.keepDistinct = m_keepDistinct->isChecked();
    return out;
}

} // namespace sqleq::ui
