// TableRowsModel: the rows of one table of one database (a suite database or the
// minimal counterexample), read from an immutable DatabaseContent snapshot and handed
// to views lazily in chunks (canFetchMore/fetchMore). NULLs, the rows a counterexample
// keeps (by the minimizer's provenance, never by guessing from values), the values it
// simplified beside their originals, and foreign-key columns (for "follow") are exposed
// as roles. Never runs SQL.
#pragma once

#include "core/schema/database_content.h"
#include "core/schema/schema.h"
#include "ui/session/run_result.h"

#include <QAbstractTableModel>

#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <utility>
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
        /// The cell's value as stored (Qt::DisplayRole may add the original beside it).
        ValueRole,
        /// For a value the minimizer changed: the separating database's original value
        /// (the display then reads "S ← Super bootcamp"); invalid for unchanged cells.
        OriginalValueRole,
    };

    explicit TableRowsModel(QObject* parent = nullptr);

    /// Shows `table` of `content` with columns from `schema` (both shared, never modified;
    /// a table absent from `content` has no rows). Clears the highlight. GUI thread only.
    void setTable(std::shared_ptr<const schema::Schema> schema, std::shared_ptr<const schema::DatabaseContent> content,
                  const QString& table);
    /// `table` of suite database `database` of `result`; when that database is the separating
    /// one, the rows the minimal counterexample keeps are highlighted and the values it
    /// simplified are shown beside the originals.
    void showSuiteDatabase(const RunResultPtr& result, int database, const QString& table);
    /// `table` of the minimal counterexample of `result` (empty when there is none), its
    /// simplified values beside the separating database's originals.
    void showCounterexample(const RunResultPtr& result, const QString& table);
    /// Marks rows (indices into the table's rows, loaded or not).
    void setHighlightedRows(std::unordered_set<std::size_t> rows);

    /// The rows of the separating database's `table` that the counterexample of `result`
    /// keeps, per counterexample row in order (RunResult::counterexampleSourceRows);
    /// empty when there is no counterexample or it has no such table.
    static std::vector<std::size_t> keptSourceRows(const RunResult& result, const QString& table);
    /// Whether the counterexample of `result` keeps every row of the separating database
    /// (shown whole, not minimized): then no row is marked, as marking all says nothing.
    static bool counterexampleKeepsEveryRow(const RunResult& result);

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

    struct ChangedCell {
        exec::Value minimal;
        exec::Value original;
    };

    QVariant columnRole(const ColumnInfo& column, int role) const;
    QVariant cellToolTip(std::size_t row, std::size_t column, const exec::Value& value) const;
    /// Records the cells where counterexample rows differ from their source rows;
    /// `onCounterexample`: keyed by counterexample row, else by separating-database row.
    void markChangedCells(const RunResult& result, bool onCounterexample);

    std::shared_ptr<const schema::Schema> m_schema;
    std::shared_ptr<const schema::DatabaseContent> m_content;
    const schema::TableRows* m_rows = nullptr;  ///< inside m_content; null: no rows
    QString m_tableName;
    std::vector<ColumnInfo> m_columns;
    std::unordered_set<std::size_t> m_highlighted;
    std::map<std::pair<std::size_t, std::size_t>, ChangedCell> m_changed;  ///< (row, column) → values
    /// On the counterexample: its row → the separating database's row it came from.
    std::unordered_map<std::size_t, std::size_t> m_sourceRow;
    QString m_separatingName;  ///< "#6 (concerts_0.sqlite)" when provenance is shown
    int m_fetched = 0;
    bool m_fetching = false;
};

} // namespace sqleq::ui
