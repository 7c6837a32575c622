// UndistinguishedFilterModel: a proxy over NeighborsModel that can hide every neighbor
// some suite database distinguished, keeping only the families with a neighbor left —
// the "undistinguished only" view. Filters on roles; knows nothing of the snapshot.
#pragma once

#include <QSortFilterProxyModel>

namespace sqleq::ui {

class UndistinguishedFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit UndistinguishedFilterModel(QObject* parent = nullptr);

    [[nodiscard]] bool undistinguishedOnly() const { return m_undistinguishedOnly; }
    /// true: show only neighbors no suite database tells apart from the gold.
    void setUndistinguishedOnly(bool only);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    bool m_undistinguishedOnly = false;
};

} // namespace sqleq::ui
