// NewAuditDialog: every path has a browse button and can be typed or pasted; OK stays
// disabled until the required three inputs and the output are filled in.

#include "ui/audit/new_audit_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace sqleq::ui {

NewAuditDialog::NewAuditDialog(const QString& startDirectory, QWidget* parent)
    : QDialog(parent), m_startDirectory(startDirectory)
{
    setWindowTitle(tr("New Audit Project"));
    auto* intro = new QLabel(tr("Computes every metric the inputs allow for each item (in the background, "
                                "distilling the test suites first when none are given), then writes a project "
                                "file that keeps your verdicts."), this);
    intro->setWordWrap(true);
    auto* form = new QFormLayout;
    m_gold = addPathRow(form, tr("&Gold file:"), Pick::OpenFile, tr("Gold files (*.sql *.txt *.tsv);;All files (*)"),
                        QStringLiteral("goldPath"));
    m_gold->setToolTip(tr("One SQL<TAB>db_id per line"));
    m_predictions = addPathRow(form, tr("&Predictions:"), Pick::OpenFile, tr("Predictions (*.txt *.sql);;All files (*)"),
                               QStringLiteral("predictionsPath"));
    m_predictions->setToolTip(tr("One SQL per line, in the gold file's order"));
    m_tables = addPathRow(form, tr("&tables.json:"), Pick::OpenFile, tr("Spider tables (*.json);;All files (*)"),
                          QStringLiteral("tablesPath"));
    m_databases = addPathRow(form, tr("Original &databases:"), Pick::Directory, {}, QStringLiteral("databasesPath"));
    m_databases->setPlaceholderText(tr("optional: DIR/<db_id>/<db_id>.sqlite (exec, SQL-Eval)"));
    m_suites = addPathRow(form, tr("Test &suites:"), Pick::Directory, {}, QStringLiteral("suitesPath"));
    m_suites->setPlaceholderText(tr("optional: DIR/<db_id>/*.sqlite; empty: distilled here"));
    m_suites->setToolTip(tr("Test suites in test-suite-sql-eval's layout. Left empty, sqleq distills one suite "
                            "per database from the gold queries (as `sqleq-cli distill` does) into a folder "
                            "next to the project."));
    m_suitesNote = new QLabel(this);
    m_suitesNote->setObjectName(QStringLiteral("suitesNote"));
    m_suitesNote->setWordWrap(true);
    m_suitesNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(QString(), m_suitesNote);
    m_questions = addPathRow(form, tr("&Questions:"), Pick::OpenFile, tr("Questions (*.tsv);;All files (*)"),
                             QStringLiteral("questionsPath"));
    m_questions->setPlaceholderText(tr("optional: index<TAB>db_id<TAB>question"));
    m_plugValue = new QCheckBox(tr("Test-suite metric: plug the gold's &values into the prediction"), this);
    m_keepDistinct = new QCheckBox(tr("Test-suite metric: &keep DISTINCT (sqleq's column always does)"), this);
    m_plugValue->setAccessibleName(tr("Test-suite metric: plug the gold's values into the prediction"));
    m_keepDistinct->setAccessibleName(tr("Test-suite metric: keep DISTINCT"));
    form->addRow(QString(), m_plugValue);
    form->addRow(QString(), m_keepDistinct);
    // The project records its own profile and seed; they start at the paper's (spider,
    // seed 0), not at whatever Settings last held for some session.
    m_profile = new QComboBox(this);
    m_profile->setObjectName(QStringLiteral("auditProfile"));
    m_profile->setAccessibleName(tr("Profile"));
    m_profile->addItem(tr("spider: no NULLs, keys resolve, no empty tables"), static_cast<int>(fuzz::Profile::Spider));
    m_profile->addItem(tr("strict: also NULLs, empty tables, case variants"), static_cast<int>(fuzz::Profile::Strict));
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(QStringLiteral("auditSeed"));
    m_seed->setAccessibleName(tr("Seed"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    auto* profileLabel = new QLabel(tr("Pro&file:"), this);
    profileLabel->setBuddy(m_profile);
    auto* seedLabel = new QLabel(tr("S&eed:"), this);
    seedLabel->setBuddy(m_seed);
    m_search = new QSpinBox(this);
    m_search->setObjectName(QStringLiteral("auditSearch"));
    m_search->setAccessibleName(tr("Search past the suite"));
    m_search->setRange(0, 1'000'000);
    m_search->setSuffix(tr(" databases"));
    m_search->setToolTip(tr("sqleq's verdict: where the suite accepts a prediction, build up to this many more "
                            "databases to separate it; 0: none"));
    m_timeout = new QSpinBox(this);
    m_timeout->setObjectName(QStringLiteral("auditTimeout"));
    m_timeout->setAccessibleName(tr("Timeout per query"));
    m_timeout->setRange(10, 600'000);
    m_timeout->setSingleStep(100);
    m_timeout->setSuffix(tr(" ms"));
    m_timeout->setToolTip(tr("Per query, in milliseconds of an idle machine (counted in SQLite steps, so the "
                             "verdicts do not depend on the machine's load)"));
    m_search->setValue(static_cast<int>(m_settings.searchBudget));
    m_timeout->setValue(static_cast<int>(m_settings.idleBudgetMs()));
    auto* searchLabel = new QLabel(tr("Searc&h:"), this);
    searchLabel->setBuddy(m_search);
    auto* timeoutLabel = new QLabel(tr("T&imeout per query:"), this);
    timeoutLabel->setBuddy(m_timeout);
    form->addRow(profileLabel, m_profile);
    form->addRow(seedLabel, m_seed);
    form->addRow(searchLabel, m_search);
    form->addRow(timeoutLabel, m_timeout);
    m_output = addPathRow(form, tr("Save project &as:"), Pick::SaveFile, tr("Audit projects (*.sqleq-audit)"),
                          QStringLiteral("outputPath"));

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Compute and open"));
    m_buttons->button(QDialogButtonBox::Ok)->setAccessibleName(tr("Compute and open"));
    m_buttons->button(QDialogButtonBox::Cancel)->setAccessibleName(tr("Cancel"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    resize(640, sizeHint().height());
    updateOk();
}

QLineEdit* NewAuditDialog::addPathRow(QFormLayout* form, const QString& label, Pick pick, const QString& filter,
                                      const QString& objectName)
{
    auto* row = new QWidget(this);
    auto* edit = new QLineEdit(row);
    edit->setObjectName(objectName);
    auto* browse = new QToolButton(row);
    browse->setText(tr("…"));
    browse->setToolTip(tr("Browse"));
    const QString name = QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':'));
    edit->setAccessibleName(name);
    browse->setAccessibleName(tr("Browse for %1").arg(name));
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    layout->addWidget(browse);
    auto* caption = new QLabel(label, this);
    caption->setBuddy(edit);
    form->addRow(caption, row);
    connect(edit, &QLineEdit::textChanged, this, &NewAuditDialog::updateOk);
    connect(browse, &QToolButton::clicked, this, [this, edit, pick, filter, label] {
        const QString start = edit->text().isEmpty() ? m_startDirectory : edit->text();
        const QString title = QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':'));
        QString path;
        switch (pick) {
        case Pick::OpenFile: path = QFileDialog::getOpenFileName(this, title, start, filter); break;
        case Pick::Directory: path = QFileDialog::getExistingDirectory(this, title, start); break;
        case Pick::SaveFile:
            path = QFileDialog::getSaveFileName(this, title, start, filter, nullptr, QFileDialog::DontConfirmOverwrite);
            if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".sqleq-audit");
            break;
        }
        if (path.isEmpty()) return;
        edit->setText(path);
        m_startDirectory = QFileInfo(path).absolutePath();
    });
    return edit;
}

