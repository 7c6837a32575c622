// SchemaTreeModel: the schema as a tree — tables, then their columns with declared
// type, key and constraint markers (PK or "PK 1/2" in a key of several columns, FK,
// NOT NULL, UNIQUE, CHECK) and foreign-key target, then one row per table constraint
// (a PRIMARY KEY or UNIQUE of several columns, each CHECK) —
// over an immutable Schema snapshot, with each column's dataset description (BIRD's
// database_description) in its tooltip when one was loaded. Never opens a database.
#pragma once

#include "core/dataset/column_descriptions.h"
#include "core/schema/schema.h"

#include <QAbstractItemModel>

#include <memory>

namespace sqleq::ui {

class SchemaTreeModel : public QAbstractItemModel {
    Q_OBJECT

public:
    enum Column { NameColumn, TypeColumn, MarkersColumn, TargetColumn, ColumnCount };

    enum Role {
        IsTableRole = Qt::UserRole + 1,  ///< bool: a table row (a parent), not a column
        TableNameRole,                   ///< QString: the table (of the row itself, or of its parent)
        ColumnNameRole,                  ///< QString: the column; invalid on table rows
        PrimaryKeyRole,                  ///< bool: part of the primary key
        NotNullRole,                     ///< bool
        UniqueRole,                      ///< bool: a single-column UNIQUE constraint (or the sole PK column)
        ForeignKeyTableRole,             ///< QString: referenced table; invalid when not a foreign key
        ForeignKeyColumnRole,            ///< QString: referenced column; invalid when not a foreign key
        IsConstraintRole,                ///< bool: a table constraint's row (after the columns)
    };

    explicit SchemaTreeModel(QObject* parent = nullptr);

    /// Shows `schema` (shared, never modified; null: empty), its columns described by
    /// `descriptions` when given (matched by table and column name, case-insensitively).
    /// GUI thread only.
    void setSchema(std::shared_ptr<const schema::Schema> schema,
                   std::shared_ptr<const dataset::ColumnDescriptions> descriptions = nullptr);
    /// The row of `table` (case-insensitive), -1 when absent.
    [[nodiscard]] int tableRow(const QString& table) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant tableData(const schema::Table& table, int column, int role) const;
    QVariant columnData(const schema::Table& table, const schema::Column& column, int section, int role) const;

    std::shared_ptr<const schema::Schema> m_schema;
    std::shared_ptr<const dataset::ColumnDescriptions> m_descriptions;
};

} // namespace sqleq::ui
