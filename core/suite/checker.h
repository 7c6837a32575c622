// checker: the metric verdict — whether any database of a suite separates a candidate
// from its gold, exactly as the official test-suite evaluator decides it, with the
// Spider-compatible text steps it applies first (remove_distinct, plug-value).
#pragma once

#include "core/compare/compare.h"
#include "core/exec/exec_limits.h"
#include "core/exec/query_outcome.h"
#include "core/exec/remembered_runs.h"
#include "core/suite/suite_database.h"

#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::suite {

enum class VerdictKind { Equivalent, Different, CandidateError, GoldError };

/// "equivalent", "different", "candidate_error", "gold_error".
std::string_view verdictKindName(VerdictKind kind);

struct CheckOptions {
    bool plugValue = false;     ///< also try the candidate with the gold's constants in its value slots
    bool keepDistinct = false;  ///< false: DISTINCT is removed from both before comparing
    compare::OrderRule orderRule = compare::OrderRule::TopLevelOrderBy;
    exec::ExecLimits limits;
};

struct CheckResult {
    VerdictKind verdict = VerdictKind::Equivalent;
    int separatingDatabase = -1;          ///< index into the suite; -1 when equivalent
    std::size_t databasesChecked = 0;
    std::string goldUsed;                 ///< the gold as run (after DISTINCT removal, postprocessing)
    std::string candidateUsed;            ///< the candidate as run (a plugged variant, when that passed or separated)
    compare::Comparison comparison;       ///< on the separating database (or the last one)
    exec::QueryOutcome goldOutcome;       ///< on the separating database
    exec::QueryOutcome candidateOutcome;
    std::string message;                  ///< one human sentence
    bool cancelled = false;               ///< stopped early: the verdict is not meaningful
    std::size_t variantsTried = 0;        ///< the candidate plus the plugged variants run
    std::size_t variantsSkipped = 0;      ///< plugged variants not run: an earlier variant ran past its budget
};

/// The verdict for `candidate` against `gold` on every database of `suite`, in order.
/// `equivalent` when no database separates them (with plugValue: when some plugged
/// variant, or the candidate itself, is separated by none), `different` with the first
/// separating database, `candidate_error` when the candidate fails to run where it was
/// separated, `gold_error` when the gold itself fails.
/// Details: like exec_eval.py, both texts are postprocessed (officialPostprocess) and,
/// unless keepDistinct, DISTINCT-stripped; variants are tried in order (the candidate
/// first, then plugGoldValuesLikeliestFirst), each on the databases in order until one
/// separates it; the first that passes every database is reported. When none passes, the
/// variant that survived the most databases is reported (ties: the earliest plugged
/// variant tried, since with plug-value the metric judges the candidate with the gold's
/// values; the candidate itself when there is none); the verdict is `candidate_error`
/// when it failed to run (error, timeout, too large) on its separating database, else
/// `different`. When a variant (the candidate itself included) runs past its budget on
/// a database (the step budget, the wall-clock safety net or the heap budget), the
/// plugged variants not tried yet are not run (variantsSkipped): they are the same
/// query with other constants, and each would likely spend the whole budget too. Only
/// there may the verdict part from exec_eval.py, which runs them all: when a skipped
/// variant would have passed (on Spider's 21 submissions none would: see the plug-value
/// section of docs/benchmarks.md). A gold that fails on a database reached gives
/// `gold_error` (the reference asserts there). An empty suite gives `equivalent` with
/// databasesChecked == 0. With `remembered`, a query already run on one of the suite's
/// databases (keyed by the address of its bytes) is not run again: evaluations pass one
/// per worker.
CheckResult checkCandidate(std::string_view gold, std::string_view candidate, const Suite& suite,
                           const CheckOptions& options, const std::atomic<bool>* cancel = nullptr,
                           exec::RememberedRuns* remembered = nullptr);

/// The official evaluator's remove_distinct: every DISTINCT keyword token cut out of the
/// text and nothing else touched, so "SELECT DISTINCT a" becomes "SELECT  a" and
/// "count(DISTINCT x)" becomes "count( x)". Text after a lexer error is kept as is.
/// The DISTINCT of `IS [NOT] DISTINCT FROM` stays: it is a comparison operator, and
/// cutting it (as the official script's plain token filter would) leaves `IS NOT  FROM`,
/// a syntax error on a query that runs.
std::string removeDistinct(std::string_view sql);

/// The official evaluator's plug-value: every way to put the gold's constants into the
/// candidate's value slots (the candidate itself not included), at most `limit` of them.
/// Constants and slots are literal tokens: strings, numbers (a sign written against a
/// number belongs to it), and double-quoted identifiers not used as a qualified name or
/// function (Spider writes strings "like this"); the counts of LIMIT and OFFSET are
/// neither. The gold's constants are deduplicated by value in order of appearance and
/// plugged spelled as the gold wrote them; variants are listed in odometer order (the
/// last slot varies fastest). No slots or no constants: no variants.
std::vector<std::string> plugGoldValues(std::string_view gold, std::string_view candidate, std::size_t limit = 1000);

/// The same variants as plugGoldValues, the likeliest to pass first: those that put in
/// more of the candidate's slots the constant the gold has in the matching slot come
/// earlier (odometer order among equals). A candidate slot matches the gold slot that
/// compares the same column (`T2.Language = 1` and `language = 'English'`; the k-th
/// such slot of each), else the gold's slot at the same position. The order only saves
/// time: which variants exist, and so whether one passes, does not depend on it.
std::vector<std::string> plugGoldValuesLikeliestFirst(std::string_view gold, std::string_view candidate,
                                                      std::size_t limit = 1000);

} // namespace sqleq::suite