void NewAuditDialog::setRequest(const AuditBuildRequest& request)
{
    m_gold->setText(request.gold);
    m_predictions->setText(request.predictions);
    m_tables->setText(request.tables);
    m_databases->setText(request.databases);
    m_suites->setText(request.suites);
    m_questions->setText(request.questions);
    m_output->setText(request.output);
    m_settings = request.settings;
    m_plugValue->setChecked(request.settings.plugValue);
    m_keepDistinct->setChecked(request.settings.keepDistinct);
    m_profile->setCurrentIndex(m_profile->findData(static_cast<int>(request.settings.profile)));
    m_seed->setValue(static_cast<int>(std::min<uint64_t>(request.settings.seed, std::numeric_limits<int>::max())));
    m_search->setValue(static_cast<int>(std::min<std::size_t>(request.settings.searchBudget, 1'000'000)));
    m_timeout->setValue(static_cast<int>(std::clamp<int64_t>(request.settings.idleBudgetMs(), 10, 600'000)));
}

AuditBuildRequest NewAuditDialog::request() const
{
    AuditBuildRequest request;
    request.gold = m_gold->text().trimmed();
    request.predictions = m_predictions->text().trimmed();
    request.tables = m_tables->text().trimmed();
    request.databases = m_databases->text().trimmed();
    request.suites = m_suites->text().trimmed();
    request.questions = m_questions->text().trimmed();
    request.output = m_output->text().trimmed();
    // What the dialog does not show (sampling budget, other limits, order rule) stays.
    request.settings = m_settings;
    request.settings.plugValue = m_plugValue->isChecked();
    request.settings.keepDistinct = m_keepDistinct->isChecked();
    request.settings.nameProfile(static_cast<fuzz::Profile>(m_profile->currentData().toInt()));
    request.settings.seed = static_cast<uint64_t>(m_seed->value());
    request.settings.searchBudget = static_cast<std::size_t>(m_search->value());
    if (m_timeout->value() != std::clamp<int64_t>(m_settings.idleBudgetMs(), 10, 600'000))
        request.settings.setIdleBudget(m_timeout->value());
    return request;
}

QString NewAuditDialog::problem() const
{
    const AuditBuildRequest wanted = request();
    const auto missingFile = [](const QString& path) { return !path.isEmpty() && !QFileInfo(path).isFile(); };
    const auto missingDirectory = [](const QString& path) { return !path.isEmpty() && !QFileInfo(path).isDir(); };
    for (const QString& path : {wanted.gold, wanted.predictions, wanted.tables, wanted.questions})
        if (missingFile(path)) return tr("File not found: %1").arg(path);
    for (const QString& path : {wanted.databases, wanted.suites})
        if (missingDirectory(path)) return tr("Directory not found: %1").arg(path);
    if (QFileInfo::exists(wanted.output))
        return tr("%1 already exists; an audit project is never overwritten. Choose a new name.").arg(wanted.output);
    if (wanted.suites.isEmpty() && wanted.distillSuites && QFileInfo::exists(suitesDirectoryFor(wanted.output)))
        return tr("%1 already exists: give it as the test suites, or choose another project name.")
            .arg(suitesDirectoryFor(wanted.output));
    return {};
}

void NewAuditDialog::accept()
{
    if (const QString message = problem(); !message.isEmpty()) {
        QMessageBox::warning(this, windowTitle(), message);
        return;
    }
    QDialog::accept();
}

void NewAuditDialog::updateOk()
{
    const AuditBuildRequest wanted = request();
    if (!wanted.suites.isEmpty())
        m_suitesNote->setText(tr("Test-suite accuracy uses the suites given."));
    else if (wanted.output.isEmpty())
        m_suitesNote->setText(tr("No suites given: they are distilled first, into a folder next to the project."));
    else
        m_suitesNote->setText(tr("No suites given: they are distilled first, into %1").arg(suitesDirectoryFor(wanted.output)));
    const bool complete = !wanted.gold.isEmpty() && !wanted.predictions.isEmpty() && !wanted.tables.isEmpty()
        && !wanted.output.isEmpty();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(complete);
}

} // namespace sqleq::ui
