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

#include <cmath>
#include <limits>

namespace sqleq::ui {
namespace {
constexpr int kSchemasProfile = -1;  ///< the profile combo's item for "the schema's promise"
} // namespace

SettingsDialog::SettingsDialog(const inspect::CheckSettings& settings, QWidget* parent)
    : QDialog(parent), m_original(settings)
{
    setWindowTitle(tr("Run settings"));
    m_profile = new QComboBox(this);
    m_profile->addItem(tr("the schema's — strict for your own .sqlite or DDL file, spider for a tables.json"),
                       kSchemasProfile);
    m_profile->addItem(tr("spider — no NULLs, keys resolve, no empty tables"), static_cast<int>(fuzz::Profile::Spider));
    m_profile->addItem(tr("strict — also NULLs, empty tables, case variants"), static_cast<int>(fuzz::Profile::Strict));
    m_profile->setCurrentIndex(
        m_profile->findData(settings.profileFromSchema ? kSchemasProfile : static_cast<int>(settings.profile)));

    m_budget = new QSpinBox(this);
    m_budget->setRange(1, 1'000'000);
    m_budget->setValue(static_cast<int>(std::min<std::size_t>(settings.samplingBudget, 1'000'000)));
    m_budget->setSuffix(tr(" databases"));

    m_search = new QSpinBox(this);
    m_search->setRange(0, 1'000'000);
    m_search->setValue(static_cast<int>(std::min<std::size_t>(settings.searchBudget, 1'000'000)));
    m_search->setSuffix(tr(" databases"));
    m_search->setToolTip(tr("Databases built past the suite when it finds no difference; 0: the test-suite verdict alone."));

    m_seed = new QSpinBox(this);
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(static_cast<int>(std::min<uint64_t>(settings.seed, std::numeric_limits<int>::max())));

    m_timeout = new QSpinBox(this);
    m_timeout->setRange(10, 600'000);
    m_timeout->setSingleStep(100);
    m_timeout->setValue(static_cast<int>(std::clamp<int64_t>(settings.idleBudgetMs(), 10, 600'000)));
    m_timeout->setSuffix(tr(" ms"));

    m_timeLimit = new QSpinBox(this);
    m_timeLimit->setRange(0, 86'400);
    m_timeLimit->setSingleStep(30);
    m_timeLimit->setValue(static_cast<int>(std::clamp(std::llround(settings.timeLimitSeconds), 0LL, 86'400LL)));
    m_timeLimit->setSuffix(tr(" s"));
    m_timeLimit->setSpecialValueText(tr("none"));
    m_timeLimit->setToolTip(tr("Wall-clock limit of one run: sampling, the search, the counterexample and the "
                               "diagnosis stop when it passes, and the verdict says so. 0: none."));

    m_plugValue = new QCheckBox(tr("Test-suite metric: plug the gold's &values in (plug-value)"), this);
    m_plugValue->setChecked(settings.plugValue);
    m_keepDistinct = new QCheckBox(tr("Test-suite metric: &keep DISTINCT (sqleq's own verdict always does)"), this);
    m_keepDistinct->setChecked(settings.keepDistinct);

    auto* form = new QFormLayout;
    form->addRow(tr("&Profile:"), m_profile);
    form->addRow(tr("&Budget:"), m_budget);
    form->addRow(tr("Searc&h past the suite:"), m_search);
    form->addRow(tr("&Seed:"), m_seed);
    form->addRow(tr("&Timeout per query:"), m_timeout);
    form->addRow(tr("Time &limit per run:"), m_timeLimit);
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

inspect::CheckSettings SettingsDialog::settings() const
{
    // What the dialog does not show (the limits besides the timeout, the order rule) stays.
    inspect::CheckSettings out = m_original;
    const int profile = m_profile->currentData().toInt();
    out.profileFromSchema = profile == kSchemasProfile;
    if (!out.profileFromSchema) out.profile = static_cast<fuzz::Profile>(profile);
    out.samplingBudget = static_cast<std::size_t>(m_budget->value());
    out.searchBudget = static_cast<std::size_t>(m_search->value());
    const auto shown = static_cast<uint64_t>(m_seed->value());
    const auto original = std::min<uint64_t>(m_original.seed, std::numeric_limits<int>::max());
    out.seed = shown == original ? m_original.seed : shown;
    if (m_timeout->value() != std::clamp<int64_t>(m_original.idleBudgetMs(), 10, 600'000))
        out.setIdleBudget(m_timeout->value());
    if (m_timeLimit->value() != std::clamp(std::llround(m_original.timeLimitSeconds), 0LL, 86'400LL))
        out.timeLimitSeconds = m_timeLimit->value();
    out.plugValue = m_plugValue->isChecked();
    out.keepDistinct = m_keepDistinct->isChecked();
    return out;
}

} // namespace sqleq::ui
