// Adapts an exec::ResultSet to Qt's item views.

#include "ui/models/result_table_model.h"

#include "ui/models/value_display.h"

#include <QBrush>
#include <QGuiApplication>
#include <QPalette>

namespace sqleq::ui {

ResultTableModel::ResultTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ResultTableModel::setResult(std::shared_ptr<const exec::ResultSet> result,
                                 std::unordered_set<std::size_t> highlightedRows)
{
    beginResetModel();
    m_result = std::move(result);
    m_highlightedRows = std::move(highlightedRows);
    endResetModel();
}

int ResultTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_result) return 0;
    return static_cast<int>(m_result->rows.size());
}

int ResultTableModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_result) return 0;
    return static_cast<int>(m_result->columnNames.size());
}

QVariant ResultTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto row = static_cast<std::size_t>(index.row());
    const auto& values = m_result->rows[row];
    const auto column = static_cast<std::size_t>(index.column());
    if (column >= values.size()) return {};
    const auto& value = values[column];
    switch (role) {
    case Qt::DisplayRole: return displayValue(value);
    case Qt::ToolTipRole: return storageClassName(value.type());
    case IsNullRole: return value.isNull();
    case StorageClassRole: return storageClassName(value.type());
    case HighlightedRole: return m_highlightedRows.count(row) > 0;
    case Qt::ForegroundRole:
        if (value.isNull()) return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::BackgroundRole:
        if (m_highlightedRows.count(row) > 0) return QGuiApplication::palette().brush(QPalette::Highlight).color().lighter(170);
        return {};
    case Qt::TextAlignmentRole:
        if (value.type() == exec::ValueType::Integer || value.type() == exec::ValueType::Real)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}

QVariant ResultTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || !m_result || section < 0) return {};
    if (orientation == Qt::Vertical) return section + 1;
    if (section >= columnCount()) return {};
    return QString::fromStdString(m_result->columnNames[static_cast<std::size_t>(section)]);
}

} // namespace sqleq::ui
