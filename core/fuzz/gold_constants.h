// GoldConstants: the literals of gold queries, each typed by the schema column it
// is compared with, so the sampler can plant them (and close variants) in that
// column — the paper's way to make random databases hit the gold's WHERE clauses.
// Pure data over the AST; it never runs SQL and never fails (what cannot be
// attributed to a column is kept unattributed).
#pragma once

#include "core/exec/value.h"
#include "core/schema/schema.h"
#include "core/sql/select.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sqleq::fuzz {

/// How a constant is used: compared whole, or a literal piece of a LIKE/GLOB
/// pattern ("%ab%" gives "ab"), which the sampler wraps in random text.
enum class ConstantUse : uint8_t { Compare, Pattern };

struct GoldConstant {
    std::string table;   ///< schema spelling; empty when unattributed
    std::string column;  ///< schema spelling; empty when unattributed
    exec::Value value;   ///< INTEGER, REAL or TEXT, coerced the way the column's affinity would
    ConstantUse use = ConstantUse::Compare;

    [[nodiscard]] bool attributed() const { return !column.empty(); }
    friend bool operator==(const GoldConstant&, const GoldConstant&) = default;
};

/// A schema column by name (schema spelling).
struct ColumnName {
    std::string table;
    std::string column;
    friend bool operator==(const ColumnName&, const ColumnName&) = default;
};

/// The attributed constants of one gold query taken together: a row holding all
/// of them at once is what satisfies the query's conjunction of comparisons,
/// which independently drawn values almost never do.
struct ConstantGroup {
    std::vector<GoldConstant> items;  ///< sorted like GoldConstants::items, no duplicates
    friend bool operator==(const ConstantGroup&, const ConstantGroup&) = default;
};

/// A set of constants, kept sorted (case-insensitively by table and column, then
/// by value) and free of duplicates, so merging is order-independent. Groups and
/// numeric columns obey the same invariant.
struct GoldConstants {
    std::vector<GoldConstant> items;
    /// Per gold query with two or more attributed constants: those constants.
    std::vector<ConstantGroup> groups;
    /// Columns a gold uses as numbers (compared with a number, inside avg, sum,
    /// total, min or max, an operand of arithmetic), whatever their declared type.
    std::vector<ColumnName> numericColumns;
    /// Pairs of columns a query compares with `=` (ON, WHERE, anywhere), each pair
    /// ordered and the list sorted: the search draws both from one value pool, so that
    /// joins between columns no foreign key links still meet.
    std::vector<std::pair<ColumnName, ColumnName>> equatedColumns;

    /// The constants attributed to `table.column` (ASCII case-insensitive).
    [[nodiscard]] std::vector<const GoldConstant*> forColumn(std::string_view table,
                                                             std::string_view column) const;
    /// The constants not tied to any column (count thresholds, arithmetic, …).
    [[nodiscard]] std::vector<const GoldConstant*> unattributed() const;
    /// Whether a gold uses `table.column` as a number (ASCII case-insensitive).
    [[nodiscard]] bool usedNumerically(std::string_view table, std::string_view column) const;
    /// Adds one constant, keeping the order and uniqueness invariant.
    void add(GoldConstant constant);
    /// Adds one group (its items sorted and deduplicated here); empty groups are dropped.
    void addGroup(ConstantGroup group);
    /// Records that a gold uses `column` as a number.
    void addNumericColumn(ColumnName column);
    /// Records that a query compares `a = b`; a column equated with itself is ignored.
    void addEquatedColumns(ColumnName a, ColumnName b);
};

/// Every literal of `statement` (subqueries, CTEs and compounds included) that
/// matters for its result: attributed to a column when it is compared with one
/// (=, <>, <, >, IS, IN lists, BETWEEN bounds, LIKE/GLOB pattern pieces, and
/// min/max/avg/sum(column) compared with a constant); aliases resolve against
/// `schema`. A bare double-quoted identifier that names no column in scope is a
/// string, as in SQLite. LIMIT and OFFSET values are dropped. Thread-safe.
GoldConstants collectConstants(const sql::SelectStatement& statement, const schema::Schema& schema);

/// The value of a constant expression as SQLite reads it: a number (with its sign),
/// a string, TRUE or FALSE. Nothing for anything else (NULL, dates, expressions).
std::optional<exec::Value> constantValue(const sql::Expr& expr);

/// `value` as a column of `column`'s affinity would store it: a numeric text becomes
/// a number in a numeric column, an integer becomes text in a TEXT column.
exec::Value coerceToColumn(const exec::Value& value, const schema::Column& column);

/// Adds every constant, group and numeric column of `from` to `into` (a
/// per-schema suite pools the constants of all its gold queries; the checker
/// adds the candidate's).
void merge(GoldConstants& into, const GoldConstants& from);

} // namespace sqleq::fuzz
