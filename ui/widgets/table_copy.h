// Copying table cells as the database holds them: the selection of a view becomes a
// grid of typed values under their column names (never the display's decorations, such
// as "k ← knizz" or "◆ 3"), written as tab-separated text (what Ctrl+C puts on the
// clipboard, a spreadsheet pastes it), CSV, a Markdown table or SQL INSERT statements
// SQLite runs. The data tables (database rows, query results) also get a context menu
// with each format. No SQL runs here; GUI thread.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QAbstractItemView;

namespace sqleq::ui {

enum class CopyFormat { Tsv, Csv, Markdown, SqlInsert };

/// One copied value: its SQLite storage class and its text (a number in C locale
/// with every significant digit, the text itself, or the BLOB's x'…' literal).
struct CopiedCell {
    enum class Type { Null, Integer, Real, Text, Blob };
    Type type = Type::Null;
    QString text;
    friend bool operator==(const CopiedCell&, const CopiedCell&) = default;
};

/// Selected cells under their column names; a cell not selected in a selected row is NULL.
struct CopiedGrid {
    QString table;  ///< names the table in SQL INSERT; "result" when the rows are a query's
    QStringList columns;
    QList<QList<CopiedCell>> rows;
};

/// The selected cells of `view` (its current cell when nothing is selected), by row then
/// column. The value of a data table's cell is the one stored; other views give their text.
[[nodiscard]] CopiedGrid selectedCells(const QAbstractItemView* view);

/// `grid` written in `format`, a header row first (CSV, TSV, Markdown) or one INSERT
/// per row. NULL is an empty field in TSV and CSV (an empty text is "" in CSV), NULL in
/// Markdown and SQL. Pure.
[[nodiscard]] QString formatCells(const CopiedGrid& grid, CopyFormat format);

/// Gives `view` (a data table whose model has the shared IsNullRole/StorageClassRole
/// pair) a context menu: Copy, Copy as CSV, Copy as Markdown, Copy as SQL INSERT.
void addCopyMenu(QAbstractItemView* view);

/// Puts the selection of `view` on the clipboard in `format`; false when nothing is selected.
bool copySelection(const QAbstractItemView* view, CopyFormat format);

} // namespace sqleq::ui
