// Recursive filtering keeps a family row exactly when one of its neighbors passes.

#include "ui/models/undistinguished_filter_model.h"

#include "ui/models/neighbors_model.h"

namespace sqleq::ui {

UndistinguishedFilterModel::UndistinguishedFilterModel(QObject* parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
}

void UndistinguishedFilterModel::setUndistinguishedOnly(bool only)
{
    if (only == m_undistinguishedOnly) return;
    m_undistinguishedOnly = only;
    invalidateFilter();
}

bool UndistinguishedFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!m_undistinguishedOnly) return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (index.data(NeighborsModel::IsFamilyRole).toBool()) return false;  // shown when a child passes
    return index.data(NeighborsModel::UndistinguishedRole).toBool();
}

} // namespace sqleq::ui
