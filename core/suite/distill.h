// distill: greedy distillation of a test suite (Algorithm 1 of Zhong, Yu, Klein 2020)
// for the gold queries of one schema, with what it reports per gold and per neighbor.
// Long work reports progress through a callback and stops on a cancellation flag;
// nothing here touches Qt or a terminal.
//
// Parallel design: sample indices are processed in batches; within a batch a
// pool of worker threads samples the databases (moved between threads as serialized
// Bytes) and evaluates every (database, gold) pair against the neighbors still
// undistinguished at batch start, each worker on its own connections; the calling
// thread merges the batch in index order. Database k is kept iff it distinguishes a
// neighbor that no kept database of lower index distinguishes — exactly the sequential
// Algorithm 1, so the suite does not depend on `jobs` or on the batch sizes. The
// targeted phase builds databases for one gold at a time and runs them against that
// gold alone, so golds are independent there: each gold's phase runs as one task, side
// by side, and the databases each kept join the suite in gold order afterwards, as the
// sequential run would have added them.
#pragma once

#include "core/base/diagnostic.h"
#include "core/base/progress.h"
#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/exec/exec_limits.h"
#include "core/fuzz/profile.h"
#include "core/neighbors/neighbors.h"
#include "core/schema/schema.h"
#include "core/suite/suite_database.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sqleq::suite {

/// Progress and its callback live in core/base (every stage's long jobs report them);
/// the names stay here for the callers that know them as suite::Progress.
using Progress = sqleq::Progress;
using ProgressCallback = sqleq::ProgressCallback;


/// The sampling budget every front end starts from.
inline constexpr std::size_t kDefaultSamplingBudget = 1000;

/// A distillation's options. A front end never fills them itself: it states its
/// settings as one inspect::CheckSettings and takes inspect::distillOptions(settings),
/// so a prebuilt suite is the suite `check` would build for the same settings.
struct DistillOptions {
    fuzz::Profile profile = fuzz::Profile::Spider;
    uint64_t seed = 0;
    std::size_t budget = kDefaultSamplingBudget;  ///< databases sampled at most
    double timeBudgetSeconds = 0;       ///< 0: no time budget
    unsigned jobs = 0;                  ///< worker threads; 0: all cores (the suite does not depend on it)
    bool keepDistinct = false;          ///< false: DISTINCT is removed from gold and neighbors first
    /// VM steps one gold and its open neighbors may spend over all databases before the
    /// gold is given up (its open neighbors stay undistinguished, GoldReport::workBudgetSpent):
    /// so one pathological gold cannot stall a batch. Counted in the sequential order,
    /// so deterministic whatever `jobs` is. 0: 20 × limits.maxSteps; negative: none.
    int64_t goldWorkSteps = 0;
    exec::ExecLimits limits{};  ///< every query's; the check's own (CheckSettings::limits)
    std::optional<exec::Bytes> original;  ///< the user's database; joins the suite first when it distinguishes
    /// After sampling, the neighbors still undistinguished are first tried against a proof
    /// from the schema's keys (neighbors/schema_equivalence.h, `spider` profile only), then
    /// each gets the databases built for it and its gold (targeted::TargetedDatabases: constant
    /// variants, ties, a group of exactly k rows — up to thousands —, nothing passing the
    /// WHERE, one joined row carrying all constants). False: the paper's Algorithm 1 alone.
    bool targeted = true;
    /// The proofs and the databases built for each gold before sampling too: for datasets
    /// whose golds no random database satisfies (ATIS), where every sampled database
    /// would otherwise run every neighbor. Needs `targeted`.
    bool targetedFirst = false;
};

