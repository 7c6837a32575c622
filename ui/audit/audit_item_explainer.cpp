// AuditItemExplainer: one recheck at a time. A request made while one runs is queued as
// "the latest" and started when the running one finishes; results of older requests are
// dropped, so moving quickly through the list never piles up work or shows stale text.

#include "ui/audit/audit_item_explainer.h"
#include "ui/core_text.h"

#include "ui/audit/audit_project.h"

#include <QtConcurrent>

namespace sqleq::ui {
namespace {

} // namespace

AuditItemExplainer::AuditItemExplainer(QObject* parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &AuditItemExplainer::onRecheckFinished);
}

AuditItemExplainer::~AuditItemExplainer() { m_watcher.waitForFinished(); }

QString AuditItemExplainer::databaseOnScreenFor(const audit::AuditItem& item) const
{
    return m_itemOnScreen == item.index ? m_databaseOnScreen : QString();
}

void AuditItemExplainer::showDatabaseOnScreen(std::size_t itemIndex, const QString& name)
{
    if (m_itemOnScreen == itemIndex && m_databaseOnScreen == name) return;
    m_itemOnScreen = itemIndex;
    m_databaseOnScreen = name;
    if (!m_project || m_item.index != itemIndex || m_item.gold.empty()) return;
    const QString suites = fromStd(m_project->sources().suites);
    emit explained(explainItem(m_item, m_esm, suites, m_databaseOnScreen));
}

void AuditItemExplainer::setProject(AuditProject* project)
{
    m_project = project;
    m_itemOnScreen.reset();
    m_databaseOnScreen.clear();
    m_item = audit::AuditItem{};  // a recheck of the old project must not restart
    // A fresh cache per project; a recheck still running keeps the old one alive.
    m_cache = std::make_shared<IndexCache>();
    ++m_generation;
}

void AuditItemExplainer::explain(const audit::AuditItem& item)
{
    m_item = item;
    ++m_generation;
    const QString suites = m_project ? fromStd(m_project->sources().suites) : QString();
    EsmRecheck esm;
    if (item.metrics.esm && m_project) esm.state = EsmRecheck::State::Pending;
    m_esm = esm;
    emit explained(explainItem(item, esm, suites, databaseOnScreenFor(item)));
    if (esm.state == EsmRecheck::State::Pending && !m_watcher.isRunning()) {
        const quint64 generation = m_generation;
        const std::string tables = m_project->sources().tables;
        m_watcher.setFuture(QtConcurrent::run([cache = m_cache, generation, tables, item]() -> Recheck {
            Recheck recheck{generation, {}};
            std::shared_ptr<const metrics::SpiderSchemaIndex> index;
            {
                std::lock_guard lock(cache->mutex);
                if (!cache->loaded) {
                    cache->loaded = true;
                    if (tables.empty()) {
                        cache->error = QObject::tr("the project has no tables.json");
                    } else if (auto loaded = metrics::SpiderSchemaIndex::fromFile(tables)) {
                        cache->index = std::make_shared<const metrics::SpiderSchemaIndex>(std::move(*loaded));
                    } else {
                        cache->error = fromStd(loaded.error().message);
                    }
                }
                index = cache->index;
                recheck.esm.error = cache->error;
            }
            if (!index) {
                recheck.esm.state = EsmRecheck::State::Failed;
                return recheck;
            }
            auto matched = metrics::exactSetMatch(item.gold, item.prediction, *index, item.dbId);
            if (!matched) {
                recheck.esm.state = EsmRecheck::State::Failed;
                recheck.esm.error = fromStd(matched.error().message);
            } else {
                recheck.esm.state = EsmRecheck::State::Done;
                recheck.esm.result = *matched;
            }
            return recheck;
        }));
    }
}

void AuditItemExplainer::onRecheckFinished()
{
    const Recheck recheck = m_watcher.result();
    const QString suites = m_project ? fromStd(m_project->sources().suites) : QString();
    if (recheck.generation == m_generation) {
        m_esm = recheck.esm;
        emit explained(explainItem(m_item, recheck.esm, suites, databaseOnScreenFor(m_item)));
        return;
    }
    // A newer request arrived while this one ran: start it now (explain() re-emits the
    // stored part, which is cheap and unchanged).
    if (m_item.metrics.esm && m_project) {
        const audit::AuditItem latest = m_item;
        explain(latest);
    }
}

} // namespace sqleq::ui
