// inspect: one inspection of a (gold, candidate) pair end to end — the gold's
// neighbors and distilled suite (the user's original database first, a prebuilt
// suite after), the test-suite metric verdict, the search past the suite, the
// minimal counterexample, both queries on every database, and the diagnosis. It is
// the only orchestration of these stages: sqleq-cli `check`, the GUI's run and the
// audit adapt its plain-data result and re-implement none of its steps.
#pragma once

#include "core/base/result.h"
#include "core/inspect/check_request.h"
#include "core/compare/compare.h"
#include "core/exec/query_outcome.h"
#include "core/fuzz/profile.h"
#include "core/inspect/clause_diff.h"
#include "core/minimize/counterexample.h"
#include "core/neighbors/neighbors.h"
#include "core/prove/prove.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"
#include "core/schema/schema_source.h"
#include "core/suite/checker.h"
#include "core/suite/distill.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::inspect {

/// What a verdict rests on: a counterexample for `different`/`candidate_error`; a proof
/// (Inspection::proof) for a pair the rewrites bring to one normal form; else the
/// databases on which gold and candidate agreed.
enum class EvidenceKind { Counterexample, Proof, Suite, SuiteAndSearch };

/// "counterexample", "proof", "suite", "suite+search": the JSON names.
std::string_view evidenceKindName(EvidenceKind kind);

struct Evidence {
    EvidenceKind kind = EvidenceKind::Suite;
    std::size_t suiteDatabases = 0;   ///< databases of the suite the metric ran on
    std::size_t searchDatabases = 0;  ///< databases the search built and ran
};

/// How gold and candidate fare on one database of the inspection.
enum class DatabaseStatus { Same, Different, CandidateError, GoldError };

struct DatabaseRun {
    std::string label;                  ///< "original", "sample 17", a file name, "search: …"
    suite::DatabaseOrigin origin = suite::DatabaseOrigin::Sampled;
    bool fromSearch = false;            ///< built by the search, not part of the metric's suite
    DatabaseStatus status = DatabaseStatus::Same;
    schema::DatabaseContent content;    ///< every row, table by table
    exec::QueryOutcome goldOutcome;     ///< the texts as judged (check.goldUsed / candidateUsed)
    exec::QueryOutcome candidateOutcome;
    compare::Comparison comparison;
};

/// How every front end names database `index` of an inspection's list (Inspection::
/// databases, the suite's order): "#6 (concerts_0.sqlite)". "#N" only ever means that
/// position; the label ("original", "sample 17", a file name, "search: …") stays the
/// same wherever the database appears.
std::string databaseName(std::size_t index, std::string_view label);

struct Inspection;

/// The database the counterexample on screen comes from, as databaseName names it
/// ("#2 (sample 1)"): the check's separating database, or the later one its
/// counterexample was taken from (minimize::Counterexample::database). Empty when the
/// inspection has no separating database.
std::string counterexampleDatabaseName(const Inspection& inspection);

/// When the counterexample comes from another database than the first that separates
/// the pair, why, in one clause every front end shows: "database #0 (original)
/// separates them first but could not be shrunk (shown whole: …); this counterexample
/// comes from database #2 (sample 1), which separates them too". Empty otherwise.
std::string counterexampleOrigin(const Inspection& inspection);

/// A gold neighbor that behaves exactly like the candidate on every database tried
/// (each suite database and the counterexample): "the candidate is the gold with
/// `>` changed to `>=`".
struct NeighborMatch {
    neighbors::Neighbor neighbor;       ///< family, gold span, replacement, SQL
    std::string sqlRun;                 ///< as run (postprocessed, DISTINCT handled)
    /// The candidate as run is this neighbor's text, token for token (keywords and
    /// names in any case): the candidate *is* the gold with this one edit.
    bool sameText = false;
};

/// Whether the separating database's results depend on row order (ties at LIMIT,
/// bare columns beside aggregates): then the metric itself is ill-defined there.
struct Nondeterminism {
    bool gold = false;                    ///< the gold's result changes when rows are read in reverse
    bool candidate = false;
    exec::QueryOutcome goldAlternative;   ///< the gold's other valid result (when `gold`)
    exec::QueryOutcome candidateAlternative;
    /// Some valid result of the gold equals some valid result of the candidate: the
    /// separation is a matter of tie-breaking, not of meaning.
    bool tieBreakOnly = false;
};

