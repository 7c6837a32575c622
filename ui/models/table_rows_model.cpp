// One table's rows, fetched by the view chunk by chunk, as Qt's fetchmore example
// does: rowCount() reports what was fetched so far, fetchMore() appends a chunk.

#include "ui/models/table_rows_model.h"

#include "ui/models/database_naming.h"
#include "ui/models/value_display.h"

#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <optional>

namespace sqleq::ui {
namespace {

// Long originals would push the minimal value out of sight: the tooltip has them whole.
constexpr int kOriginalShownChars = 40;

QString shortText(const QVariant& value)
{
    const QString text = value.toString();
    return text.size() <= kOriginalShownChars ? text : text.left(kOriginalShownChars - 1) + QStringLiteral("…");
}

std::optional<std::size_t> entryOf(const schema::DatabaseContent& content, const QString& table)
{
    const std::string name = table.toStdString();
    for (std::size_t entry = 0; entry < content.tables.size(); ++entry) {
        if (schema::sameIdentifier(content.tables[entry].table, name)) return entry;
    }
    return std::nullopt;
}

} // namespace

TableRowsModel::TableRowsModel(QObject* parent) : QAbstractTableModel(parent) {}

void TableRowsModel::setTable(std::shared_ptr<const schema::Schema> schema,
                              std::shared_ptr<const schema::DatabaseContent> content, const QString& table)
{
    beginResetModel();
    m_schema = std::move(schema);
    m_content = std::move(content);
    m_tableName = table;
    m_columns.clear();
    m_highlighted.clear();
    m_changed.clear();
    m_sourceRow.clear();
    m_separatingName.clear();
    const std::string name = table.toStdString();
    m_rows = m_content ? m_content->find(name) : nullptr;
    if (const auto* described = m_schema ? m_schema->findTable(name) : nullptr) {
        for (const auto& column : described->columns) {
            ColumnInfo info{QString::fromStdString(column.name), QString::fromStdString(column.declaredType),
                            column.primaryKey, {}, {}};
            for (const auto& key : described->foreignKeys) {
                const auto at = std::find_if(key.columns.begin(), key.columns.end(),
                                             [&](const std::string& c) { return schema::sameIdentifier(c, column.name); });
                if (at == key.columns.end()) continue;
                const auto position = static_cast<std::size_t>(at - key.columns.begin());
                info.referencedTable = QString::fromStdString(key.referencedTable);
                if (position < key.referencedColumns.size())
                    info.referencedColumn = QString::fromStdString(key.referencedColumns[position]);
                break;
            }
            m_columns.push_back(std::move(info));
        }
    }
    if (m_columns.empty() && m_rows && !m_rows->rows.empty()) {
        // Content for a table the schema does not describe: still show its cells.
        for (std::size_t c = 0; c < m_rows->rows.front().size(); ++c)
            m_columns.push_back({QStringLiteral("column %1").arg(c + 1), {}, false, {}, {}});
    }
    m_fetched = std::min(totalRowCount(), kChunkSize);
    // Listeners of modelReset (views, the model tester) may call fetchMore() from inside it:
    // inserting rows while the reset is still being announced would break their bookkeeping.
    m_fetching = true;
    endResetModel();
    m_fetching = false;
}

void TableRowsModel::showSuiteDatabase(const RunResultPtr& result, int database, const QString& table)
{
    if (!result || database < 0 || database >= static_cast<int>(result->databases.size())) {
        setTable(nullptr, nullptr, table);
        return;
    }
    const auto& view = result->databases[static_cast<std::size_t>(database)];
    // Aliasing pointers: the model keeps the whole snapshot alive, not a copy.
    setTable(std::shared_ptr<const schema::Schema>(result, &result->schema),
             std::shared_ptr<const schema::DatabaseContent>(result, &view.content), table);
    if (!view.separating || !result->counterexample || !m_rows) return;
    markChangedCells(*result, false);
    if (counterexampleKeepsEveryRow(*result)) return;
    const auto kept = keptSourceRows(*result, table);
    setHighlightedRows({kept.begin(), kept.end()});
}

void TableRowsModel::showCounterexample(const RunResultPtr& result, const QString& table)
{
    if (!result || !result->counterexample) {
        setTable(result ? std::shared_ptr<const schema::Schema>(result, &result->schema) : nullptr, nullptr, table);
        return;
    }
    setTable(std::shared_ptr<const schema::Schema>(result, &result->schema),
             std::shared_ptr<const schema::DatabaseContent>(result, &*result->counterexample), table);
    markChangedCells(*result, true);
    if (m_fetched > 0 && !m_columns.empty() && !m_changed.empty())
        emit dataChanged(index(0, 0), index(m_fetched - 1, columnCount() - 1),
                         {Qt::DisplayRole, Qt::ToolTipRole, OriginalValueRole});
}

std::vector<std::size_t> TableRowsModel::keptSourceRows(const RunResult& result, const QString& table)
{
    if (!result.counterexample) return {};
    const auto entry = entryOf(*result.counterexample, table);
    if (!entry || *entry >= result.counterexampleSourceRows.size()) return {};
    return result.counterexampleSourceRows[*entry];
}

bool TableRowsModel::counterexampleKeepsEveryRow(const RunResult& result)
{
    // rowsBefore 0: not known, so nothing says the rows are all kept.
    return result.counterexample && result.counterexampleRowsBefore > 0
           && result.counterexample->rowCount() >= result.counterexampleRowsBefore;
}

void TableRowsModel::markChangedCells(const RunResult& result, bool onCounterexample)
{
    const int separating = separatingDatabaseOnScreen(result);  // the counterexample's rows came from it
    if (!result.counterexample || separating < 0 || static_cast<std::size_t>(separating) >= result.databases.size())
        return;
    const auto entry = entryOf(*result.counterexample, m_tableName);
    const auto* full = result.databases[static_cast<std::size_t>(separating)].content.find(m_tableName.toStdString());
    if (!entry || full == nullptr) return;
    m_separatingName = databaseName(result, separating);
    const auto& kept = result.counterexample->tables[*entry].rows;
    const auto sources = keptSourceRows(result, m_tableName);
    for (std::size_t row = 0; row < kept.size() && row < sources.size(); ++row) {
        const std::size_t source = sources[row];
        if (source >= full->rows.size()) continue;
        if (onCounterexample) m_sourceRow[row] = source;
        const auto& minimal = kept[row];
        const auto& original = full->rows[source];
        for (std::size_t column = 0; column < minimal.size() && column < original.size(); ++column) {
            if (minimal[column] == original[column]) continue;
            m_changed[{onCounterexample ? row : source, column}] = ChangedCell{minimal[column], original[column]};
        }
    }
}

void TableRowsModel::setHighlightedRows(std::unordered_set<std::size_t> rows)
{
    m_highlighted = std::move(rows);
    if (m_fetched > 0 && !m_columns.empty()) {
        emit dataChanged(index(0, 0), index(m_fetched - 1, columnCount() - 1),
                         {HighlightedRole, Qt::BackgroundRole, Qt::DisplayRole, Qt::ToolTipRole, OriginalValueRole});
        emit headerDataChanged(Qt::Vertical, 0, m_fetched - 1);
    }
}

int TableRowsModel::totalRowCount() const
{
    return m_rows ? static_cast<int>(std::min<std::size_t>(m_rows->rows.size(), INT32_MAX)) : 0;
}

QModelIndex TableRowsModel::findRow(const QString& column, const QVariant& value)
{
    const auto at = std::find_if(m_columns.begin(), m_columns.end(),
                                 [&](const ColumnInfo& info) { return info.name.compare(column, Qt::CaseInsensitive) == 0; });
    if (at == m_columns.end() || !m_rows) return {};
    const auto c = static_cast<std::size_t>(at - m_columns.begin());
    for (int r = 0; r < totalRowCount(); ++r) {
        const auto& row = m_rows->rows[static_cast<std::size_t>(r)];
        if (c >= row.size() || row[c].isNull() || displayValue(row[c]) != value) continue;
        while (m_fetched <= r) fetchMore({});
        return index(r, static_cast<int>(c));
    }
    return {};
}

int TableRowsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_fetched; }

int TableRowsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

bool TableRowsModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && m_fetched < totalRowCount();
}

void TableRowsModel::fetchMore(const QModelIndex& parent)
{
    // Views and QAbstractItemModelTester may ask again from inside rowsAboutToBeInserted or
    // modelReset; they ask again later.
    if (parent.isValid() || m_fetching) return;
    const int more = std::min(kChunkSize, totalRowCount() - m_fetched);
    if (more <= 0) return;
    m_fetching = true;
    beginInsertRows({}, m_fetched, m_fetched + more - 1);
    m_fetched += more;
    endInsertRows();
    m_fetching = false;
}

QVariant TableRowsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto r = static_cast<std::size_t>(index.row());
    const auto c = static_cast<std::size_t>(index.column());
    const auto& column = m_columns[c];
    if (!m_rows || c >= m_rows->rows[r].size()) return columnRole(column, role);
    const auto& value = m_rows->rows[r][c];
    const bool highlighted = m_highlighted.count(r) > 0;
    const auto changed = m_changed.find({r, c});
    switch (role) {
    case Qt::DisplayRole:
        if (changed != m_changed.end()) {
            return QStringLiteral("%1 ← %2").arg(displayValue(changed->second.minimal).toString(),
                                                 shortText(displayValue(changed->second.original)));
        }
        return displayValue(value);
    case ValueRole: return displayValue(value);
    case OriginalValueRole:
        return changed != m_changed.end() ? displayValue(changed->second.original) : QVariant();
    case Qt::ToolTipRole: return cellToolTip(r, c, value);
    case IsNullRole: return value.isNull();
    case StorageClassRole: return storageClassName(value.type());
    case HighlightedRole: return highlighted;
    case Qt::ForegroundRole:
        if (value.isNull()) return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::BackgroundRole:
        if (highlighted) return QGuiApplication::palette().brush(QPalette::Highlight).color().lighter(170);
        return {};
    case Qt::TextAlignmentRole:
        if (value.type() == exec::ValueType::Integer || value.type() == exec::ValueType::Real)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return columnRole(column, role);
    }
}

