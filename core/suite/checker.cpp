// The verdict for a candidate on a suite, as test-suite-sql-eval's eval_exec_match
// decides it (variants in order, databases in order, first separation ends a variant),
// with the plugged variants the likeliest to pass first and a shape that runs past its
// step budget not run again with other constants.
// Runs every query through the safe executor on private copies of the suite's
// databases. Searching past the suite is core/search's job.
#include "core/suite/checker.h"

#include "core/base/cancellation.h"
#include "core/exec/executor.h"
#include "core/exec/spider_compat.h"
#include "core/suite/spider_options.h"
#include "core/suite/suite_diagnostic.h"

#include <fmt/format.h>

namespace sqleq::suite {
namespace {

/// The suite's databases opened lazily, and the gold's outcome on each run once.
class SuiteSession {
public:
    SuiteSession(const Suite& suite, std::string goldRun, const exec::ExecLimits& limits,
                 exec::RememberedRuns* remembered)
        : m_suite(suite), m_goldRun(std::move(goldRun)), m_limits(limits), m_remembered(remembered),
          m_connections(suite.databases.size()), m_goldOutcomes(suite.databases.size())
    {
    }

    const exec::QueryOutcome& gold(std::size_t d)
    {
        if (!m_goldOutcomes[d]) m_goldOutcomes[d] = run(d, m_goldRun);
        return *m_goldOutcomes[d];
    }

    /// `sql` on database `d`. Only what another metric may ask again is remembered (the
    /// gold, the candidate as written): a plugged variant is asked once, and up to a
    /// thousand of them would push the gold's outcomes out of the memory.
    exec::QueryOutcome run(std::size_t d, std::string_view sql, bool rememberIt = true)
    {
        const void* database = &m_suite.databases[d].bytes;
        exec::RememberedRuns* remembered = rememberIt ? m_remembered : nullptr;
        if (remembered) {
            if (auto known = remembered->find(database, sql, m_limits)) return std::move(*known);
        }
        exec::Connection* conn = connection(d);
        if (conn == nullptr) return m_openFailure;
        exec::QueryOutcome outcome = exec::runQuery(*conn, sql, m_limits);
        if (remembered) remembered->remember(database, sql, m_limits, outcome);
        return outcome;
    }

private:
    exec::Connection* connection(std::size_t d)
    {
        if (!m_connections[d]) {
            auto opened = exec::Connection::deserializeCopy(m_suite.databases[d].bytes);
            if (!opened.ok()) {
                m_openFailure.status = exec::OutcomeStatus::Error;
                m_openFailure.error = suiteError("suite.open", fmt::format("suite database '{}' cannot be opened: {}", m_suite.databases[d].label,
                                           opened.error().message));
                return nullptr;
            }
            m_connections[d] = std::move(opened.value());
        }
        return &*m_connections[d];
    }

