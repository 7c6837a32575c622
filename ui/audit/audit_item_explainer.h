// AuditItemExplainer: turns the selected audit item into an ItemExplanation. What the
// store holds is explained at once; the ESM components (which the store does not keep)
// are recomputed with metrics::exactSetMatch on a worker thread, against the project's
// tables.json loaded once per project on that thread too. Only the latest request's
// result is delivered (a generation counter drops stale ones). No widgets here.
#pragma once

#include "core/audit/audit.h"
#include "core/metrics/spider_esm.h"
#include "ui/audit/item_explanation.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>
#include <mutex>
#include <optional>

namespace sqleq::ui {

class AuditProject;

class AuditItemExplainer : public QObject {
    Q_OBJECT

public:
    explicit AuditItemExplainer(QObject* parent = nullptr);
    ~AuditItemExplainer() override;  ///< waits for a running recheck (milliseconds)

    /// The project whose tables.json and suites are used (null: none). Drops the cached index.
    void setProject(AuditProject* project);

    /// Emits explained() for `item` at once from its stored metrics; when its ESM verdict
    /// was computed, starts the recheck and emits explained() again with the components.
    void explain(const audit::AuditItem& item);

    /// The inspector shows item `itemIndex`'s result, whose counterexample comes from the
    /// database named `name` (separatingDatabaseOnScreenName; empty: none separates):
    /// the explanation names that one from now on, and is emitted again when the item is
    /// the one explained.
    void showDatabaseOnScreen(std::size_t itemIndex, const QString& name);

    /// True while a recheck for the latest request runs.
    [[nodiscard]] bool isBusy() const { return m_watcher.isRunning(); }

signals:
    /// On the GUI thread, for the latest request only.
    void explained(const sqleq::ui::ItemExplanation& explanation);

private:
    struct IndexCache {
        std::mutex mutex;
        bool loaded = false;
        std::shared_ptr<const metrics::SpiderSchemaIndex> index;
        QString error;
    };
    struct Recheck {
        quint64 generation = 0;
        EsmRecheck esm;
    };

    void onRecheckFinished();
    [[nodiscard]] QString databaseOnScreenFor(const audit::AuditItem& item) const;

    AuditProject* m_project = nullptr;
    std::shared_ptr<IndexCache> m_cache;
    audit::AuditItem m_item;  ///< the latest request
    EsmRecheck m_esm;         ///< its ESM recheck as last emitted
    /// The item whose result is on screen, and the database its counterexample comes from.
    std::optional<std::size_t> m_itemOnScreen;
    QString m_databaseOnScreen;
    quint64 m_generation = 0;
    QFutureWatcher<Recheck> m_watcher;
};

} // namespace sqleq::ui
