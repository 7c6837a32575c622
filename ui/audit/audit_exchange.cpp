// AuditExchange: comparing reads the other project through its own short-lived store
// connection, so comparing with the very file that is open works (WAL allows readers).

#include "ui/audit/audit_exchange.h"
#include "ui/core_text.h"

#include "core/base/atomic_file.h"
#include "core/dataset/spider_files.h"
#include "core/evaluation/evaluation.h"
#include "ui/app_settings.h"
#include "ui/audit/audit_project.h"
#include "ui/audit/compare_annotators_dialog.h"
#include "ui/widgets/counted.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>

namespace sqleq::ui {
namespace {

bool sameBatch(const std::vector<audit::AuditItem>& mine, const std::vector<audit::AuditItem>& theirs)
{
    if (mine.size() != theirs.size()) return false;
    for (std::size_t i = 0; i < mine.size(); ++i)
        if (mine[i].index != theirs[i].index || mine[i].dbId != theirs[i].dbId || mine[i].gold != theirs[i].gold)
            return false;
    return true;
}

} // namespace

AuditExchange::AuditExchange(QWidget* window, AppSettings* settings, QObject* parent)
    : QObject(parent), m_window(window), m_settings(settings)
{
}

bool AuditExchange::exportAnnotations(const AuditProject& project, const QString& path, Format format, QString* error)
{
    const std::vector<audit::Annotation> annotations = project.allAnnotations(error);
    const auto text = audit::exportAnnotations(*project.items(), annotations,
                                               format == Format::Tsv ? audit::ExportFormat::Tsv : audit::ExportFormat::Json);
    if (!text) {
        if (error) *error = fromStd(text.error().message);
        return false;
    }
    const Status written = writeFileAtomically(path.toStdString(), *text);
    if (!written && error) *error = fromStd(written.error().message);
    return written.ok();
}

bool AuditExchange::exportMetrics(const AuditProject& project, const QString& path, QString* error)
{
    evaluation::Evaluation table;
    for (const audit::AuditItem& item : *project.items()) table.items.push_back(item.metrics);
    table.interactionTurns = project.sources().interactionTurns;  // multi-turn: interaction and turn columns
    const std::string text = path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive) ? evaluation::itemsJson(table)
                                                                                          : evaluation::itemsTsv(table);
    const Status written = writeFileAtomically(path.toStdString(), text);
    if (!written && error) *error = fromStd(written.error().message);
    return written.ok();
}

std::optional<audit::ImportReport> AuditExchange::importTsv(AuditProject& project, const QString& path, QString* error)
{
    auto text = dataset::readTextFile(path.toStdString());
    if (!text) {
        if (error) *error = fromStd(text.error().message);
        return std::nullopt;
    }
    const QString fallback = project.annotator().isEmpty() ? QStringLiteral("imported") : project.annotator();
    auto report = audit::importAnnotationsTsv(*text, *project.items(), fallback.toStdString(),
                                              QFileInfo(path).fileName().toStdString());
    if (!report) {
        if (error) *error = fromStd(report.error().message);
        return std::nullopt;
    }
    QString writeError;
    if (!project.writeAnnotations(report->annotations, &writeError)) {
        if (error) *error = tr("Nothing was imported: %1").arg(writeError);
        return std::nullopt;
    }
    return std::move(*report);
}

std::optional<audit::Agreement> AuditExchange::compareWith(const AuditProject& project, const QString& otherPath,
                                                           const QString& otherAnnotator, QString* error)
{
    // Only read: the other annotator's file is neither upgraded nor touched.
    auto other = audit::AnnotationStore::openReadOnly(otherPath.toStdString());
    if (!other) {
        if (error) *error = fromStd(other.error().message);
        return std::nullopt;
    }
    auto items = other->items();
    if (!items) {
        if (error) *error = fromStd(items.error().message);
        return std::nullopt;
    }
    if (!sameBatch(*project.items(), *items)) {
        if (error) *error = tr("%1 holds another batch (its items differ from this project's)").arg(otherPath);
        return std::nullopt;
    }
    auto theirs = other->annotationsBy(otherAnnotator.toStdString());
    if (!theirs) {
        if (error) *error = fromStd(theirs.error().message);
        return std::nullopt;
    }
    std::vector<audit::Annotation> mine;
    for (const auto& [index, annotation] : project.annotations()) mine.push_back(annotation);
    return audit::compareAnnotators(mine, *theirs);
}

QString AuditExchange::importSummary(const audit::ImportReport& report, const QString& path)
{
    QString text = tr("Imported %1 from %2: %3 read, %4 not matched to an item, %5 without a verdict.")
                       .arg(counted(static_cast<qint64>(report.annotations.size()), tr("annotation"), tr("annotations")))
                       .arg(QFileInfo(path).fileName())
                       .arg(countedRows(static_cast<qint64>(report.rows)))
                       .arg(report.unmatched)
                       .arg(report.withoutVerdict);
    const std::size_t shown = std::min<std::size_t>(report.warnings.size(), 8);
    for (std::size_t i = 0; i < shown; ++i) text += QLatin1Char('\n') + fromStd(report.warnings[i]);
    const std::size_t warnings = report.warnings.size() + report.warningsNotListed;
    if (warnings > shown) text += tr("\n… and %1 more").arg(warnings - shown);
    return text;
}