QVariant TableRowsModel::cellToolTip(std::size_t row, std::size_t column, const exec::Value& value) const
{
    const ColumnInfo& info = m_columns[column];
    QString tip = storageClassName(value.type());
    if (!info.referencedTable.isEmpty())
        tip = QStringLiteral("%1 → %2.%3").arg(tip, info.referencedTable, info.referencedColumn);
    const auto changed = m_changed.find({row, column});
    if (changed != m_changed.end()) {
        // A changed key column was re-pointed at another kept row; any other was simplified.
        const QString how = info.referencedTable.isEmpty() ? tr("simplified") : tr("re-pointed");
        tip += QLatin1Char('\n')
            + tr("The minimal counterexample holds %1, %2 by the minimizer from %3 in database %4")
                  .arg(displayValue(changed->second.minimal).toString(), how,
                       displayValue(changed->second.original).toString(), m_separatingName);
    }
    if (m_highlighted.count(row) > 0)
        tip += QLatin1Char('\n') + tr("A row the minimal counterexample keeps");
    const auto source = m_sourceRow.find(row);
    if (source != m_sourceRow.end())
        tip += QLatin1Char('\n') + tr("Row %1 of database %2").arg(source->second + 1).arg(m_separatingName);
    return tip;
}

QVariant TableRowsModel::columnRole(const ColumnInfo& column, int role) const
{
    switch (role) {
    case ForeignKeyTableRole: return column.referencedTable.isEmpty() ? QVariant() : QVariant(column.referencedTable);
    case ForeignKeyColumnRole: return column.referencedTable.isEmpty() ? QVariant() : QVariant(column.referencedColumn);
    case PrimaryKeyRole: return column.primaryKey;
    default: return {};
    }
}

QVariant TableRowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0) return {};
    if (orientation == Qt::Vertical) {
        // Kept rows are marked in the header too, not by their tint alone.
        const bool kept = m_highlighted.count(static_cast<std::size_t>(section)) > 0;
        if (role == Qt::DisplayRole) return kept ? QVariant(QStringLiteral("◆ %1").arg(section + 1)) : QVariant(section + 1);
        if (role == Qt::ToolTipRole && kept) return tr("Kept in the minimal counterexample");
        return {};
    }
    if (section >= static_cast<int>(m_columns.size())) return {};
    const auto& column = m_columns[static_cast<std::size_t>(section)];
    switch (role) {
    case Qt::DisplayRole: return column.name;
    case Qt::ToolTipRole: {
        QString tip = column.declaredType.isEmpty() ? QStringLiteral("(no type)") : column.declaredType;
        if (column.primaryKey) tip += QStringLiteral(", primary key");
        if (!column.referencedTable.isEmpty())
            tip += QStringLiteral(", references %1.%2").arg(column.referencedTable, column.referencedColumn);
        return tip;
    }
    default: return columnRole(column, role);
    }
}

} // namespace sqleq::ui