    const Suite& m_suite;
    std::string m_goldRun;
    exec::ExecLimits m_limits;
    exec::RememberedRuns* m_remembered;
    std::vector<std::optional<exec::Connection>> m_connections;
    std::vector<std::optional<exec::QueryOutcome>> m_goldOutcomes;
    exec::QueryOutcome m_openFailure;
};

/// How far one variant got: every database passed, or the first that separated it.
struct VariantRun {
    std::size_t passed = 0;
    bool separated = false;
    bool goldFailed = false;
    compare::Comparison comparison;
    exec::QueryOutcome candidateOutcome;
};

VariantRun runVariant(SuiteSession& session, std::size_t databases, std::string_view variant, bool orderMatters,
                      bool plugged, const std::atomic<bool>* cancel)
{
    VariantRun run;
    for (std::size_t d = 0; d < databases; ++d) {
        if (cancelRequested(cancel)) return run;
        if (!session.gold(d).ok()) {
            run.goldFailed = true;
            return run;
        }
        run.candidateOutcome = session.run(d, variant, !plugged);
        run.comparison = compare::compareOutcomes(session.gold(d), run.candidateOutcome, orderMatters);
        if (!run.comparison.same()) {
            run.separated = true;
            return run;
        }
        ++run.passed;
    }
    return run;
}

/// Whether the variant ran past its budget: the step budget, the wall-clock safety net
/// (a step can be a long b-tree insert, so a join feeding EXCEPT can reach 20 s first)
/// or the heap budget. The plugged variants still to try differ from it in constants
/// only, and a shape that runs away with its own or the gold's likeliest constants runs
/// away with the others, each spending the whole budget. A cancelled run is no
/// evidence: it ends the check.
bool ranPastBudget(const VariantRun& run)
{
    const exec::QueryOutcome& outcome = run.candidateOutcome;
    if (!run.separated || outcome.error.code == "exec.cancelled") return false;
    return outcome.status == exec::OutcomeStatus::Timeout || outcome.status == exec::OutcomeStatus::WallClockTimeout
        || outcome.error.code == "exec.memory";
}

std::string databaseName(const Suite& suite, std::size_t d)
{
    // The words of inspect::databaseName, which front ends use: "#N" is the suite position.
    return fmt::format("database #{} ({})", d, suite.databases[d].label);
}

// Where SQLite's error points in the query as run (sqlite3_error_offset), so a refused
// prediction names its place: " (line 2, column 8 of the query as run)"; empty without one.
std::string errorPlace(const exec::QueryOutcome& outcome, std::string_view sqlRun)
{
    if (!outcome.error.span.valid() || outcome.error.span.begin > sqlRun.size()) return {};
    const LineColumn where = lineColumnAt(sqlRun, outcome.error.span.begin);
    return fmt::format(" (line {}, column {} of the query as run)", where.line, where.column);
}

void describe(CheckResult& result, const Suite& suite, bool plugged)
{
    const std::size_t d = static_cast<std::size_t>(std::max(result.separatingDatabase, 0));
    switch (result.verdict) {
    case VerdictKind::Equivalent:
        result.message = fmt::format("no database of the suite ({}) separates the candidate from the gold{}",
                                     suite.databases.size(), plugged ? " once the gold's values are plugged in" : "");
        break;
    case VerdictKind::Different:
        result.message = fmt::format("{} separates them: {}", databaseName(suite, d), result.comparison.message);
        break;
    case VerdictKind::CandidateError:
        result.message = fmt::format("the candidate fails on {}: {}{}", databaseName(suite, d),
                                     result.candidateOutcome.error.message,
                                     errorPlace(result.candidateOutcome, result.candidateUsed));
        break;
    case VerdictKind::GoldError:
        result.message = fmt::format("the gold fails on {}: {}{}", databaseName(suite, d),
                                     result.goldOutcome.error.message, errorPlace(result.goldOutcome, result.goldUsed));
        break;
    }
}

} // namespace

std::string_view verdictKindName(VerdictKind kind)
{
    switch (kind) {
    case VerdictKind::Equivalent: return "equivalent";
    case VerdictKind::Different: return "different";
    case VerdictKind::CandidateError: return "candidate_error";
    case VerdictKind::GoldError: return "gold_error";
    }
    return "different";
}

CheckResult checkCandidate(std::string_view gold, std::string_view candidate, const Suite& suite,
                           const CheckOptions& options, const std::atomic<bool>* cancel,
                           exec::RememberedRuns* remembered)
{
    CheckResult result;
    result.goldUsed = textAsRun(gold, options.keepDistinct);
    result.candidateUsed = textAsRun(candidate, options.keepDistinct);
    const bool orderMatters = orderMattersFor(result.goldUsed, options.orderRule);
    exec::ExecLimits limits = options.limits;
    limits.cancel = cancel;
    SuiteSession session(suite, result.goldUsed, limits, remembered);
    const std::size_t databases = suite.databases.size();

    std::vector<std::string> variants{result.candidateUsed};
    if (options.plugValue) {
        auto plugged = plugGoldValuesLikeliestFirst(result.goldUsed, result.candidateUsed);
        variants.insert(variants.end(), std::make_move_iterator(plugged.begin()),
                        std::make_move_iterator(plugged.end()));
    }
    std::optional<std::size_t> bestIndex;
    VariantRun best;
    for (std::size_t v = 0; v < variants.size(); ++v) {
        VariantRun run = runVariant(session, databases, variants[v], orderMatters, v > 0, cancel);
        ++result.variantsTried;
        if (cancelRequested(cancel)) {
            result.cancelled = true;
            result.message = "cancelled";
            return result;
        }
        if (run.goldFailed) {
            result.verdict = VerdictKind::GoldError;
            result.separatingDatabase = static_cast<int>(run.passed);
            result.databasesChecked = run.passed + 1;
            result.goldOutcome = session.gold(run.passed);
            result.comparison = compare::compareOutcomes(result.goldOutcome, exec::QueryOutcome{}, orderMatters);
            describe(result, suite, false);
            return result;
        }
        // A plugged variant wins a tie with the literal candidate: with plug-value the
        // metric judges the candidate with the gold's values, so the counterexample must
        // show what is wrong beyond a placeholder value.
        const bool beatsLiteral = bestIndex == std::optional<std::size_t>(0) && run.passed == best.passed;
        const bool shapeRunsAway = ranPastBudget(run);
        if (!run.separated || !bestIndex || run.passed > best.passed || beatsLiteral) {
            bestIndex = v;
            best = std::move(run);
        }
        if (!best.separated) break;
        if (shapeRunsAway) {
            result.variantsSkipped = variants.size() - v - 1;
            break;
        }
    }
    result.candidateUsed = variants[*bestIndex];
    result.comparison = std::move(best.comparison);
    result.candidateOutcome = std::move(best.candidateOutcome);
    if (!best.separated) {
        result.verdict = VerdictKind::Equivalent;
        result.databasesChecked = databases;
        if (databases > 0) result.goldOutcome = session.gold(databases - 1);
        describe(result, suite, *bestIndex > 0);
        return result;
    }
    result.separatingDatabase = static_cast<int>(best.passed);
    result.databasesChecked = best.passed + 1;
    result.goldOutcome = session.gold(best.passed);
    result.verdict = result.candidateOutcome.ok() ? VerdictKind::Different : VerdictKind::CandidateError;
    describe(result, suite, false);
    return result;
}

} // namespace sqleq::suite