struct Diagnosis {
    /// Those whose text is the candidate's first, then in the neighbors' order; at most
    /// kMaxNearestNeighbors.
    std::vector<NeighborMatch> nearestNeighbors;
    Nondeterminism nondeterminism;                ///< on the separating database
    std::vector<ClauseDifference> clauses;        ///< gold vs the candidate as judged, clause by clause
    /// The neighbors' runs spent the diagnosis's step budget (kDiagnosisWorkBudgets query
    /// budgets) before every neighbor was tried: `nearestNeighbors` may miss one.
    bool stepBudgetSpent = false;
};

/// The diagnosis spends at most this many query budgets (CheckSettings::limits) on the
/// neighbors' runs: deterministic, like the budgets. The neighbor whose text is the
/// candidate's is tried first, so the budget only ever cuts the list of look-alikes; on
/// a large original each look-alike costs a whole run (world_1's city self-join: ~1 s).
inline constexpr int64_t kDiagnosisWorkBudgets = 5;

inline constexpr std::size_t kMaxNearestNeighbors = 5;

/// The edit a neighbor makes, in words: "the gold with `age > 34` → `age >= 34`" or
/// "the gold without `AND weight > 0`". `goldSql` is the gold as the user wrote it.
std::string describeNeighbor(std::string_view goldSql, const neighbors::Neighbor& neighbor);

/// Why the candidate differs, in words a newcomer reads, from the neighbor the candidate
/// is (its text up to spacing and the case of keywords): "the candidate drops `WHERE
/// age > 34`", "the candidate has `>=` where the gold has `>`". Empty when the candidate
/// is no neighbor: one that merely gives the candidate's rows on the databases tried
/// (`34` → `-5` passing every row, as a dropped WHERE does) may be a coincidence.
std::string explainCandidate(std::string_view goldSql, const Diagnosis& diagnosis);

/// What the other profile makes of the pair, beside the inspection's own verdict: a
/// pair equivalent under spider may differ once a column holds NULL or a table is empty.
struct OtherProfileVerdict {
    /// How the other verdict is known.
    enum class Basis {
        SameCounterexample,  ///< the inspection's counterexample keeps the other profile's promises too
        /// The separating database does, though its minimal counterexample (shrunk within
        /// this profile: a table emptied, a NULL kept) does not.
        SeparatingDatabase,
        /// The separating database is one sqleq did not build (the user's original, a
        /// prebuilt suite's file): every profile's suite tries it.
        SuppliedDatabase,
        OwnSearch,           ///< the other profile's own search databases (`searched` of them) were run
        StrictSearchedIt,    ///< under strict the search already ran every database the spider search builds
        Proof,               ///< the proof holds under the other profile's promises too
    };
    fuzz::Profile profile = fuzz::Profile::Strict;
    suite::VerdictKind verdict = suite::VerdictKind::Equivalent;  ///< Different or Equivalent
    Basis basis = Basis::OwnSearch;
    std::string foundBy;        ///< OwnSearch, Different: what built the separating database
    std::size_t searched = 0;   ///< OwnSearch: databases built and run
};

/// The other profile's verdict in one line, the same in every front end: "Under the
/// strict profile they differ: targeted: NULLs (…) separates them".
std::string describeOtherProfile(const OtherProfileVerdict& other);

/// The JSON names of the bases: "same_counterexample", "separating_database",
/// "supplied_database", "own_search", "strict_searched_it", "proof".
std::string_view otherProfileBasisName(OtherProfileVerdict::Basis basis);

