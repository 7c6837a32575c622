// The earlier turns are found by scanning the snapshot once per selected item: an
// interaction's turns are consecutive items, so the scan stops at its end.

#include "ui/audit/interaction_turns_model.h"

#include <algorithm>

namespace sqleq::ui {

InteractionTurnsModel::InteractionTurnsModel(QObject* parent) : QAbstractTableModel(parent) {}

void InteractionTurnsModel::showItem(AuditItemsPtr items, std::optional<std::size_t> itemIndex)
{
    beginResetModel();
    m_items = std::move(items);
    m_earlier.clear();
    m_turnCount = 0;
    const audit::AuditItem* current = nullptr;
    if (m_items && itemIndex) {
        for (const auto& item : *m_items)
            if (item.index == *itemIndex) current = &item;
    }
    if (current && current->metrics.turn) {
        m_interaction = current->metrics.turn->interaction;
        m_turn = current->metrics.turn->turn;
        for (std::size_t i = 0; i < m_items->size(); ++i) {
            const auto& turn = (*m_items)[i].metrics.turn;
            if (!turn || turn->interaction != m_interaction) continue;
            ++m_turnCount;
            if (turn->turn < m_turn) m_earlier.push_back(i);
        }
        std::sort(m_earlier.begin(), m_earlier.end(), [this](std::size_t a, std::size_t b) {
            return (*m_items)[a].metrics.turn->turn < (*m_items)[b].metrics.turn->turn;
        });
    }
    endResetModel();
}

QString InteractionTurnsModel::positionText() const
{
    if (m_turnCount == 0) return {};
    return tr("Turn %1 of %2 · interaction %3").arg(m_turn + 1).arg(m_turnCount).arg(m_interaction + 1);
}

int InteractionTurnsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_earlier.size());
}

int InteractionTurnsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant InteractionTurnsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const audit::AuditItem& item = (*m_items)[m_earlier[static_cast<std::size_t>(index.row())]];
    switch (index.column()) {
    case TurnColumn: return static_cast<int>(item.metrics.turn->turn + 1);
    case GoldColumn: return QString::fromStdString(item.gold);
    case PredictionColumn: return QString::fromStdString(item.prediction);
    default: return {};
    }
}

QVariant InteractionTurnsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case TurnColumn: return tr("Turn");
    case GoldColumn: return tr("Gold");
    case PredictionColumn: return tr("Predicted");
    default: return {};
    }
}

} // namespace sqleq::ui
