// AuditFilterModel: every test reads a role of column 0, so the filters do not depend
// on which columns the project shows.

#include "ui/audit/audit_filter_model.h"

#include "ui/audit/audit_items_model.h"

namespace sqleq::ui {

AuditFilterModel::AuditFilterModel(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(AuditItemsModel::SortRole);
    // See the header: rows only come and go when the user changes a filter.
    setDynamicSortFilter(false);
}

void AuditFilterModel::refilter()
{
    emit filtersAboutToChange();
    invalidateFilter();
    emit filtersChanged();
}

void AuditFilterModel::setDisagreeOnly(bool on)
{
    m_disagreeOnly = on;
    refilter();
}

void AuditFilterModel::setFalsePositiveOnly(bool on)
{
    m_falsePositiveOnly = on;
    refilter();
}

void AuditFilterModel::setUnreviewedOnly(bool on)
{
    m_unreviewedOnly = on;
    refilter();
}

void AuditFilterModel::setEquivalence(EquivalenceFilter filter)
{
    m_equivalence = filter;
    refilter();
}

void AuditFilterModel::setHardness(const QString& hardness)
{
    m_hardness = hardness;
    refilter();
}

void AuditFilterModel::setDatabase(const QString& database)
{
    m_database = database;
    refilter();
}

void AuditFilterModel::setSearchText(const QString& text)
{
    m_search = text.trimmed();
    refilter();
}

int AuditFilterModel::reviewedCount() const
{
    int reviewed = 0;
    for (int row = 0; row < rowCount(); ++row) reviewed += index(row, 0).data(AuditItemsModel::ReviewedRole).toBool();
    return reviewed;
}

bool AuditFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex item = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_disagreeOnly && !item.data(AuditItemsModel::DisagreeRole).toBool()) return false;
    if (m_falsePositiveOnly && !item.data(AuditItemsModel::FalsePositiveRole).toBool()) return false;
    if (m_unreviewedOnly && item.data(AuditItemsModel::ReviewedRole).toBool()) return false;
    if (m_equivalence != EquivalenceFilter::Any) {
        const QString wanted = m_equivalence == EquivalenceFilter::Proved ? QStringLiteral("proved")
                                                                          : QStringLiteral("not_refuted");
        if (item.data(AuditItemsModel::EquivalenceRole).toString() != wanted) return false;
    }
    if (!m_hardness.isEmpty() && item.data(AuditItemsModel::HardnessRole).toString() != m_hardness) return false;
    if (!m_database.isEmpty() && item.data(AuditItemsModel::DatabaseRole).toString() != m_database) return false;
    if (!m_search.isEmpty()
        && !item.data(AuditItemsModel::SearchTextRole).toString().contains(m_search, Qt::CaseInsensitive))
        return false;
    return true;
}

} // namespace sqleq::ui
