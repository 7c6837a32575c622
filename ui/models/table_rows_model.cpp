// One table's rows, fetched by the view chunk by chunk, as Qt's fetchmore example
// does: rowCount() reports what was fetched so far, fetchMore() appends a chunk.

#include "ui/models/table_rows_model.h"

#include "ui/models/value_display.h"

#include <QGuiApplication>
#include <QPalette>

#include <algorithm>

namespace sqleq::ui {
namespace {

std::vector<std::size_t> primaryKeyColumns(const schema::Table* table)
{
    std::vector<std::size_t> out;
    if (!table) return out;
    for (std::size_t c = 0; c < table->columns.size(); ++c) {
        if (table->columns[c].primaryKey) out.push_back(c);
    }
    return out;
}

bool sameKey(const exec::Row& a, const exec::Row& b, const std::vector<std::size_t>& key)
{
    return std::all_of(key.begin(), key.end(), [&](std::size_t c) { return c < a.size() && c < b.size() && a[c] == b[c]; });
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
    const auto* kept = result->counterexample->find(table.toStdString());
    if (kept) setHighlightedRows(matchRows(*m_rows, *kept, result->schema.findTable(table.toStdString())));
}

void TableRowsModel::showCounterexample(const RunResultPtr& result, const QString& table)
{
    if (!result || !result->counterexample) {
        setTable(result ? std::shared_ptr<const schema::Schema>(result, &result->schema) : nullptr, nullptr, table);
        return;
    }
    setTable(std::shared_ptr<const schema::Schema>(result, &result->schema),
             std::shared_ptr<const schema::DatabaseContent>(result, &*result->counterexample), table);
}

void TableRowsModel::setHighlightedRows(std::unordered_set<std::size_t> rows)
{
    m_highlighted = std::move(rows);
    if (m_fetched > 0 && !m_columns.empty())
        emit dataChanged(index(0, 0), index(m_fetched - 1, columnCount() - 1),
                         {HighlightedRole, Qt::BackgroundRole});
}

std::unordered_set<std::size_t> TableRowsModel::matchRows(const schema::TableRows& full, const schema::TableRows& kept,
                                                          const schema::Table* table)
{
    std::unordered_set<std::size_t> matched;
    std::vector<const exec::Row*> unmatched;
    for (const auto& row : kept.rows) {
        std::size_t i = 0;
        while (i < full.rows.size() && (matched.count(i) > 0 || full.rows[i] != row)) ++i;
        if (i < full.rows.size()) matched.insert(i);
        else unmatched.push_back(&row);
    }
    // The minimizer may simplify cell values; a row keeps its key unless the key itself was simplified.
    const auto key = primaryKeyColumns(table);
    if (key.empty()) return matched;
    for (const auto* row : unmatched) {
        for (std::size_t i = 0; i < full.rows.size(); ++i) {
            if (matched.count(i) == 0 && sameKey(full.rows[i], *row, key)) {
                matched.insert(i);
                break;
            }
        }
    }
    return matched;
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
    switch (role) {
    case Qt::DisplayRole: return displayValue(value);
    case Qt::ToolTipRole:
        if (!column.referencedTable.isEmpty())
            return QStringLiteral("%1 → %2.%3").arg(storageClassName(value.type()), column.referencedTable, column.referencedColumn);
        return storageClassName(value.type());
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
    if (orientation == Qt::Vertical) return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
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