void AuditExchange::exportTsvDialog() { exportDialog(Format::Tsv); }
void AuditExchange::exportJsonDialog() { exportDialog(Format::Json); }

void AuditExchange::exportDialog(Format format)
{
    if (!m_project) return;
    const bool tsv = format == Format::Tsv;
    const QString suffix = tsv ? QStringLiteral(".tsv") : QStringLiteral(".json");
    const QString name = QFileInfo(m_project->path()).completeBaseName() + QStringLiteral("-annotations") + suffix;
    QString path = QFileDialog::getSaveFileName(m_window, tsv ? tr("Export annotations as TSV") : tr("Export annotations as JSON"),
                                                QDir(m_settings->lastDirectory()).filePath(name),
                                                tsv ? tr("TSV (*.tsv)") : tr("JSON (*.json)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += suffix;
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    QString error;
    if (!exportAnnotations(*m_project, path, format, &error))
        QMessageBox::warning(m_window, tr("Export annotations"), error);
    else
        emit message(tr("Annotations written to %1").arg(path));
}

void AuditExchange::exportMetricsDialog()
{
    if (!m_project) return;
    const QString name = QFileInfo(m_project->path()).completeBaseName() + QStringLiteral("-items.tsv");
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export metrics table"),
                                                QDir(m_settings->lastDirectory()).filePath(name),
                                                tr("TSV (*.tsv);;JSON (*.json)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".tsv");
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    QString error;
    if (!exportMetrics(*m_project, path, &error))
        QMessageBox::warning(m_window, tr("Export metrics table"), error);
    else
        emit message(tr("Metrics table written to %1").arg(path));
}

void AuditExchange::importTsvDialog()
{
    if (!m_project) return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import annotations"), m_settings->lastDirectory(),
                                                      tr("TSV (*.tsv);;All files (*)"));
    if (path.isEmpty()) return;
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    QString error;
    const std::optional<audit::ImportReport> report = importTsv(*m_project, path, &error);
    if (!report) {
        QMessageBox::warning(m_window, tr("Import annotations"), error);
        return;
    }
    QMessageBox::information(m_window, tr("Import annotations"), importSummary(*report, path));
}

void AuditExchange::compareDialog()
{
    if (!m_project) return;
    QMessageBox ask(QMessageBox::Question, tr("Compare with another annotator"),
                    tr("Whose verdicts should %1's be compared with?")
                        .arg(m_project->annotator().isEmpty() ? tr("yours") : m_project->annotator()),
                    QMessageBox::Cancel, m_window);
    QPushButton* inFile = ask.addButton(tr("Another project file…"), QMessageBox::AcceptRole);
    QPushButton* inThis = ask.addButton(tr("Another annotator in this project…"), QMessageBox::AcceptRole);
    ask.exec();
    QString path;
    if (ask.clickedButton() == inFile) {
        path = QFileDialog::getOpenFileName(m_window, tr("Other annotator's project"), m_settings->lastDirectory(),
                                            tr("Audit projects (*.sqleq-audit);;All files (*)"));
    } else if (ask.clickedButton() == inThis) {
        path = m_project->path();
    }
    if (path.isEmpty()) return;

    QStringList names;
    auto other = audit::AnnotationStore::openReadOnly(path.toStdString());
    auto all = other ? other->annotations() : Result<std::vector<audit::Annotation>>(other.error());
    if (!all) {
        QMessageBox::warning(m_window, tr("Cannot open the audit project"), fromStd(all.error().message));
        return;
    }
    for (const audit::Annotation& annotation : *all)
        if (const QString name = fromStd(annotation.annotator); !names.contains(name)) names << name;
    if (path == m_project->path()) names.removeAll(m_project->annotator());
    if (names.isEmpty()) {
        QMessageBox::information(m_window, tr("Compare with another annotator"), tr("%1 holds no other annotator's verdicts.").arg(path));
        return;
    }
    bool ok = true;
    const QString otherAnnotator = names.size() == 1
        ? names.constFirst()
        : QInputDialog::getItem(m_window, tr("Compare with another annotator"), tr("Annotator:"), names, 0, false, &ok);
    if (!ok) return;
    QString error;
    const std::optional<audit::Agreement> agreement = compareWith(*m_project, path, otherAnnotator, &error);
    if (!agreement) {
        QMessageBox::warning(m_window, tr("Compare with another annotator"), error);
        return;
    }
    auto* dialog = new CompareAnnotatorsDialog(*agreement, m_project->annotator(), otherAnnotator, m_project->items(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &CompareAnnotatorsDialog::itemRequested, this, &AuditExchange::itemRequested);
    dialog->show();
}

} // namespace sqleq::ui