struct Inspection {
    /// The suite (original, distilled, prebuilt, then a database the search found) and
    /// the gold's neighbors with the suite database that distinguished each.
    suite::DistillResult distilled;
    std::size_t metricDatabases = 0;    ///< the first this many databases are the metric's suite
    /// The test-suite metric's verdict alone, with the official evaluator's conventions
    /// (DISTINCT removed unless keep-distinct, plug-value): metric_conventions.h.
    suite::CheckResult suiteCheck;
    /// sqleq's verdict: the queries as written (DISTINCT kept, no value plugged) on the
    /// suite, then the search.
    suite::CheckResult check;
    /// The suite accepts the candidate and the search separates it.
    bool testSuiteFalsePositive = false;
    /// The pair was proved before any suite was built: the metric's verdict holds on every
    /// database its suite could hold (the proof's), and was run only on the databases
    /// sqleq did not build (`metricDatabases` of them: the original, a prebuilt suite).
    bool suiteVerdictFromProof = false;
    /// When the metric's conventions, not the queries, decide its answer: "the metric
    /// removes DISTINCT; with it kept they differ: 3 vs 6". Empty otherwise.
    std::string conventionNote;
    /// Where tables.json and the original database's DDL disagreed on a constraint
    /// (schema::SchemaSource::constraintNotes): the DDL's is the one used.
    std::vector<std::string> constraintNotes;
    std::string searchFoundBy;          ///< what built the separating searched database; empty if none
    Evidence evidence;
    std::optional<minimize::Counterexample> counterexample;  ///< for `different`
    /// For an `equivalent` verdict the rewrites proved: the chain of steps (evidence.kind
    /// is Proof, and no search ran). Unset otherwise.
    std::optional<prove::Proof> proof;
    std::vector<DatabaseRun> databases; ///< with runEveryDatabase: one per suite database, same order
    Diagnosis diagnosis;
    /// With request.otherProfile, for a `different` or `equivalent` verdict after a search.
    std::optional<OtherProfileVerdict> otherProfile;
    bool orderMatters = false;          ///< gold rows compared as a list (top-level ORDER BY)
    /// The wall-clock safety net, not the deterministic step budget, ended a query the
    /// verdict rests on (the final check, or a run the distilled suite was chosen by):
    /// this verdict may differ on another machine.
    bool wallClockFired = false;
    /// The inspection's time limit (CheckSettings::timeLimitSeconds) passed and stopped a
    /// stage: which one depends on the machine, so the verdict says so.
    bool timeLimitReached = false;
    /// It stopped sampling or the search: the verdict rests on fewer databases than the
    /// settings ask for. A `different` stands (its database separates them); an
    /// `equivalent` is only "no difference found before the time limit".
    bool verdictCutShort = false;
    std::string phaseAtTimeLimit;       ///< the progress phase the time limit stopped
    bool cancelled = false;             ///< stopped early: nothing here is a verdict
    double seconds = 0;
    /// The settings it ran with, the profile resolved for the schema source: what every
    /// front end prints with it (inspectionJson).
    CheckSettings settings;
};

/// Progress phases: "neighbors", "original database" (its queries run), "sampling",
/// "targeting", "checking", "searching", "minimizing", "other profile", "diagnosing"
/// (neighbors tried) (suite::Progress fields; done/total per phase). Every phase reports
/// at its start and, while it runs long, about every query or database.
using ProgressCallback = suite::ProgressCallback;

/// sqleq's verdict from the test-suite metric's (`suiteCheck` on `suite`): the pair as
/// written on the same suite (checkAsWritten), and when no database of it separates
/// them and the budget is not 0, a proof (prove::prove under the settings' profile) or,
/// when the rewrites do not bring both to one form, the search past the suite under the
/// settings' profile, seed and jobs, which appends the database it finds to `suite`. The
/// one step `check`, `eval` and the audit share.
struct SearchedVerdict {
    suite::CheckResult check;   ///< sqleq's verdict
    std::string foundBy;        ///< what built the separating searched database; empty if none
    std::size_t searched = 0;   ///< databases the search built and ran
    bool cancelled = false;
    /// Set when the pair is proved: then no search ran.
    std::optional<prove::Proof> proof;
    std::string conventionNote; ///< metric_conventions.h: conventionNote; empty when they agree
    /// The metric accepts, sqleq separates, and no convention of the metric's hid it: a
    /// database the suite missed.
    bool testSuiteFalsePositive = false;
};
SearchedVerdict verdictAfterSearch(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                                   suite::Suite& suite, const suite::CheckResult& suiteCheck,
                                   const CheckSettings& settings, const std::atomic<bool>* cancel = nullptr);

/// Inspects request.candidate against request.gold on `source` (its original database
/// first in the suite, then the distilled databases, then the prebuilt suite of
/// request.suitesDir). Deterministic for given inputs and settings (the seed names every
/// random choice; query budgets count SQLite steps), whatever `jobs` is.
/// Errors: the prebuilt suite cannot be read ("suite.import"), the gold does not parse or
/// prepare (the diagnostic's span points into exec::officialPostprocess(gold), the text
/// the parser saw) or the suite cannot be built ("suite.*"). A candidate that does not
/// run is a verdict, not an error. `progress` runs on the calling thread; `cancel` may be
/// set from any thread and gives an Inspection with `cancelled` set.
Result<Inspection> inspect(const schema::SchemaSource& source, const CheckRequest& request,
                           const ProgressCallback& progress = {}, const std::atomic<bool>* cancel = nullptr);

} // namespace sqleq::inspect
