// TableRowsModel: the rows of one table of one database (a suite database or the
// minimal counterexample), read from an immutable DatabaseContent snapshot and handed
// to views lazily in chunks (canFetchMore/fetchMore). NULLs, the rows a counterexample
// keeps, and foreign-key columns (for "follow") are exposed as roles. Never runs SQL.
#pragma once

#include "core/schema/database_content.h"
#include "core/schema/schema.h"
#include "ui/session/run_result.h"

#include <QAbstractTableModel>

#include <memory>
#include <unordered_set>
#include <vector>

namespace sqleq::ui {

class TableRowsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int kChunkSize = 256;  ///< rows handed to the view per fetchMore()

    enum Role {
        IsNullRole = Qt::UserRole + 1,  ///< bool: the cell holds SQL NULL (shown as "NULL", disabled colour)
        StorageClassRole,               ///< QString: NULL, INTEGER, REAL, TEXT or BLOB
        HighlightedRole,                ///< bool: the row is one the minimal counterexample keeps
        ForeignKeyTableRole,            ///< QString: the table this column references; invalid when none
        ForeignKeyColumnRole,           ///< QString: the referenced column; invalid when none
        PrimaryKeyRole,                 ///< bool: the column is part of the primary key
    };

    explicit TableRowsModel(QObject* parent = nullptr);

    /// Shows `table` of `content` with columns from `schema` (both shared, never modified;
    /// a table absent from `content` has no rows). Clears the highlight. GUI thread only.
    void setTable(std::shared_ptr<const schema::Schema> schema, std::shared_ptr<const schema::DatabaseContent> content,
                  const QString& table);
    /// `table` of suite database `database` of `result`; when that database is the separating
    /// one, the rows the minimal counterexample keeps are highlighted.
    void showSuiteDatabase(const RunResultPtr& result, int database, const QString& table);
    /// `table` of the minimal counterexample of `result` (empty when there is none).
    void showCounterexample(const RunResultPtr& result, const QString& table);
    /// Marks rows (indices into the table's rows, loaded or not).
    void setHighlightedRows(std::unordered_set<std::size_t> rows);

    /// Which rows of `full` the `kept` rows are: each kept row matched to an unused equal
    /// row; a row whose values were simplified by the minimizer is matched by primary key.
    static std::unordered_set<std::size_t> matchRows(const schema::TableRows& full, const schema::TableRows& kept,
                                                     const schema::Table* table);

    [[nodiscard]] QString tableName() const { return m_tableName; }
    /// Rows in the table, whether or not fetched yet.
    [[nodiscard]] int totalRowCount() const;
    /// The first row whose `column` displays as `value` (fetching up to it), else invalid.
    QModelIndex findRow(const QString& column, const QVariant& value);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

private:
    struct ColumnInfo {
        QString name;
        QString declaredType;
        bool primaryKey = false;
        QString referencedTable;   ///< empty: not a foreign-key column
        QString referencedColumn;
    };

    QVariant columnRole(const ColumnInfo& column, int role) const;

    std::shared_ptr<const schema::Schema> m_schema;
    std::shared_ptr<const schema::DatabaseContent> m_content;
    const schema::TableRows* m_rows = nullptr;  ///< inside m_content; null: no rows
    QString m_tableName;
    std::vector<ColumnInfo> m_columns;
    std::unordered_set<std::size_t> m_highlighted;
    int m_fetched = 0;
    bool m_fetching = false;
};

} // namespace sqleq::ui
