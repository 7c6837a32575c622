// AuditProject: the store is the truth; the maps here are caches refreshed from it after
// each successful write, so what the GUI shows is what a reopened project will show.

#include "ui/audit/audit_project.h"
#include "ui/core_text.h"

#include <QSet>

namespace sqleq::ui {
namespace {

void setError(QString* error, const Diagnostic& diagnostic)
{
    if (error) *error = fromStd(diagnostic.message);
}

} // namespace

AuditProject::AuditProject(audit::AnnotationStore store, QObject* parent)
    : QObject(parent), m_store(std::move(store))
{
}

std::unique_ptr<AuditProject> AuditProject::open(const QString& path, const QString& annotator, QString* error,
                                                 QObject* parent)
{
    auto store = audit::AnnotationStore::open(path.toStdString());
    if (!store) {
        setError(error, store.error());
        return nullptr;
    }
    auto sources = store->sources();
    if (!sources) {
        setError(error, sources.error());
        return nullptr;
    }
    auto items = store->items();
    if (!items) {
        setError(error, items.error());
        return nullptr;
    }
    std::unique_ptr<AuditProject> project(new AuditProject(std::move(*store), parent));
    project->m_sources = std::move(*sources);
    for (std::size_t position = 0; position < items->size(); ++position)
        project->m_positionOf[(*items)[position].index] = position;
    project->m_items = std::make_shared<const std::vector<audit::AuditItem>>(std::move(*items));
    project->m_annotator = annotator.trimmed();
    if (!project->reloadAnnotations(error) || !project->reloadReasons(error)) return nullptr;
    return project;
}

QString AuditProject::path() const { return QString::fromStdString(m_store.path().string()); }

const audit::AuditItem* AuditProject::item(std::size_t itemIndex) const
{
    const auto found = m_positionOf.find(itemIndex);
    return found == m_positionOf.end() ? nullptr : &(*m_items)[found->second];
}

bool AuditProject::setAnnotator(const QString& annotator, QString* error)
{
    m_annotator = annotator.trimmed();
    if (!reloadAnnotations(error)) return false;
    emit annotationsReloaded();
    return true;
}

QStringList AuditProject::annotators() const
{
    QSet<QString> names;
    for (const audit::Annotation& annotation : allAnnotations()) names.insert(fromStd(annotation.annotator));
    QStringList sorted(names.begin(), names.end());
    sorted.sort(Qt::CaseInsensitive);
    return sorted;
}

std::optional<audit::Annotation> AuditProject::annotation(std::size_t itemIndex) const
{
    const auto found = m_annotations.find(itemIndex);
    if (found == m_annotations.end()) return std::nullopt;
    return found->second;
}

std::vector<audit::Annotation> AuditProject::allAnnotations(QString* error) const
{
    auto all = m_store.annotations();
    if (!all) {
        setError(error, all.error());
        return {};
    }
    return std::move(*all);
}

bool AuditProject::annotate(std::size_t itemIndex, audit::Verdict verdict, const QString& reason, const QString& note,
                            QString* error)
{
    if (m_annotator.isEmpty()) {
        if (error) *error = tr("No annotator name is set.");
        return false;
    }
    const QString trimmedReason = reason.trimmed();
    if (!trimmedReason.isEmpty() && !m_reasons.contains(trimmedReason) && !addReason(trimmedReason, error)) return false;
    audit::Annotation annotation;
    annotation.itemIndex = itemIndex;
    annotation.annotator = m_annotator.toStdString();
    annotation.verdict = verdict;
    annotation.reason = trimmedReason.toStdString();
    annotation.note = note.trimmed().toStdString();
    auto stored = m_store.setAnnotation(annotation);
    if (!stored) {
        setError(error, stored.error());
        return false;
    }
    // The stored copy carries updatedAt (set by the store), which the panel shows.
    m_annotations[itemIndex] = std::move(*stored);
    emit annotationChanged(itemIndex);
    return true;
}

bool AuditProject::clearAnnotation(std::size_t itemIndex, QString* error)
{
    if (m_annotator.isEmpty()) return true;
    if (const auto cleared = m_store.clearAnnotation(itemIndex, m_annotator.toStdString()); !cleared) {
        setError(error, cleared.error());
        return false;
    }
    m_annotations.erase(itemIndex);
    emit annotationChanged(itemIndex);
    return true;
}

bool AuditProject::writeAnnotations(const std::vector<audit::Annotation>& annotations, QString* error)
{
    // One transaction: an import is stored whole or not at all. Imported reasons join
    // the list in it, so the reason box offers them from now on.
    if (const auto stored = m_store.setAnnotations(annotations); !stored) {
        setError(error, stored.error());
        return false;
    }
    const bool reloaded = reloadReasons(error) && reloadAnnotations(error);
    emit reasonsChanged();
    emit annotationsReloaded();
    return reloaded;
}

bool AuditProject::addReason(const QString& reason, QString* error)
{
    const QString trimmed = reason.trimmed();
    if (trimmed.isEmpty() || m_reasons.contains(trimmed)) return true;
    if (const Status added = m_store.addReason(trimmed.toStdString()); !added) {
        setError(error, added.error());
        return false;
    }
    if (!reloadReasons(error)) return false;
    emit reasonsChanged();
    return true;
}

bool AuditProject::reloadAnnotations(QString* error)
{
    m_annotations.clear();
    m_others.clear();
    auto all = m_store.annotations();
    if (!all) {
        setError(error, all.error());
        return false;
    }
    const std::string annotator = m_annotator.toStdString();
    for (audit::Annotation& annotation : *all) {
        if (!annotator.empty() && annotation.annotator == annotator)
            m_annotations[annotation.itemIndex] = std::move(annotation);
        else
            m_others[annotation.itemIndex].push_back(std::move(annotation));
    }
    for (auto& [item, annotations] : m_others)
        std::sort(annotations.begin(), annotations.end(),
                  [](const audit::Annotation& a, const audit::Annotation& b) { return a.annotator < b.annotator; });
    return true;
}

QStringList AuditProject::otherAnnotators() const
{
    QSet<QString> names;
    for (const auto& [item, annotations] : m_others)
        for (const audit::Annotation& annotation : annotations) names.insert(fromStd(annotation.annotator));
    QStringList sorted(names.begin(), names.end());
    sorted.sort(Qt::CaseInsensitive);
    return sorted;
}

bool AuditProject::reloadReasons(QString* error)
{
    auto reasons = m_store.reasons();
    if (!reasons) {
        setError(error, reasons.error());
        return false;
    }
    m_reasons.clear();
    for (const std::string& reason : *reasons) m_reasons << fromStd(reason);
    return true;
}

} // namespace sqleq::ui
