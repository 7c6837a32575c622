// suite: the test suite S_g and what is decided with it — greedy distillation
// (Algorithm 1 of Zhong, Yu, Klein 2020), the verdict for a candidate, the
// Spider-compatible options (plug-value, keep-distinct), and the on-disk layout
// of released suites (DIR/<db_id>/<db_id>_<n>.sqlite). Long work reports
// progress through a callback and stops on a cancellation flag; nothing here
// touches Qt or a terminal.
//
// Parallel design (distill): sample indices are processed in batches; within a batch a
// pool of worker threads samples the databases (moved between threads as serialized
// Bytes) and evaluates every (database, gold) pair against the neighbors still
// undistinguished at batch start, each worker on its own connections; the calling
// thread merges the batch in index order. Database k is kept iff it distinguishes a
// neighbor that no kept database of lower index distinguishes — exactly the sequential
// Algorithm 1, so the suite does not depend on `jobs` or on the batch sizes.
#pragma once

#include "core/base/progress.h"
#include "core/base/result.h"
#include "core/compare/compare.h"
#include "core/exec/connection.h"
#include "core/exec/exec_limits.h"
#include "core/exec/query_outcome.h"
#include "core/fuzz/profile.h"
#include "core/neighbors/neighbors.h"
#include "core/schema/schema.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sqleq::suite {

enum class DatabaseOrigin { Original, Sampled, Imported, Targeted };

/// One database of a suite, serialized (the SQLite file format): cheap to copy into a
/// connection on any thread with exec::Connection::deserializeCopy.
struct SuiteDatabase {
    DatabaseOrigin origin = DatabaseOrigin::Sampled;
    std::string label;          ///< "original", "sample 17", "targeted: …", or the imported file's name
    uint64_t sampleIndex = 0;   ///< for Sampled: the fuzz stream index it came from
    exec::Bytes bytes;
};

struct Suite {
    std::string dbId;                       ///< the schema's name
    std::vector<SuiteDatabase> databases;   ///< the original one first, when given
};

/// Progress and its callback live in core/base (every stage's long jobs report them);
/// the names stay here for the callers that know them as suite::Progress.
using Progress = sqleq::Progress;
using ProgressCallback = sqleq::ProgressCallback;

struct DistillOptions {
    fuzz::Profile profile = fuzz::Profile::Spider;
    uint64_t seed = 0;
    std::size_t budget = 1000;          ///< databases sampled at most
    double timeBudgetSeconds = 0;       ///< 0: no time budget
    unsigned jobs = 0;                  ///< worker threads; 0: all cores (the suite does not depend on it)
    bool keepDistinct = false;          ///< false: DISTINCT is removed from gold and neighbors first
    /// VM steps one gold and its open neighbors may spend over all databases before the
    /// gold is given up (its open neighbors stay undistinguished, GoldReport::workBudgetSpent):
    /// so one pathological gold cannot stall a batch. Counted in the sequential order,
    /// so deterministic whatever `jobs` is. 0: 20 × limits.maxSteps; negative: none.
    int64_t goldWorkSteps = 0;
    exec::ExecLimits limits{.maxSteps = exec::kDefaultMaxSteps / 2, .wallClockLimitMs = 10'000,
                            .maxRows = 20000};
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
};

/// The verdict for `candidate` against `gold` on every database of `suite`, in order.
/// `equivalent` when no database separates them (with plugValue: when some plugged
/// variant, or the candidate itself, is separated by none), `different` with the first
/// separating database, `candidate_error` when the candidate fails to run where it was
/// separated, `gold_error` when the gold itself fails.
/// Details: like exec_eval.py, both texts are postprocessed (officialPostprocess) and,
/// unless keepDistinct, DISTINCT-stripped; variants are tried in order (the candidate
/// first), each on the databases in order until one separates it. When none passes, the
/// variant that survived the most databases is reported (ties: the earliest plugged
/// variant, since with plug-value the metric judges the candidate with the gold's
/// values; the candidate itself when there is none); the verdict is `candidate_error` when it failed to run (error,
/// timeout, too large) on its separating database, else `different`. A gold that fails
/// on a database reached gives `gold_error` (the reference asserts there). An empty suite
/// gives `equivalent` with databasesChecked == 0.
CheckResult checkCandidate(std::string_view gold, std::string_view candidate, const Suite& suite,
                           const CheckOptions& options, const std::atomic<bool>* cancel = nullptr);

/// The official evaluator's remove_distinct: every DISTINCT keyword token cut out of the
/// text and nothing else touched, so "SELECT DISTINCT a" becomes "SELECT  a" and
/// "count(DISTINCT x)" becomes "count( x)". Text after a lexer error is kept as is.
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

