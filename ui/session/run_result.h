// RunResult: the immutable outcome of running a Session — schema, neighbors with the
// suite database that distinguished each, the suite, the verdict with its separating
// database and the minimal counterexample — shared with every model as
// shared_ptr<const RunResult>. Built off the GUI thread, never modified afterwards.
#pragma once

#include "core/inspect/inspect.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"
#include "core/suite/suite.h"
#include "ui/session/session.h"

#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace sqleq::ui {

/// How gold and candidate fare on one suite database.
enum class DatabaseStatus { Same, Different, CandidateError, GoldError, NotRun };

struct SuiteDatabaseView {
    QString label;                    ///< "original", "sample 17", ...
    DatabaseStatus status = DatabaseStatus::NotRun;
    bool separating = false;          ///< the first database that separates gold and candidate
    bool fromSearch = false;          ///< built by the search past the suite, not part of the metric's suite
    schema::DatabaseContent content;  ///< every row, table by table
    exec::QueryOutcome goldOutcome;
    exec::QueryOutcome candidateOutcome;
    compare::Comparison comparison;   ///< gold vs candidate here
};

struct RunResult {
    Session session;                  ///< the inputs this result was computed from
    schema::Schema schema;
    QString profileName;              ///< "spider" / "strict"
    uint64_t seed = 0;
    suite::DistillResult distilled;   ///< suite + neighbors (one gold) + counts
    suite::CheckResult check;         ///< sqleq's verdict (after the search past the suite)
    suite::CheckResult suiteCheck;    ///< the test-suite metric's verdict alone
    std::size_t metricDatabases = 0;  ///< the first this many suite databases are the metric's suite
    bool testSuiteFalsePositive = false;  ///< the suite accepts, the search separates
    bool suiteVerdictFromProof = false;   ///< inspect::Inspection::suiteVerdictFromProof
    /// When the metric's conventions decide its answer (inspect::Inspection::conventionNote).
    QString conventionNote;
    /// Where tables.json and the original database's DDL disagreed (the DDL is used).
    std::vector<std::string> constraintNotes;
    inspect::Evidence evidence;       ///< what the verdict rests on
    /// The chain of rewrites of a proved `equivalent` (evidence.kind Proof); unset otherwise.
    std::optional<prove::Proof> proof;
    QString searchFoundBy;            ///< what built the separating searched database; empty if none
    /// What the other profile makes of the pair; nothing when not judged.
    std::optional<inspect::OtherProfileVerdict> otherProfile;
    inspect::Diagnosis diagnosis;     ///< nearest neighbors of a `different` verdict
    std::vector<SuiteDatabaseView> databases;  ///< one per suite database, same order
    /// The minimal counterexample of a `different` verdict: its content, the gold and
    /// candidate results on it, and its size before/after.
    std::optional<schema::DatabaseContent> counterexample;
    exec::QueryOutcome counterexampleGold;
    exec::QueryOutcome counterexampleCandidate;
    /// Gold vs candidate on the counterexample: onlyInGoldIndices/onlyInCandidateIndices
    /// are the rows of counterexampleGold/counterexampleCandidate to highlight.
    compare::Comparison counterexampleComparison;
    std::size_t counterexampleRowsBefore = 0;
    /// Per entry of `counterexample`, per row: the row of the separating database's same
    /// table it was shrunk from (minimize::Counterexample::sourceRows).
    minimize::SourceRows counterexampleSourceRows;
    /// False when minimization failed or stopped early: `counterexample` is then the
    /// separating database shown whole (or the best one found), and the note says why.
    bool counterexampleMinimized = false;
    QString counterexampleNote;
    /// The profile's promise the counterexample breaks (only one from the user's own
    /// database can): "NULL in Addresses.line_3"; empty when it keeps them all.
    QString counterexampleOutsideProfile;
    /// The suite database the counterexample comes from (minimize::Counterexample::
    /// database): the check's separating one, or a later one when that could not be
    /// shrunk; -1 without a counterexample. separatingDatabaseOnScreen() reads it.
    int counterexampleDatabase = -1;
    /// Why the first separating database's counterexample was not shown
    /// (minimize::Counterexample::firstNotShrunk), and that said in core's sentence
    /// (inspect::counterexampleOrigin); both empty when it was.
    QString counterexampleFirstNotShrunk;
    QString counterexampleOrigin;
    /// Tables the gold or the candidate (as judged) reads, in schema order, for every
    /// verdict; the other tables only keep the profile's "no empty table" and are shown
    /// folded, as not read.
    std::vector<std::string> tablesRead;
    bool orderMatters = false;        ///< gold rows compared as a list (top-level ORDER BY)
    /// The run's time limit passed (inspect::Inspection::timeLimitReached), in this phase;
    /// with verdictCutShort, before the verdict had every database the settings ask for.
    bool timeLimitReached = false;
    bool verdictCutShort = false;
    QString phaseAtTimeLimit;
    int64_t timeLimitSeconds = 0;     ///< the limit it ran under; 0: none
    double seconds = 0;
};

using RunResultPtr = std::shared_ptr<const RunResult>;

} // namespace sqleq::ui

Q_DECLARE_METATYPE(sqleq::ui::RunResultPtr)
