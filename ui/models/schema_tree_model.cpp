// The schema tree. Internal ids: 0 for a table row, table row + 1 for a row under it (its
// columns, then its table constraints).

#include "ui/models/schema_tree_model.h"
#include "ui/core_text.h"

#include <QPalette>
#include <QStringList>

#include <algorithm>

namespace sqleq::ui {
namespace {

const schema::ForeignKey* foreignKeyOf(const schema::Table& table, const schema::Column& column, std::size_t* position)
{
    for (const auto& key : table.foreignKeys) {
        for (std::size_t i = 0; i < key.columns.size(); ++i) {
            if (!schema::sameIdentifier(key.columns[i], column.name)) continue;
            *position = i;
            return &key;
        }
    }
    return nullptr;
}

bool isUnique(const schema::Table& table, const schema::Column& column)
{
    if (table.primaryKey.size() == 1 && schema::sameIdentifier(table.primaryKey.front(), column.name)) return true;
    return std::any_of(table.uniques.begin(), table.uniques.end(), [&](const schema::UniqueConstraint& unique) {
        return unique.columns.size() == 1 && schema::sameIdentifier(unique.columns.front(), column.name);
    });
}

QString joined(const std::vector<std::string>& names)
{
    QStringList out;
    for (const std::string& name : names) out << fromStd(name);
    return out.join(QStringLiteral(", "));
}

/// The table's constraints on more than one column, and its CHECKs, one line each, as
/// the rows after its columns: a key of several columns is one promise (the pair is
/// unique, not each column), and a CHECK's expression needs a line of its own to be read.
QStringList tableConstraints(const schema::Table& table)
{
    QStringList lines;
    if (table.primaryKey.size() > 1) lines << QStringLiteral("PRIMARY KEY (%1)").arg(joined(table.primaryKey));
    for (const auto& unique : table.uniques)
        if (unique.columns.size() > 1) lines << QStringLiteral("UNIQUE (%1)").arg(joined(unique.columns));
    for (const auto& check : table.checks) lines << QStringLiteral("CHECK (%1)").arg(fromStd(check));
    return lines;
}

/// The column's place in a key of several columns ("PK 2/3"), or "PK".
QString primaryKeyMarker(const schema::Table& table, const schema::Column& column)
{
    if (table.primaryKey.size() < 2) return QStringLiteral("PK");
    for (std::size_t i = 0; i < table.primaryKey.size(); ++i)
        if (schema::sameIdentifier(table.primaryKey[i], column.name))
            return QStringLiteral("PK %1/%2").arg(i + 1).arg(table.primaryKey.size());
    return QStringLiteral("PK");
}

/// True when a CHECK of the table names the column (as a whole word, any case).
bool readByCheck(const schema::Table& table, const schema::Column& column)
{
    const QString name = fromStd(column.name);
    const auto isWordChar = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); };
    for (const std::string& check : table.checks) {
        const QString body = fromStd(check);
        for (qsizetype at = body.indexOf(name, 0, Qt::CaseInsensitive); at >= 0;
             at = body.indexOf(name, at + 1, Qt::CaseInsensitive)) {
            const qsizetype end = at + name.size();
            if ((at == 0 || !isWordChar(body[at - 1])) && (end >= body.size() || !isWordChar(body[end]))) return true;
        }
    }
    return false;
}

/// Escaped for a rich-text tooltip, which wraps long lines (a plain one does not); the
/// files' own line breaks are kept.
QString html(const std::string& text) { return fromStd(text).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br/>")); }

/// The type line, then the dataset's words on the column: its spelled-out name and
/// description, what its values mean and their format.
QString columnToolTip(const schema::Column& column, const dataset::ColumnDescription* description)
{
    const QString type = QStringLiteral("%1 (affinity %2)").arg(fromStd(column.declaredType),
                                                                QString::fromUtf8(schema::affinityName(column.affinity)));
    if (description == nullptr) return type;
    QString text = QStringLiteral("<p><b>%1</b>").arg(html(column.name));
    if (!description->readableName.empty()) text += QStringLiteral(" (%1)").arg(html(description->readableName));
    text += QStringLiteral(" — %1</p>").arg(type.toHtmlEscaped());
    if (!description->description.empty()) text += QStringLiteral("<p>%1</p>").arg(html(description->description));
    if (!description->valueDescription.empty())
        text += QStringLiteral("<p><i>%1</i> %2</p>").arg(QObject::tr("Values:"), html(description->valueDescription));
    if (!description->dataFormat.empty())
        text += QStringLiteral("<p><i>%1</i> %2</p>").arg(QObject::tr("Format:"), html(description->dataFormat));
    return text;
}

} // namespace

SchemaTreeModel::SchemaTreeModel(QObject* parent) : QAbstractItemModel(parent) {}

void SchemaTreeModel::setSchema(std::shared_ptr<const schema::Schema> schema,
                                std::shared_ptr<const dataset::ColumnDescriptions> descriptions)
{
    beginResetModel();
    m_schema = std::move(schema);
    m_descriptions = std::move(descriptions);
    endResetModel();
}

int SchemaTreeModel::tableRow(const QString& table) const
{
    if (!m_schema) return -1;
    const std::string name = table.toStdString();
    for (std::size_t i = 0; i < m_schema->tables.size(); ++i) {
        if (schema::sameIdentifier(m_schema->tables[i].name, name)) return static_cast<int>(i);
    }
    return -1;
}

