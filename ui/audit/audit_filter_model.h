// AuditFilterModel: the audit list's filters — metrics disagree, not yet reviewed,
// proved or not refuted, one hardness, one database, a search over question, gold and
// prediction — and its
// sorting, over AuditItemsModel's roles. Filtering is re-applied when a filter changes,
// not when an annotation does: the item just judged stays in the list under "not yet
// reviewed" until the filter is touched, so the selection never jumps away.
#pragma once

#include <QSortFilterProxyModel>

namespace sqleq::ui {

/// Which of sqleq's `equivalent` items to show: any item, only those proved by
/// rewrites, only those no database refuted (and no proof settled).
enum class EquivalenceFilter { Any, Proved, NotRefuted };

class AuditFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit AuditFilterModel(QObject* parent = nullptr);

    void setDisagreeOnly(bool on);
    /// Only items the test suite accepts and sqleq's search separates.
    void setFalsePositiveOnly(bool on);
    void setUnreviewedOnly(bool on);
    /// Any item, or only sqleq's proved (resp. not refuted) equivalents.
    void setEquivalence(EquivalenceFilter filter);
    /// "easy" … "extra"; empty: every hardness.
    void setHardness(const QString& hardness);
    /// A db_id; empty: every database.
    void setDatabase(const QString& database);
    /// Case-insensitive substring of question, gold or prediction; empty: no search.
    void setSearchText(const QString& text);

    [[nodiscard]] bool disagreeOnly() const { return m_disagreeOnly; }
    [[nodiscard]] bool falsePositiveOnly() const { return m_falsePositiveOnly; }
    [[nodiscard]] bool unreviewedOnly() const { return m_unreviewedOnly; }
    [[nodiscard]] EquivalenceFilter equivalence() const { return m_equivalence; }

    /// Reviewed rows among the rows shown.
    [[nodiscard]] int reviewedCount() const;

signals:
    /// A filter changed and the rows shown were recomputed.
    void filtersChanged();
    /// A filter is about to change (rows will come and go); filtersChanged follows.
    void filtersAboutToChange();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    void refilter();

    bool m_disagreeOnly = false;
    bool m_falsePositiveOnly = false;
    bool m_unreviewedOnly = false;
    EquivalenceFilter m_equivalence = EquivalenceFilter::Any;
    QString m_hardness;
    QString m_database;
    QString m_search;
};

} // namespace sqleq::ui