/// A neighbor and the suite database that first distinguished it from its gold.
struct NeighborStatus {
    neighbors::Neighbor neighbor;
    int distinguishedBy = -1;  ///< index into Suite::databases; -1: undistinguished
    std::string sqlRun;        ///< the neighbor as run (postprocessed, DISTINCT removed unless keepDistinct)
    /// The neighbor reads exactly like the gold once DISTINCT is removed (e.g. the
    /// DropNode neighbor "drop DISTINCT"): not a target, not counted as undistinguished.
    bool sameAsGoldWhenRun = false;
    /// Non-empty: why no database the profile allows can tell it from the gold (a proof
    /// from the schema's keys). Not a target, not counted as undistinguished.
    std::string equivalenceProof;
    /// Still a target: not distinguished, not the gold as run, not proven equivalent.
    [[nodiscard]] bool open() const { return distinguishedBy < 0 && !sameAsGoldWhenRun && equivalenceProof.empty(); }
};

struct GoldReport {
    std::string goldSql;
    std::string goldRun;              ///< the gold as run (postprocessed, DISTINCT removed unless keepDistinct)
    bool orderMatters = false;        ///< top-level ORDER BY: results compared as lists
    std::vector<NeighborStatus> neighbors;  ///< neighbors were generated from the postprocessed gold text
    std::optional<Diagnostic> error;  ///< the gold did not parse / prepare: no neighbors
    std::size_t goldFailures = 0;     ///< sampled databases skipped for this gold (it erred or timed out there)
    bool workBudgetSpent = false;     ///< DistillOptions::goldWorkSteps ran out: open neighbors were given up
    /// Neighbors still undistinguished (those with sameAsGoldWhenRun not counted).
    [[nodiscard]] std::size_t undistinguished() const;
};

struct DistillResult {
    Suite suite;
    std::vector<GoldReport> golds;      ///< one per gold query, in input order
    std::size_t sampled = 0;            ///< sample indices consumed (0..sampled-1), in order
    std::size_t targetedBuilt = 0;      ///< targeted databases built and run after sampling
    std::size_t provenEquivalent = 0;   ///< neighbors set aside by a proof from the schema's keys
    /// Sampled databases on which some gold that still had undistinguished neighbors erred
    /// or timed out. Such a database is skipped for that gold only: the other golds may
    /// still use it (and keep it). Counted once per database; the original is not counted.
    std::size_t goldFailures = 0;
    std::size_t sampleFailures = 0;     ///< indices the sampler could not materialize (skipped)
    std::optional<Diagnostic> firstSampleError;  ///< the first of those, for the report
    bool cancelled = false;
    /// The wall-clock safety net, not the step budget, ended a run the suite was chosen
    /// by: on another machine, or a busier moment, the suite may differ.
    bool wallClockFired = false;
    double seconds = 0;
};

/// Builds one suite shared by all `goldQueries` of `schema` (one query for a single
/// check, every gold query of a db_id for a batch): neighbors per gold, databases
/// sampled from the stream (profile, seed) with the constants of all golds; database k
/// joins the suite when it distinguishes some neighbor that no earlier suite database
/// distinguishes. Deterministic for a given input whatever `jobs` is (the time budget and
/// per-query time limits aside). Stops early when every neighbor is distinguished, at the
/// budget, at the time budget (checked between batches) or on cancel (then `cancelled`
/// is set and the suite holds what was merged so far). The original database, when
/// given, is tried first and joins as database 0 when it distinguishes a neighbor.
/// A suite is not left empty (it would pass every candidate): when no database joined,
/// it holds the original, or else sample 0 — unless cancelled or the budget is 0.
/// Errors: "suite.no_gold" (empty input), "suite.sample" (every sampled database failed
/// to materialize), "suite.internal". A gold that does not parse or prepare is reported
/// in its GoldReport, not as an error. `progress` runs on the calling thread.
Result<DistillResult> distill(const schema::Schema& schema, const std::vector<std::string>& goldQueries,
                              const DistillOptions& options, const ProgressCallback& progress = {},
                              const std::atomic<bool>* cancel = nullptr);

} // namespace sqleq::suite
