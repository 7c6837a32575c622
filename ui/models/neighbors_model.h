// NeighborsModel: the gold's neighbor queries as a tree — mutation family, then the
// neighbors of that family — with which suite database distinguished each, over an
// immutable RunResult snapshot. Never runs SQL; the diff highlight is exposed as
// roles (gold span, replacement) for a delegate to draw.
#pragma once

#include "ui/session/run_result.h"

#include <QAbstractItemModel>

#include <vector>

namespace sqleq::ui {

class NeighborsModel : public QAbstractItemModel {
    Q_OBJECT

public:
    enum Column { SqlColumn, FamilyColumn, StatusColumn, ColumnCount };

    enum Role {
        IsFamilyRole = Qt::UserRole + 1,  ///< bool: a family row (a parent), not a neighbor
        FamilyRole,                       ///< int: neighbors::MutationFamily
        GoldSpanBeginRole,                ///< int: where the change starts in GoldTextRole (UTF-16), -1 unknown
        GoldSpanEndRole,                  ///< int: where it ends (half-open), -1 unknown
        ReplacementRole,                  ///< QString: what stands there in the neighbor ("" for drops)
        GoldTextRole,                     ///< QString: the gold text the spans point into (postprocessed)
        DistinguishingDatabaseRole,       ///< int: suite index of the database that told it apart; -1: none
        UndistinguishedRole,              ///< bool: no suite database tells it apart from the gold
        SameAsGoldWhenRunRole,            ///< bool: identical to the gold once DISTINCT is removed (not a target)
        SqlRunRole,                       ///< QString: the neighbor as run
        UndistinguishedCountRole,         ///< int: on family rows, how many of its neighbors are undistinguished
    };

    explicit NeighborsModel(QObject* parent = nullptr);

    /// Shows the neighbors of the first gold of `result` (null: empty). GUI thread only.
    void setResult(RunResultPtr result);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Group {
        neighbors::MutationFamily family;
        std::vector<std::size_t> neighbors;  ///< indices into GoldReport::neighbors
        int undistinguished = 0;
    };

    const suite::NeighborStatus* neighborAt(const QModelIndex& index) const;
    QVariant familyData(const Group& group, int column, int role) const;
    QVariant neighborData(const suite::NeighborStatus& status, int column, int role) const;
    QString statusText(const suite::NeighborStatus& status) const;
    int utf16Offset(uint32_t byteOffset) const;

    RunResultPtr m_result;
    const suite::GoldReport* m_gold = nullptr;
    std::string m_goldText;  ///< postprocessed gold, UTF-8: the neighbor spans' coordinates
    std::vector<Group> m_groups;
};

} // namespace sqleq::ui
