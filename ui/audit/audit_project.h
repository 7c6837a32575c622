// AuditProject: the open `.sqleq-audit` project as the GUI sees it — an immutable
// snapshot of its items and sources, the annotations of the current annotator, the
// reason list — over core's AnnotationStore, which it alone writes to. Every edit is
// one store transaction (a few milliseconds of fsync on the GUI thread, the price of
// "nothing is lost"); then annotationChanged() tells the models. No widgets here.
#pragma once

#include "core/audit/audit.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace sqleq::ui {

using AuditItemsPtr = std::shared_ptr<const std::vector<audit::AuditItem>>;

class AuditProject : public QObject {
    Q_OBJECT

public:
    /// Opens the project at `path` for `annotator` (may be empty until the first edit).
    /// Null with `error` naming the file when it is not a readable project.
    static std::unique_ptr<AuditProject> open(const QString& path, const QString& annotator, QString* error,
                                              QObject* parent = nullptr);

    [[nodiscard]] QString path() const;
    [[nodiscard]] const audit::ProjectSources& sources() const { return m_sources; }
    [[nodiscard]] const AuditItemsPtr& items() const { return m_items; }
    /// The item with `itemIndex` (its index in the gold file), null when there is none.
    [[nodiscard]] const audit::AuditItem* item(std::size_t itemIndex) const;

    [[nodiscard]] QString annotator() const { return m_annotator; }
    /// Switches whose annotations are shown and written; reloads them (annotationsReloaded).
    bool setAnnotator(const QString& annotator, QString* error = nullptr);
    /// Every annotator with at least one annotation in the store, sorted.
    [[nodiscard]] QStringList annotators() const;

    /// The current annotator's annotations, by item index.
    [[nodiscard]] const std::map<std::size_t, audit::Annotation>& annotations() const { return m_annotations; }
    [[nodiscard]] std::optional<audit::Annotation> annotation(std::size_t itemIndex) const;
    /// The other annotators' annotations (all of them when no annotator is set), by item
    /// index, each item's sorted by annotator: shown beside the annotator's own, never
    /// counted as theirs.
    [[nodiscard]] const std::map<std::size_t, std::vector<audit::Annotation>>& othersAnnotations() const
    {
        return m_others;
    }
    /// The annotators in othersAnnotations(), sorted.
    [[nodiscard]] QStringList otherAnnotators() const;
    /// Every annotation in the store (all annotators), for export and comparison.
    [[nodiscard]] std::vector<audit::Annotation> allAnnotations(QString* error = nullptr) const;

    /// Writes (itemIndex, current annotator) → verdict, reason, note; one transaction.
    /// A new reason joins the reason list first. False with `error` when nothing was written.
    bool annotate(std::size_t itemIndex, audit::Verdict verdict, const QString& reason, const QString& note,
                  QString* error = nullptr);
    /// Removes the current annotator's annotation of the item; one transaction.
    bool clearAnnotation(std::size_t itemIndex, QString* error = nullptr);
    /// Writes imported annotations (any annotator) in one transaction: all or none.
    /// False with `error` (naming the item at fault) when none was written.
    bool writeAnnotations(const std::vector<audit::Annotation>& annotations, QString* error = nullptr);

    [[nodiscard]] QStringList reasons() const { return m_reasons; }
    bool addReason(const QString& reason, QString* error = nullptr);

signals:
    /// The current annotator's annotation of `itemIndex` was written or removed.
    void annotationChanged(std::size_t itemIndex);
    /// The annotations were replaced wholesale (another annotator, an import).
    void annotationsReloaded();
    void reasonsChanged();

private:
    AuditProject(audit::AnnotationStore store, QObject* parent);
    bool reloadAnnotations(QString* error);
    bool reloadReasons(QString* error);

    audit::AnnotationStore m_store;
    audit::ProjectSources m_sources;
    AuditItemsPtr m_items;
    std::map<std::size_t, std::size_t> m_positionOf;  ///< item index → position in m_items
    QString m_annotator;
    std::map<std::size_t, audit::Annotation> m_annotations;
    std::map<std::size_t, std::vector<audit::Annotation>> m_others;
    QStringList m_reasons;
};

} // namespace sqleq::ui
