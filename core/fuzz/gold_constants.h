// GoldConstants: the literals of gold queries, each typed by the schema column it
// is compared with, so the sampler can plant them (and close variants) in that
// column — the paper's way to make random databases hit the gold's WHERE clauses.
// Pure data over the AST; it never runs SQL and never fails (what cannot be
// attributed to a column is kept unattributed).
#pragma once

#include "core/exec/value.h"
#include "core/schema/schema.h"
#include "core/sql/select.h"

#include <string>
#include <string_view>
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

/// A set of constants, kept sorted (case-insensitively by table and column, then
/// by value) and free of duplicates, so merging is order-independent.
struct GoldConstants {
    std::vector<GoldConstant> items;

    /// The constants attributed to `table.column` (ASCII case-insensitive).
    [[nodiscard]] std::vector<const GoldConstant*> forColumn(std::string_view table,
                                                             std::string_view column) const;
    /// The constants not tied to any column (count thresholds, arithmetic, …).
    [[nodiscard]] std::vector<const GoldConstant*> unattributed() const;
    /// Adds one constant, keeping the order and uniqueness invariant.
    void add(GoldConstant constant);
};

/// Every literal of `statement` (subqueries, CTEs and compounds included) that
/// matters for its result: attributed to a column when it is compared with one
/// (=, <>, <, >, IS, IN lists, BETWEEN bounds, LIKE/GLOB pattern pieces, and
/// min/max/avg/sum(column) compared with a constant); aliases resolve against
/// `schema`. A bare double-quoted identifier that names no column in scope is a
/// string, as in SQLite. LIMIT and OFFSET values are dropped. Thread-safe.
GoldConstants collectConstants(const sql::SelectStatement& statement, const schema::Schema& schema);

/// Adds every constant of `from` to `into` (a per-schema suite pools the
/// constants of all its gold queries; the checker adds the candidate's).
void merge(GoldConstants& into, const GoldConstants& from);

} // namespace sqleq::fuzz
