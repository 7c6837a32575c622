// `sqleq-cli check`: one inspection (core/inspect) printed — the test-suite metric's
// verdict, sqleq's verdict after the search, the evidence, the minimal counterexample
// and the diagnosis. Nothing here decides anything; it only adapts the Inspection.

#include "app/cli/commands.h"
#include "app/cli/counterexample_report.h"
#include "app/cli/database_source.h"
#include "app/cli/error_report.h"
#include "app/cli/exit_codes.h"
#include "app/cli/progress_bar.h"
#include "app/cli/sql_source.h"
#include "app/cli/suite_options.h"

#include "core/base/atomic_file.h"
#include "core/exec/spider_compat.h"
#include "core/inspect/inspect.h"
#include "core/inspect/inspection_json.h"
#include "core/prove/proof_json.h"

#include <fmt/format.h>

#include <cctype>
#include <memory>

namespace sqleq::cli {
namespace {

struct CheckCommandOptions {
    DatabaseSourceOptions database;
    SqlSource gold{"gold", {}, {}};
    SqlSource candidate{"candidate", {}, {}};
    inspect::CheckRequest request;
    std::size_t deprecatedDeep = 0;
    bool suiteOnly = false;
    bool json = false;
    std::string proofOut;       ///< --proof-out: where the proof file goes; empty for none
};

std::string separatingName(const inspect::Inspection& inspection)
{
    const int separating = inspection.check.separatingDatabase;
    const auto& databases = inspection.distilled.suite.databases;
    if (separating < 0 || static_cast<std::size_t>(separating) >= databases.size()) return {};
    const auto index = static_cast<std::size_t>(separating);
    return inspect::databaseName(index, databases[index].label);
}

void printVerdict(const inspect::Inspection& inspection)
{
    const auto& check = inspection.check;
    const auto& evidence = inspection.evidence;
    switch (check.verdict) {
    case suite::VerdictKind::Equivalent:
        if (inspection.proof) {
            const std::size_t rewrites = inspection.proof->rewrites();
            fmt::print("verdict: equivalent (proved: {} rewrite{})", rewrites, rewrites == 1 ? "" : "s");
            break;
        }
        fmt::print("verdict: equivalent on {} suite databases", evidence.suiteDatabases);
        if (evidence.searchDatabases > 0) fmt::print(" and {} searched databases", evidence.searchDatabases);
        break;
    case suite::VerdictKind::Different:
        fmt::print("verdict: different: database {} separates them", separatingName(inspection));
        break;
    case suite::VerdictKind::CandidateError: fmt::print("verdict: candidate does not run"); break;
    case suite::VerdictKind::GoldError: fmt::print("verdict: gold does not run"); break;
    }
    fmt::print(" (profile {}, seed {}, {:.2f} s{})\n", fuzz::profileName(inspection.settings.profile),
               inspection.settings.seed, inspection.seconds,
               inspection.verdictCutShort ? ", cut short by the time limit" : "");
    if (inspection.testSuiteFalsePositive) {
        fmt::print("test-suite metric: equivalent — a test-suite false positive: only the search separates them\n");
    } else {
        fmt::print("test-suite metric: {}{}\n", suite::verdictKindName(inspection.suiteCheck.verdict),
                   inspection.conventionNote.empty() ? "" : " — " + inspection.conventionNote);
    }
    for (const std::string& note : inspection.constraintNotes) fmt::print("schema: {}\n", note);
    fmt::print("why: {}\n", check.message);
    if (inspection.otherProfile) {
        std::string other = inspect::describeOtherProfile(*inspection.otherProfile);
        other.front() = static_cast<char>(std::tolower(static_cast<unsigned char>(other.front())));
        fmt::print("other profile: {}\n", other);
    }
    if (inspection.verdictCutShort) {
        fmt::print("note: the time limit ({:g} s) stopped the {} phase: this verdict rests on the databases tried "
                   "before it and may differ on another machine (raise --time-limit)\n",
                   inspection.settings.timeLimitSeconds, inspection.phaseAtTimeLimit);
    } else if (inspection.timeLimitReached) {
        fmt::print("note: the time limit ({:g} s) stopped the {} phase after the verdict; the verdict is complete, "
                   "what follows it may not be (raise --time-limit)\n",
                   inspection.settings.timeLimitSeconds, inspection.phaseAtTimeLimit);
    }
    if (inspection.diagnosis.stepBudgetSpent) {
        fmt::print("note: the diagnosis spent its step budget before trying every neighbor\n");
    }
    if (inspection.wallClockFired) {
        fmt::print("note: the wall-clock safety net ended a query this verdict rests on; it may differ on another "
                   "machine (raise --wall-clock-limit)\n");
    }
}

// One line per rewrite, numbered as the verdict line counts them: the `syntax` step only
// prints the query as sqleq does, and the next step's text shows its result anyway.
void printProof(const prove::Proof& proof)
{
    fmt::print("proof: {} rewrite{} to one normal form for both queries, under the {} profile's promises\n",
               proof.rewrites(), proof.rewrites() == 1 ? "" : "s", fuzz::profileName(proof.profile));
    std::size_t number = 0;
    for (const prove::ProofStep& step : proof.steps) {
        if (step.rule == "syntax") continue;
        fmt::print("  {}. {} {}: {}\n", ++number, prove::sideName(step.side), step.rule, step.after);
        for (const std::string& fact : step.uses) fmt::print("       uses: {}\n", fact);
    }
    fmt::print("  normal form: {}\n", proof.goldForm);
}

void printText(const schema::Schema& schema, const inspect::Inspection& inspection)
{
    const auto counts = inspect::countNeighbors(inspection.distilled);
    printVerdict(inspection);
    if (inspection.proof) printProof(*inspection.proof);
    fmt::print("neighbors: {} generated, {} distinguished; {} databases sampled\n", counts.total,
               counts.distinguished, inspection.distilled.sampled);
    // Only a neighbor that explains the candidate is named; a random constant that
    // happens to match is no reason (the JSON lists every match).
    if (const std::string explanation = inspection.distilled.golds.empty()
            ? std::string()
            : inspect::explainCandidate(inspection.distilled.golds.front().goldSql, inspection.diagnosis);
        !explanation.empty())
        fmt::print("in short: {}\n", explanation);
    for (const auto& difference : inspection.diagnosis.clauses) {
        fmt::print("{} differs: gold `{}`, candidate `{}`\n", inspect::clauseName(difference.clause),
                   difference.gold.empty() ? "(none)" : difference.gold,
                   difference.candidate.empty() ? "(none)" : difference.candidate);
    }
    const auto& order = inspection.diagnosis.nondeterminism;
    if (order.gold || order.candidate) {
        fmt::print("note: on the separating database the {} result depends on row order (ties at LIMIT, a bare "
                   "column beside an aggregate){}\n",
                   order.gold && order.candidate ? "gold's and the candidate's" : order.gold ? "gold's" : "candidate's",
                   order.tieBreakOnly ? "; read in another order they agree: the difference is tie-breaking, and "
                                        "every metric is ill-defined here"
                                      : "");
    }
    fmt::print("gold as run: {}\n", inspection.check.goldUsed);
    fmt::print("candidate as run: {}\n", inspection.check.candidateUsed);
    printCounterexample(schema, inspection.counterexample, inspect::counterexampleDatabaseName(inspection),
                        fuzz::profileName(inspection.settings.profile), inspect::counterexampleOrigin(inspection));
}

int exitCodeFor(suite::VerdictKind verdict)
{
    switch (verdict) {
    case suite::VerdictKind::Equivalent: return kExitSuccess;
    case suite::VerdictKind::GoldError: return kExitInputError;
    default: return kExitDifferent;
    }
}

/// --proof-out: the proof file of a proved pair. Any other verdict has no proof to
/// write: a note on stderr says so, and the verdict's exit code stands.
int writeProof(const CheckCommandOptions& options, const schema::Schema& schema, const inspect::Inspection& inspection)
{
    if (!inspection.proof) {
        fmt::print(stderr, "note: --proof-out: no proof written to {}: the verdict is not a proved equivalence\n",
                   options.proofOut);
        return kExitSuccess;
    }
    const std::string text = prove::proofJson(*inspection.proof, schema)
                                 .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    if (auto written = writeFileAtomically(options.proofOut, text); !written)
        return reportError(options.json, written.error(), kExitInputError);
    return kExitSuccess;
}

int runCheck(CheckCommandOptions options)
{
    auto gold = readSqlSource(options.gold);
    auto candidate = readSqlSource(options.candidate);
    for (const auto* text : {&gold, &candidate}) {
        if (!*text) return reportError(options.json, text->error(), kExitInputError);
    }
    auto source = openSchemaSource(options.database);
    if (!source) return reportError(options.json, source.error(), kExitInputError);
    options.request.gold = std::move(*gold);
    options.request.candidate = std::move(*candidate);
    if (options.deprecatedDeep > 0) options.request.settings.searchBudget = options.deprecatedDeep;
    if (options.suiteOnly) options.request.settings.searchBudget = 0;
    ProgressBar bar;
    auto inspection = inspect::inspect(*source, options.request, bar.callback());
    bar.finish();
    if (!inspection) {
        // The gold's errors point into the text the parser saw: the postprocessed gold.
        if (inspection.error().subject == DiagnosticSubject::Gold)
            return reportError(options.json, "gold", inspection.error(), exec::officialPostprocess(options.request.gold),
                               kExitInputError);
        return reportError(options.json, inspection.error(), kExitInputError);
    }
    if (!options.proofOut.empty()) {
        if (int failed = writeProof(options, source->schema, *inspection); failed != kExitSuccess) return failed;
    }
    if (options.json) {
        fmt::print("{}\n", inspect::inspectionJson(source->schema, *inspection)
                               .dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } else {
        printText(source->schema, *inspection);
    }
    return exitCodeFor(inspection->check.verdict);
}

} // namespace

void registerCheckCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<CheckCommandOptions>();
    auto* command = app.add_subcommand(
        "check", "Decide gold vs candidate: the test-suite verdict, then a search past the suite; show the minimal "
                 "separating database and why they differ");
    addDatabaseSourceOptions(*command, options->database);
    addSqlSourceOptions(*command, options->gold, "Gold (reference) query");
    addSqlSourceOptions(*command, options->candidate, "Candidate (predicted) query");
    addCheckSettingsOptions(*command, options->request.settings, SettingsScope::Check,
                            "When the suite finds no difference, build and run up to this many more databases "
                            "(targeted from both queries, then random) to look for one");
    command->add_option("--suites", options->request.suitesDir,
                        "Also run a released or prebuilt test suite, DIR/<db_id>/*.sqlite, after the distilled one");
    command->add_flag("--suite-only", options->suiteOnly,
                      "No search: exactly the test-suite metric's verdict (same as --search 0)");
    command->add_option("--deep", options->deprecatedDeep, "Old name of --search")->group("");
    command->add_flag("!--no-minimize", options->request.minimize, "Skip the minimal counterexample (faster)");
    command->add_flag("!--no-other-profile", options->request.otherProfile,
                      "Do not say what the other profile makes of the pair (saves a search when it is not free)");
    command->add_option("--proof-out", options->proofOut,
                        "For a proved pair, write the proof (every rewrite, the schema facts it cites) to this JSON "
                        "file, which `check-proof` re-checks");
    command->add_flag("--json", options->json,
                      "Print a JSON object: verdict, suite_verdict, test_suite_false_positive, evidence, "
                      "counterexample, gold_used, candidate_used, diagnosis, ...");
    command->callback([options, command, &exitCode] {
        // Unnamed, the profile is the schema source's promise (inspect::resolveProfile).
        options->request.settings.profileFromSchema = command->count("--profile") == 0;
        exitCode = runCheck(*options);
    });
}

} // namespace sqleq::cli
