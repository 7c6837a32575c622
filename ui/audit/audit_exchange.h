// AuditExchange: the Audit menu's file work — export the annotations as TSV (the
// esm_false_negatives.tsv layout) or JSON, import a TSV in that layout, compare with
// another annotator (in another project file or in this one). The static functions do
// the work and are what tests call; the slots add the file dialogs and message boxes.
#pragma once

#include "core/audit/audit.h"

#include <QObject>
#include <QString>

#include <optional>

class QWidget;

namespace sqleq::ui {

class AppSettings;
class AuditProject;

class AuditExchange : public QObject {
    Q_OBJECT

public:
    enum class Format { Tsv, Json };

    AuditExchange(QWidget* window, AppSettings* settings, QObject* parent = nullptr);

    void setProject(AuditProject* project) { m_project = project; }

    /// Writes every annotation of the project (all annotators) atomically.
    static bool exportAnnotations(const AuditProject& project, const QString& path, Format format, QString* error);
    /// Writes every item's metrics as `sqleq-cli eval --out` does: TSV, or JSON when
    /// `path` ends in .json (atomically).
    static bool exportMetrics(const AuditProject& project, const QString& path, QString* error);
    /// Reads a TSV, matches its rows to the project's items and writes the matched
    /// annotations in one transaction, all or none (rows without an annotator get the
    /// project's current one).
    static std::optional<audit::ImportReport> importTsv(AuditProject& project, const QString& path, QString* error);
    /// The current annotator of `project` against `otherAnnotator` in the project at
    /// `otherPath` (which may be the same file). Errors name the file; a project of
    /// another batch (different items) is refused.
    static std::optional<audit::Agreement> compareWith(const AuditProject& project, const QString& otherPath,
                                                       const QString& otherAnnotator, QString* error);
    /// "Imported 12 annotation(s) from f.tsv: 14 row(s) read, 2 not matched …".
    static QString importSummary(const audit::ImportReport& report, const QString& path);

public slots:
    void exportTsvDialog();
    void exportJsonDialog();
    void exportMetricsDialog();
    void importTsvDialog();
    void compareDialog();

signals:
    /// From the comparison dialog: show this item.
    void itemRequested(std::size_t itemIndex);
    void message(const QString& text);

private:
    void exportDialog(Format format);

    QWidget* m_window;
    AppSettings* m_settings;
    AuditProject* m_project = nullptr;
};

} // namespace sqleq::ui
