// minimize: shrinks a database that separates a gold query from a candidate to a
// minimal counterexample — delta debugging over rows (foreign keys kept resolvable,
// required tables kept non-empty), a 1-minimality pass, then simpler cell values.
// Works on plain DatabaseContent and tests each step on a fresh materialized copy;
// it never writes to the caller's databases and never throws.
#pragma once

#include "core/base/result.h"
#include "core/compare/compare.h"
#include "core/exec/exec_limits.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace sqleq::minimize {

enum class MinimizePhase {
    Verify,      ///< checking that the input separates the two queries
    Rows,        ///< delta debugging over rows
    OneMinimal,  ///< removing single rows until none can go
    Values,      ///< replacing cell values by simpler ones
};

/// Reported after every (gold, candidate) evaluation.
struct MinimizeProgress {
    MinimizePhase phase = MinimizePhase::Verify;
    std::size_t queryRuns = 0;  ///< evaluations so far
    std::size_t rowsKept = 0;   ///< rows of the smallest separating database found so far
};

struct MinimizeRequest {
    const schema::Schema* schema = nullptr;  ///< must outlive the call; every database tried is built with it
    /// The schema whose foreign keys make rows depend on each other: all of them, also
    /// those SQLite cannot enforce (fuzz::materializableSchema drops those from `schema`),
    /// so no child row outlives its parent. Same tables as `schema`; null: `schema`.
    const schema::Schema* keySchema = nullptr;
    std::string goldSql;       ///< already post-processed by the caller; run with exec::runQuery
    std::string candidateSql;
    bool orderMatters = false;  ///< the comparison rule's row-order flag, decided by the caller
    /// Tables that must keep at least one row (the `spider` profile: the tables the two
    /// queries read; empty for `strict`). Names absent from the schema (CTEs) and
    /// sqlite_sequence are ignored.
    std::vector<std::string> nonEmptyTables;
    exec::ExecLimits limits;  ///< per query run; its cancel flag defaults to `cancel`
    const std::atomic<bool>* cancel = nullptr;  ///< set from any thread to stop early
    /// Called on the calling thread after every evaluation; may be empty.
    std::function<void(const MinimizeProgress&)> progress;
    std::size_t maxQueryRuns = 3000;  ///< hard bound on evaluations, all phases together
    std::size_t maxValueRuns = 300;   ///< bound on evaluations spent on value simplification
    /// Bound on evaluations spent pointing references at other kept parents (a row kept
    /// only as a parent can then go).
    std::size_t maxRepointRuns = 200;
    bool simplifyValues = true;
};

/// Provenance of a shrunk content: per table entry, per kept row, the index of the row
/// of the same entry of the input it came from (its values may since be simpler).
using SourceRows = std::vector<std::vector<std::size_t>>;

struct MinimizeResult {
    schema::DatabaseContent content;  ///< the minimal counterexample, same table entries as the input
    SourceRows sourceRows;            ///< where each row of `content` was in the input
    std::size_t rowsBefore = 0;
    std::size_t rowsAfter = 0;
    std::size_t queryRuns = 0;        ///< (gold, candidate) evaluations, the initial check included
    std::size_t valuesSimplified = 0; ///< cells whose value was replaced by a simpler one
    compare::Comparison comparison;   ///< gold vs candidate on `content` (still Different)
    bool cancelled = false;           ///< stopped by the cancel flag; `content` still separates
    bool budgetExhausted = false;     ///< stopped by maxQueryRuns; `content` still separates
    /// Proven 1-minimal: removing any single row (with the rows that would dangle) makes
    /// the queries agree or empties a required table. False when stopped early.
    bool oneMinimal = false;
};

/// Shrinks `separating` while gold and candidate keep being separated the same way: the
/// gold returns rows and compare::compareOutcomes says Different — with a row difference
/// if the input showed one, or with the same kind of candidate failure (error, timeout,
/// too large) if the candidate failed on the input. Every database tried is built with
/// schema::materialize, so the result always satisfies the schema's keys and constraints.
/// Errors: "minimize.invalid_request" (no schema, or a required table empty in the input),
/// "minimize.invalid_input" (the input does not materialize), "minimize.not_separating"
/// (the gold fails or the queries agree on the input), "minimize.cancelled" (cancelled
/// before the input was verified). Cancellation later returns the best database so far
/// with `cancelled` set. Runs on the calling thread; opens its own in-memory databases.
Result<MinimizeResult> minimizeCounterexample(const schema::DatabaseContent& separating,
                                              const MinimizeRequest& request);

} // namespace sqleq::minimize
