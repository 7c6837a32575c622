// SQL-Eval (defog-ai/sql-eval, eval/eval.py): gold queries with brace groups of
// acceptable columns, expanded into alternatives, and a prediction judged by its
// result against each alternative's — exactly (compare_df) or as a superset of
// columns (subset_df). Pure functions plus one runner over exec::runQuery; no Qt,
// nothing thrown. It judges results only; it never decides which SQL is "right".
//
// Semantics, and where they follow or leave the reference:
// * expandBraces mirrors get_all_minimal_queries: the gold is first split on ';'
//   (each piece is an alternative of its own), a group `{a, b}` expands to every
//   non-empty combination in itertools.combinations order (by size, then by
//   position), items joined with ", ". Divergences: every group is expanded (the
//   reference expands only the first) and several groups give their product, the
//   first group varying slowest; braces and ';' inside string literals, quoted
//   names and comments are text; items split on commas outside parentheses and
//   strings (the reference splits on every comma) and are trimmed; an empty
//   group `{}` repeats the choice of the nearest group before it (the reference
//   only knows the literal "GROUP BY {}"); unbalanced or nested braces, empty
//   items and a `{}` with no group before it are errors instead of garbage SQL.
// * sqlEvalCompare mirrors compare_df: first the raw tables cell by cell in
//   their own column order; then both normalised (duplicate rows dropped, columns
//   sorted by name, rows sorted unless order matters) and compared again. Names
//   are never compared, only used to order columns, as in the reference: swapped
//   columns pass when their names sort alike and fail otherwise. Cells compare
//   like Python values (2 == 2.0, '2' != 2) and NULL == NULL (pandas would see
//   NaN != NaN in a float column). When order matters rows keep their order (the
//   reference guesses ORDER BY columns from the SQL text with a regex; we don't).
// * Subset mode mirrors subset_df: the gold must be non-empty; each gold column,
//   in order, takes the first unused prediction column whose sorted values equal
//   its own (floats within pandas' rtol 1e-5 / atol 1e-8); then gold and the
//   matched prediction columns are normalised and compared with that tolerance.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/exec/exec_limits.h"
#include "core/exec/query_outcome.h"
#include "core/exec/remembered_runs.h"
#include "core/exec/value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::metrics {

enum class SqlEvalMatch {
    None,    ///< neither exact nor (in subset mode) subset
    Exact,   ///< compare_df: the results are the same table
    Subset,  ///< subset_df: every gold column is among the prediction's
};

struct SqlEvalResult {
    bool passed = false;
    SqlEvalMatch match = SqlEvalMatch::None;
    /// Subset matches: gold column i is prediction column columnMapping[i].
    std::vector<int> columnMapping;
    std::string message;  ///< one human sentence on why it passed or failed
};

/// Every alternative a gold query stands for (see the header comment), in the
/// reference's order. A gold without braces or ';' yields itself, trimmed.
/// Errors: "sql_eval.braces" (unbalanced, nested, empty item, stray `{}`) with the
/// span of the offending brace; "sql_eval.empty"; "sql_eval.too_many" beyond
/// kMaxAlternatives. Pure and thread-safe.
Result<std::vector<std::string>> expandBraces(std::string_view goldSql);

inline constexpr std::size_t kMaxAlternatives = 4096;

/// compare_df, and in subset mode also subset_df, of one gold alternative's result
/// with the prediction's. Pure and thread-safe.
SqlEvalResult sqlEvalCompare(const exec::ResultSet& gold, const exec::ResultSet& pred,
                             bool orderMatters, bool subset);

struct SqlEvalOptions {
    bool subset = false;
    /// Unset: order matters when the first gold alternative has a top-level
    /// ORDER BY (the reference asks the question text and query category).
    std::optional<bool> orderMatters;
    exec::ExecLimits limits;
};

struct SqlEvalRun {
    bool passed = false;
    SqlEvalMatch match = SqlEvalMatch::None;
    int matchedAlternative = -1;        ///< index into `alternatives`, -1 when none
    std::vector<std::string> alternatives;
    exec::QueryOutcome prediction;      ///< a failed prediction simply does not pass
    std::vector<Diagnostic> goldErrors; ///< alternatives that failed to run (skipped)
    std::string message;
};

/// compare_query_results: runs the prediction and every gold alternative on `conn`
/// through exec::runQuery; the first exact match wins, else the first subset match
/// (subset mode only). Errors: those of expandBraces, and "sql_eval.gold_failed"
/// when no alternative ran. Call from the thread that owns `conn`.
/// With `remembered`, queries already run on this database (named by `database`, the
/// address its RememberedRuns key uses) are not run again.
Result<SqlEvalRun> runSqlEval(exec::Connection& conn, std::string_view goldSql,
                              std::string_view predSql, const SqlEvalOptions& options = {},
                              exec::RememberedRuns* remembered = nullptr, const void* database = nullptr);

/// "none", "exact", "subset".
std::string_view sqlEvalMatchName(SqlEvalMatch match);

} // namespace sqleq::metrics
