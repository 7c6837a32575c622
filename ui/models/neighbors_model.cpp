// The neighbor tree. Internal ids: 0 for a family row; family row + 1 for a neighbor,
// so parent() needs no pointer into the snapshot.

#include "ui/models/neighbors_model.h"

#include "core/exec/spider_compat.h"
#include "ui/models/database_naming.h"

#include <QGuiApplication>
#include <QPalette>

namespace sqleq::ui {
namespace {

QString familyTitle(neighbors::MutationFamily family)
{
    QString name = QString::fromUtf8(neighbors::familyName(family)).replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!name.isEmpty()) name[0] = name[0].toUpper();
    return name;
}

bool isUndistinguished(const suite::NeighborStatus& status)
{
    return status.distinguishedBy < 0 && !status.sameAsGoldWhenRun;
}

} // namespace

NeighborsModel::NeighborsModel(QObject* parent) : QAbstractItemModel(parent) {}

void NeighborsModel::setResult(RunResultPtr result)
{
    beginResetModel();
    m_result = std::move(result);
    m_gold = nullptr;
    m_goldText.clear();
    m_groups.clear();
    if (m_result && !m_result->distilled.golds.empty()) {
        m_gold = &m_result->distilled.golds.front();
        m_goldText = exec::officialPostprocess(m_gold->goldSql);
        for (const auto family : neighbors::kAllFamilies) {
            Group group{family, {}, 0};
            for (std::size_t i = 0; i < m_gold->neighbors.size(); ++i) {
                if (m_gold->neighbors[i].neighbor.family != family) continue;
                group.neighbors.push_back(i);
                if (isUndistinguished(m_gold->neighbors[i])) ++group.undistinguished;
            }
            if (!group.neighbors.empty()) m_groups.push_back(std::move(group));
        }
    }
    endResetModel();
}

QModelIndex NeighborsModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    if (!parent.isValid()) {
        if (row >= static_cast<int>(m_groups.size())) return {};
        return createIndex(row, column, quintptr{0});
    }
    if (parent.internalId() != 0 || parent.row() >= static_cast<int>(m_groups.size())) return {};
    if (row >= static_cast<int>(m_groups[static_cast<std::size_t>(parent.row())].neighbors.size())) return {};
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex NeighborsModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr{0});
}

int NeighborsModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid()) return static_cast<int>(m_groups.size());
    if (parent.column() != 0 || parent.internalId() != 0) return 0;
    return static_cast<int>(m_groups[static_cast<std::size_t>(parent.row())].neighbors.size());
}

int NeighborsModel::columnCount(const QModelIndex&) const { return ColumnCount; }

const suite::NeighborStatus* NeighborsModel::neighborAt(const QModelIndex& index) const
{
    if (!m_gold || !index.isValid() || index.internalId() == 0) return nullptr;
    const auto& group = m_groups[static_cast<std::size_t>(index.internalId() - 1)];
    return &m_gold->neighbors[group.neighbors[static_cast<std::size_t>(index.row())]];
}

QVariant NeighborsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (const auto* status = neighborAt(index)) return neighborData(*status, index.column(), role);
    return familyData(m_groups[static_cast<std::size_t>(index.row())], index.column(), role);
}

QVariant NeighborsModel::familyData(const Group& group, int column, int role) const
{
    const int total = static_cast<int>(group.neighbors.size());
    switch (role) {
    case Qt::DisplayRole:
        if (column == SqlColumn) return QStringLiteral("%1 (%2)").arg(familyTitle(group.family)).arg(total);
        if (column == FamilyColumn) return QString::fromUtf8(neighbors::familyName(group.family));
        if (group.undistinguished > 0) return QStringLiteral("⚠ %1 of %2 undistinguished").arg(group.undistinguished).arg(total);
        return QStringLiteral("all distinguished");
    case IsFamilyRole: return true;
    case FamilyRole: return static_cast<int>(group.family);
    case UndistinguishedRole: return group.undistinguished > 0;
    case UndistinguishedCountRole: return group.undistinguished;
    case DistinguishingDatabaseRole: return -1;
    default: return {};
    }
}

QVariant NeighborsModel::neighborData(const suite::NeighborStatus& status, int column, int role) const
{
    const auto& neighbor = status.neighbor;
    switch (role) {
    case Qt::DisplayRole:
        if (column == SqlColumn) return QString::fromStdString(neighbor.sql);
        if (column == FamilyColumn) return QString::fromUtf8(neighbors::familyName(neighbor.family));
        return statusText(status);
    case Qt::ToolTipRole:
        if (column == SqlColumn) return QString::fromStdString(status.sqlRun);
        // The column says "#N" for room; the tooltip names it as every panel does.
        if (column == StatusColumn && status.distinguishedBy >= 0 && m_result)
            return QStringLiteral("Distinguished from the gold by database %1")
                .arg(databaseName(*m_result, status.distinguishedBy));
        return {};
    case Qt::ForegroundRole:
        if (column == StatusColumn && status.sameAsGoldWhenRun)
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case IsFamilyRole: return false;
    case FamilyRole: return static_cast<int>(neighbor.family);
    case GoldSpanBeginRole: return neighbor.goldSpan.valid() ? utf16Offset(neighbor.goldSpan.begin) : -1;
    case GoldSpanEndRole: return neighbor.goldSpan.valid() ? utf16Offset(neighbor.goldSpan.end) : -1;
    case ReplacementRole: return QString::fromStdString(neighbor.replacement);
    case GoldTextRole: return QString::fromStdString(m_goldText);
    case DistinguishingDatabaseRole: return status.distinguishedBy;
    case UndistinguishedRole: return isUndistinguished(status);
    case SameAsGoldWhenRunRole: return status.sameAsGoldWhenRun;
    case SqlRunRole: return QString::fromStdString(status.sqlRun);
    default: return {};
    }
}

QString NeighborsModel::statusText(const suite::NeighborStatus& status) const
{
    if (status.distinguishedBy >= 0) return QStringLiteral("distinguished by #%1").arg(status.distinguishedBy);
    if (status.sameAsGoldWhenRun) return QStringLiteral("same as gold once DISTINCT is removed");
    return QStringLiteral("⚠ undistinguished");
}

int NeighborsModel::utf16Offset(uint32_t byteOffset) const
{
    const std::size_t clamped = std::min<std::size_t>(byteOffset, m_goldText.size());
    return static_cast<int>(QString::fromUtf8(m_goldText.data(), static_cast<qsizetype>(clamped)).size());
}

QVariant NeighborsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case SqlColumn: return QStringLiteral("Neighbor");
    case FamilyColumn: return QStringLiteral("Family");
    case StatusColumn: return QStringLiteral("Status");
    default: return {};
    }
}

} // namespace sqleq::ui