/// Writes the suite as DIR/<db_id>/<db_id>_<n>.sqlite (n from 0), each file written
/// atomically (temp file, fsync, rename); existing files of that layout are replaced,
/// and stale <db_id>_<m>.sqlite files with m >= the suite's size are removed (an
/// evaluator would otherwise read them as part of the suite). Other files are left
/// alone. Errors ("suite.export") name the directory or file.
Status exportSuite(const Suite& suite, const std::filesystem::path& dir);

/// Reads DIR/<db_id>/*.sqlite (every file with ".sqlite" in its name, sorted by name,
/// as test-suite-sql-eval does) into a suite; files are opened read-only.
/// Sorting is by name with digit runs compared as numbers, so db_2 comes before db_10
/// and an export reads back in its order. Errors ("suite.import") name the directory
/// or the file at fault; a folder without any .sqlite file is an error too.
Result<Suite> importSuite(const std::filesystem::path& dir, const std::string& dbId);

/// The files importSuite reads, in its order: database n of the imported suite is
/// file n. Cheap (a directory listing); errors as importSuite's.
Result<std::vector<std::filesystem::path>> listSuiteFiles(const std::filesystem::path& dir, const std::string& dbId);

/// One gold query of a batch (a line of a Spider gold file).
struct GoldItem {
    std::string sql;
    std::string dbId;
};

/// The suite of one schema of a batch.
struct BatchSchemaResult {
    std::string dbId;
    std::vector<std::size_t> items;   ///< indices into the batch input, ascending
    std::optional<Diagnostic> error;  ///< the schema could not be loaded or distilled
    DistillResult result;             ///< result.golds is parallel to `items`
};

/// Groups `items` by db_id (schemas in order of first appearance), loads each schema
/// from the Spider tables.json at `tablesJson`, and distills one suite per schema
/// with `options` (budget and time budget apply per schema). A schema that fails is
/// reported in its BatchSchemaResult and the batch goes on. On cancel the batch stops:
/// the schema being distilled is returned with result.cancelled set, later ones are
/// absent. Errors: only when tables.json cannot be read or parsed.
Result<std::vector<BatchSchemaResult>> distillBatch(const std::vector<GoldItem>& items,
                                                    const std::filesystem::path& tablesJson,
                                                    const DistillOptions& options,
                                                    const ProgressCallback& progress = {},
                                                    const std::atomic<bool>* cancel = nullptr);

/// What distillDataset distills and where it writes.
struct DatasetDistillRequest {
    std::vector<GoldItem> items;               ///< a gold file's lines, in order
    std::filesystem::path tablesJson;          ///< Spider tables.json
    std::filesystem::path originalDatabases;   ///< optional: DIR/<db_id>/<db_id>.sqlite, tried first
    std::filesystem::path outDir;              ///< suites go to OUT/<db_id>/<db_id>_<n>.sqlite
    std::vector<std::string> onlyDbIds;        ///< empty: every schema of `items`
    DistillOptions options;                    ///< `original` is set per schema from originalDatabases
};

/// One schema of distillDataset once its suite is written.
struct DatasetSchemaDone {
    std::string dbId;
    std::vector<std::size_t> items;  ///< indices into DatasetDistillRequest::items, ascending
    const DistillResult& result;     ///< result.golds is parallel to `items`
};

struct DatasetDistillOutcome {
    std::size_t schemas = 0;          ///< suites written
    std::size_t suiteDatabases = 0;   ///< databases over all suites written
    bool cancelled = false;           ///< stopped early; the suites written so far stay
    double seconds = 0;
};

/// Gold queries one schema may have at most: they share one suite and every neighbor of
/// every gold runs on every sampled database, so more is a mistake, not a dataset.
inline constexpr std::size_t kMaxGoldsPerSchema = 5000;

/// The one orchestration of `distill` over a whole gold file, run by the CLI and the
/// GUI's project build alike: golds grouped by db_id (schemas in order of first
/// appearance), one suite per schema distilled and exported to outDir as soon as it is
/// done, then `onSchema` is called (on the calling thread) for reports. Progress is
/// tagged with dbId/schemaIndex/schemaCount. Errors stop the run and name the schema
/// or file at fault ("suite.dataset": more than kMaxGoldsPerSchema golds, a schema
/// missing from tables.json, an export that failed); nothing is removed on error or
/// cancel — a caller wanting all or nothing distills into a directory of its own.
Result<DatasetDistillOutcome> distillDataset(const DatasetDistillRequest& request,
                                             const std::function<void(const DatasetSchemaDone&)>& onSchema = {},
                                             const ProgressCallback& progress = {},
                                             const std::atomic<bool>* cancel = nullptr);

} // namespace sqleq::suite