QModelIndex SchemaTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!m_schema || row < 0 || column < 0 || column >= ColumnCount) return {};
    if (!parent.isValid()) {
        if (row >= static_cast<int>(m_schema->tables.size())) return {};
        return createIndex(row, column, quintptr{0});
    }
    if (parent.internalId() != 0 || parent.row() >= static_cast<int>(m_schema->tables.size())) return {};
    if (row >= rowCount(parent)) return {};
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex SchemaTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr{0});
}

int SchemaTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!m_schema) return 0;
    if (!parent.isValid()) return static_cast<int>(m_schema->tables.size());
    if (parent.column() != 0 || parent.internalId() != 0) return 0;
    const schema::Table& table = m_schema->tables[static_cast<std::size_t>(parent.row())];
    return static_cast<int>(table.columns.size()) + static_cast<int>(tableConstraints(table).size());
}

int SchemaTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant SchemaTreeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (index.internalId() == 0) return tableData(m_schema->tables[static_cast<std::size_t>(index.row())], index.column(), role);
    const auto& table = m_schema->tables[static_cast<std::size_t>(index.internalId() - 1)];
    const auto row = static_cast<std::size_t>(index.row());
    if (row < table.columns.size()) return columnData(table, table.columns[row], index.column(), role);
    const QStringList constraints = tableConstraints(table);
    const QString constraint = constraints.value(static_cast<qsizetype>(row - table.columns.size()));
    switch (role) {
    case Qt::DisplayRole: return index.column() == NameColumn ? QVariant(constraint) : QVariant();
    case Qt::ToolTipRole: return tr("Table constraint of %1: %2").arg(fromStd(table.name), constraint);
    case Qt::ForegroundRole: return QPalette().color(QPalette::PlaceholderText);
    case IsTableRole: return false;
    case IsConstraintRole: return true;
    case TableNameRole: return fromStd(table.name);
    default: return {};
    }
}

QVariant SchemaTreeModel::tableData(const schema::Table& table, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn) return fromStd(table.name);
        if (column == MarkersColumn) {
            QStringList markers{QStringLiteral("%1 columns").arg(table.columns.size())};
            // A key of several columns is one promise (a pair unique, not each column): said
            // on the table, where the columns it joins are named together.
            // (Each constraint also has its own row under the columns.)
            if (table.primaryKey.size() > 1) markers << QStringLiteral("PK (%1)").arg(joined(table.primaryKey));
            for (const auto& unique : table.uniques)
                if (unique.columns.size() > 1) markers << QStringLiteral("UNIQUE (%1)").arg(joined(unique.columns));
            if (!table.foreignKeys.empty()) markers << QStringLiteral("%1 FK").arg(table.foreignKeys.size());
            if (!table.checks.empty()) markers << QStringLiteral("%1 CHECK").arg(table.checks.size());
            if (table.withoutRowid) markers << QStringLiteral("WITHOUT ROWID");
            return markers.join(QStringLiteral(", "));
        }
        return {};
    case Qt::ToolTipRole: return table.sql.empty() ? QVariant() : QVariant(fromStd(table.sql));
    case IsTableRole: return true;
    case TableNameRole: return fromStd(table.name);
    default: return {};
    }
}

QVariant SchemaTreeModel::columnData(const schema::Table& table, const schema::Column& column, int section, int role) const
{
    std::size_t position = 0;
    const schema::ForeignKey* key = foreignKeyOf(table, column, &position);
    const QString target = key ? QStringLiteral("%1.%2").arg(fromStd(key->referencedTable),
                                                            position < key->referencedColumns.size()
                                                                ? fromStd(key->referencedColumns[position]) : QString())
                               : QString();
    switch (role) {
    case Qt::DisplayRole:
        switch (section) {
        case NameColumn: return fromStd(column.name);
        case TypeColumn: return fromStd(column.declaredType);
        case MarkersColumn: {
            QStringList markers;
            if (column.primaryKey) markers << primaryKeyMarker(table, column);
            if (key) markers << QStringLiteral("FK");
            if (column.notNull) markers << QStringLiteral("NOT NULL");
            if (isUnique(table, column) && !column.primaryKey) markers << QStringLiteral("UNIQUE");
            if (readByCheck(table, column)) markers << QStringLiteral("CHECK");
            return markers.join(QLatin1Char(' '));
        }
        case TargetColumn: return key ? QVariant(QStringLiteral("→ %1").arg(target)) : QVariant();
        default: return {};
        }
    case Qt::ToolTipRole:
        return columnToolTip(column, m_descriptions ? m_descriptions->find(table.name, column.name) : nullptr);
    case IsTableRole: return false;
    case TableNameRole: return fromStd(table.name);
    case ColumnNameRole: return fromStd(column.name);
    case PrimaryKeyRole: return column.primaryKey;
    case NotNullRole: return column.notNull;
    case UniqueRole: return isUnique(table, column);
    case ForeignKeyTableRole: return key ? QVariant(fromStd(key->referencedTable)) : QVariant();
    case ForeignKeyColumnRole:
        return key && position < key->referencedColumns.size() ? QVariant(fromStd(key->referencedColumns[position])) : QVariant();
    default: return {};
    }
}

QVariant SchemaTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return QStringLiteral("Name");
    case TypeColumn: return QStringLiteral("Type");
    case MarkersColumn: return QStringLiteral("Keys & constraints");
    case TargetColumn: return QStringLiteral("References");
    default: return {};
    }
}

} // namespace sqleq::ui
