// Greedy distillation (Algorithm 1): sample databases, keep one when it distinguishes
// a neighbor no kept database distinguishes yet. Work runs on a WorkerPool in batches;
// merging happens on the calling thread in index order so the suite is the sequential
// algorithm's whatever the thread count. No database that joins nothing is retained.
// The targeted phase after sampling (proofs, built databases) is distiller_targeted.cpp;
// each gold's work budget, read as the one-database-at-a-time run reads it, is
// distiller_budget.cpp;
// the entry points, which distill each repeated gold text once, are distill_entry.cpp.
#include "core/suite/distiller.h"

#include "core/base/cancellation.h"
#include "core/exec/executor.h"
#include "core/exec/spider_compat.h"
#include "core/fuzz/fuzz.h"
#include "core/neighbors/neighbors.h"
#include "core/schema/database_content.h"
#include "core/sql/parser.h"
#include "core/suite/spider_options.h"
#include "core/suite/suite_diagnostic.h"
#include "core/targeted/order_dependence.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::suite {
namespace {

/// Under the spider profile (no NULLs) count(x) equals count(*). Once DISTINCT is removed,
/// e.g. count(DISTINCT a) and count(DISTINCT b) both read count(*): such a neighbor can be
/// told apart from the gold by no database, so it is no target.
bool sameUpToCount(std::string_view neighbor, std::string_view gold)
{
    const auto normalized = neighbors::normalizedForm(neighbor);
    return !normalized.empty() && normalized == neighbors::normalizedForm(gold);
}

constexpr std::size_t kMaxBatch = 16;
/// The first sampled databases tell most neighbors apart; the proofs from the schema's
/// keys then set aside the equivalent ones still open, so they are not run on the rest
/// of the budget. A fixed index, so the suite does not depend on the batches or the
/// thread count.
constexpr std::size_t kProveAfterSamples = 16;
/// Statements a worker keeps prepared for the sampled databases: every gold with open
/// neighbors runs on each of them, with its open neighbors (world_1's 60 golds keep a
/// few hundred texts in play), and an LRU cache smaller than that misses every time.
constexpr std::size_t kKeptStatements = 16384;
constexpr std::size_t kKeptStatementBytes = std::size_t{128} << 20;

unsigned workerCount(unsigned jobs)
{
    return jobs != 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
}

/// What a run cost: its VM steps, and a whole step budget when it ran out of time.
int64_t stepsOf(const exec::QueryOutcome& outcome, const exec::ExecLimits& limits)
{
    const bool timedOut = outcome.status == exec::OutcomeStatus::Timeout
                          || outcome.status == exec::OutcomeStatus::WallClockTimeout;
    return timedOut ? std::max(outcome.vmSteps, limits.maxSteps) : std::max<int64_t>(outcome.vmSteps, 0);
}

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

std::size_t GoldReport::undistinguished() const
{
    return static_cast<std::size_t>(
        std::count_if(neighbors.begin(), neighbors.end(), [](const NeighborStatus& n) { return n.open(); }));
}

Distiller::Distiller(const schema::Schema& schema, const DistillOptions& options, const ProgressCallback& progress,
                     const std::atomic<bool>* cancel, SharedCores* cores)
    : m_schema(schema), m_readable(fuzz::materializableSchema(schema)), m_materializer(m_readable),
      m_options(options), m_progress(progress), m_cancel(cancel), m_limits(options.limits),
      m_pool(workerCount(options.jobs), cores), m_workers(m_pool.size())
{
    m_limits.cancel = cancel;
    m_result.suite.dbId = schema.name;
    m_goldWorkSteps = options.goldWorkSteps != 0 ? options.goldWorkSteps : 20 * std::max<int64_t>(m_limits.maxSteps, 0);
}

bool Distiller::cancelled() const
{
    return cancelRequested(m_cancel);
}

std::vector<Result<std::vector<neighbors::Neighbor>>> Distiller::generateAll(const std::vector<std::string>& golds)
{
    std::vector<Result<std::vector<neighbors::Neighbor>>> lists(golds.size(), std::vector<neighbors::Neighbor>{});
    const neighbors::NeighborOptions neighborOptions{.seed = m_options.seed};
    auto task = [&](std::size_t i, unsigned) {
        if (cancelled()) return;
        lists[i] = neighbors::generateNeighbors(exec::officialPostprocess(golds[i]), m_schema, neighborOptions);
    };
    auto tick = [&](std::size_t done) {
        if (!m_progress) return;
        Progress progress;
        progress.phase = "neighbors";
        progress.done = done;
        progress.total = golds.size();
        m_progress(progress);
    };
    const bool ran = m_pool.run(golds.size(), task, tick);
    m_interrupted = cancelled();
    if (!m_interrupted) tick(golds.size());
    if (!ran) {
        for (auto& list : lists)
            list = suiteError("suite.internal", "neighbor generation failed unexpectedly");
    }
    return lists;
}

void Distiller::setGolds(const std::vector<std::string>& golds,
                         std::vector<Result<std::vector<neighbors::Neighbor>>> lists)
{
    m_result.golds.resize(golds.size());
    m_open.assign(golds.size(), 0);
    m_spentSteps.assign(golds.size(), 0);
    m_targetedConstants.assign(golds.size(), {});
    m_targetedPerGold.assign(golds.size(), 0);
    m_differencePerGold.assign(golds.size(), 0);
    for (std::size_t g = 0; g < golds.size(); ++g) {
        GoldReport& report = m_result.golds[g];
        report.goldSql = golds[g];
        report.goldRun = textAsRun(golds[g], m_options.keepDistinct);
        report.orderMatters = orderMattersFor(report.goldRun, compare::OrderRule::TopLevelOrderBy);
        const sql::ParseOutput parsed = sql::parse(exec::officialPostprocess(golds[g]));
        if (!parsed.ok()) {
            report.error = attributed(parsed.diagnostics.empty()
                                          ? suiteError("parse.syntax", "the gold query does not parse")
                                          : parsed.diagnostics.front(),
                                      DiagnosticKind::Syntax, DiagnosticSubject::Gold);
            continue;
        }
        fuzz::merge(m_constants, fuzz::collectConstants(*parsed.statement, m_schema));
        if (!lists[g].ok()) {
            report.error = lists[g].error();
            report.error->subject = DiagnosticSubject::Gold;
            continue;
        }
        for (neighbors::Neighbor& neighbor : lists[g].value()) {
            NeighborStatus status;
            status.neighbor = std::move(neighbor);
            status.sqlRun = textAsRun(status.neighbor.sql, m_options.keepDistinct);
            status.sameAsGoldWhenRun = sameTokens(status.sqlRun, report.goldRun)
                || (m_options.profile == fuzz::Profile::Spider && sameUpToCount(status.sqlRun, report.goldRun));
            report.neighbors.push_back(std::move(status));
        }
    }
    markUnpreparedGolds();
    for (std::size_t g = 0; g < golds.size(); ++g) {
        m_open[g] = m_result.golds[g].error ? 0 : m_result.golds[g].undistinguished();
        m_undistinguished += m_open[g];
    }
}

/// A gold SQLite cannot prepare on the schema would fail on every database: say so
/// once instead of counting a failure per sampled database.
void Distiller::markUnpreparedGolds()
{
    auto empty = m_materializer.build(schema::DatabaseContent{});
    if (!empty.ok()) return;  // sampling will report the schema's problem
    for (GoldReport& report : m_result.golds) {
        if (report.error) continue;
        exec::QueryOutcome outcome = exec::runQuery(*empty, report.goldRun, m_limits);
        if (outcome.status == exec::OutcomeStatus::Error && outcome.error.code != "exec.runtime")
            report.error = attributed(outcome.error, DiagnosticKind::Query, DiagnosticSubject::Gold);
    }
}

void Distiller::report(std::size_t total, std::string_view phase, std::optional<std::size_t> done)
{
    if (!m_progress) return;
    Progress progress;
    progress.phase = std::string(phase);
    progress.done = done.value_or(m_result.sampled);
    progress.total = total;
    progress.suiteSize = m_result.suite.databases.size();
    progress.undistinguished = m_undistinguished;
    m_progress(progress);
}

Distiller::PairEval Distiller::evaluatePair(const BatchDatabase& database, uint64_t key, std::size_t gold,
                                            const std::vector<std::size_t>& open, unsigned worker)
{
    PairEval eval;
    if ((!database.bytes && !database.content) || cancelled()) {
        eval.unavailable = true;
        return eval;
    }
    WorkerState& state = m_workers[worker];
    if (state.key != key) {
        state.key = UINT64_MAX;
        if (database.content) {
            if (!state.sampled) {
                state.sampled.emplace(m_readable);
                state.sampled->connection().keepStatements(kKeptStatements, kKeptStatementBytes);
            }
            if (auto filled = state.sampled->refill(*database.content); !filled) {
                eval.unavailable = true;
                eval.fillError = filled.error();
                return eval;
            }
            state.active = &state.sampled->connection();
        } else {
            auto connection = exec::Connection::deserializeCopy(*database.bytes);
            if (!connection.ok()) {
                eval.unavailable = true;
                return eval;
            }
            state.copy = std::move(connection.value());
            state.active = &state.copy;
        }
        state.key = key;
    }
    exec::Connection& connection = *state.active;
    const GoldReport& report = m_result.golds[gold];
    const exec::QueryOutcome goldOutcome = exec::runQuery(connection, report.goldRun, m_limits);
    m_batchRuns.fetch_add(1, std::memory_order_relaxed);
    eval.goldSteps = stepsOf(goldOutcome, m_limits);
    eval.wallClockFired = goldOutcome.status == exec::OutcomeStatus::WallClockTimeout;
    if (!goldOutcome.ok()) {
        eval.goldFailed = true;
        return eval;
    }
    if (tooCostly(database, eval.goldSteps, open.size())) {
        eval.tooCostly = true;
        return eval;
    }
    eval.neighborSteps.reserve(open.size());
    // A gold whose neighbors each run to the step limit (ATIS's fifteen-table ORs) would
    // spend hours on one database; past the whole budget it stops, at a point that does
    // not depend on batching.
    int64_t spent = eval.goldSteps;
    for (std::size_t n : open) {
        if (cancelled()) break;
        if (m_goldWorkSteps > 0 && spent > m_goldWorkSteps) {
            eval.overBudget = true;
            break;
        }
        const exec::QueryOutcome outcome = exec::runQuery(connection, report.neighbors[n].sqlRun, m_limits);
        m_batchRuns.fetch_add(1, std::memory_order_relaxed);
        eval.neighborSteps.push_back(stepsOf(outcome, m_limits));
        eval.wallClockFired |= outcome.status == exec::OutcomeStatus::WallClockTimeout;
        spent += eval.neighborSteps.back();
        if (compare::compareOutcomes(goldOutcome, outcome, report.orderMatters).verdict == compare::Verdict::Different)
            eval.distinguished.push_back(n);
    }
    return eval;
}

bool Distiller::runTasks(const Lane& lane, std::size_t count, const WorkerPool::Task& task,
                         const WorkerPool::Tick& tick)
{
    if (!lane.worker) return m_pool.run(count, task, tick);
    for (std::size_t i = 0; i < count; ++i) task(i, *lane.worker);  // a throw ends the lane's pool task
    return true;
}

/// Evaluates every (database, active gold) pair of the batch against the neighbors
/// open at batch start. Returns false when a task failed unexpectedly.
bool Distiller::evaluateBatch(Lane& lane, std::vector<BatchDatabase>& batch, std::optional<std::size_t> onlyGold)
{
    lane.activeGolds.clear();
    lane.openAtStart.clear();
    for (std::size_t g = onlyGold.value_or(0); g < m_result.golds.size(); ++g) {
        if (onlyGold && g != *onlyGold) break;
        if (m_open[g] == 0) continue;
        lane.activeGolds.push_back(g);
        lane.openAtStart.push_back(openNeighbors(g));
    }
    const std::size_t golds = lane.activeGolds.size();
    lane.evals.assign(batch.size() * golds, PairEval{});
    const uint64_t serial = ++m_batchSerial;
    auto evaluate = [&](std::size_t t, unsigned worker) {
        const std::size_t db = t / golds;
        const std::size_t a = t % golds;
        lane.evals[t] = evaluatePair(batch[db], (serial << 20) | db, lane.activeGolds[a], lane.openAtStart[a], worker);
    };
    if (lane.worker) return runTasks(lane, batch.size() * golds, evaluate, {});
    m_batchRuns.store(0, std::memory_order_relaxed);
    // The original alone is one batch, and on a large original (world_1's four thousand
    // cities joined to themselves) its gold and neighbors take a minute: count its
    // queries, so the progress says what runs and moves with every one of them.
    std::size_t queries = 0;
    for (const auto& open : lane.openAtStart) queries += 1 + open.size();
    const bool original = batch.size() == 1 && batch.front().origin == DatabaseOrigin::Original;
    const auto tick = [&](std::size_t) {
        if (original) report(queries, "original database", m_batchRuns.load(std::memory_order_relaxed));
        else report(m_options.budget);
    };
    // With a database for every worker, a worker takes all golds of one database, so
    // each database is loaded once; a smaller batch is split by (database, gold).
    if (batch.size() >= m_pool.size()) {
        auto perDatabase = [&](std::size_t db, unsigned worker) {
            for (std::size_t a = 0; a < golds; ++a) evaluate(db * golds + a, worker);
        };
        const bool ran = m_pool.run(batch.size(), perDatabase, tick);
        if (original) tick(0);
        return ran;
    }
    const bool ran = m_pool.run(batch.size() * golds, evaluate, tick);
    if (original) tick(0);
    return ran;
}

/// The sequential step for one database, given its pair evaluations: it joins the
/// suite iff it distinguishes a neighbor still open now.
Status Distiller::mergeDatabase(Lane& lane, BatchDatabase& database, std::vector<PairEval>& evals)
{
    bool goldFailure = false;
    std::vector<std::pair<std::size_t, std::size_t>> fresh;  // (gold, neighbor)
    std::vector<std::pair<std::size_t, int64_t>> charges;    // (gold, steps), applied after the merge
    for (std::size_t a = 0; a < lane.activeGolds.size(); ++a) {
        const std::size_t g = lane.activeGolds[a];
        PairEval& eval = evals[a];
        if (m_open[g] == 0 || eval.unavailable) continue;
        if (eval.tooCostly && !tooCostly(database, eval.goldSteps, m_open[g])) {
            // Passed over for the neighbors open at batch start, affordable for the fewer
            // open now: run them now, as the sequential algorithm would have.
            eval = rerunNow(lane, a, database);
        } else if (eval.overBudget && m_goldWorkSteps > 0) {
            auto sequential = asSequential(lane, a, eval);
            eval = sequential ? std::move(*sequential) : rerunNow(lane, a, database);
        }
        lane.wallClockFired |= eval.wallClockFired;
        charges.emplace_back(g, eval.overBudget ? std::max(workOf(lane, a, eval), m_goldWorkSteps + 1)
                                                : workOf(lane, a, eval));
        if (eval.goldFailed) {
            // Counted for sampled databases (and the original); a targeted database the
            // gold fails on is simply not used.
            goldFailure = true;
            if (database.origin != DatabaseOrigin::Targeted) ++m_result.golds[g].goldFailures;
            continue;
        }
        std::optional<targeted::OrderDependence> goldOrder;  // read once per database and gold
        for (std::size_t n : eval.distinguished)
            if (m_result.golds[g].neighbors[n].distinguishedBy < 0 && !tieBreakOnly(database, g, n, goldOrder))
                fresh.emplace_back(g, n);
    }
    if (goldFailure && database.origin == DatabaseOrigin::Sampled) ++m_result.goldFailures;
    if (!fresh.empty() && !database.bytes) {
        // A sampled database joins the suite as materialize() writes it.
        auto built = m_materializer.build(*database.content);
        if (!built) return built.error();
        auto bytes = built->serialize();
        if (!bytes) return bytes.error();
        database.bytes = std::move(*bytes);
    }
    if (!fresh.empty()) {
        const int keptIndex = static_cast<int>(lane.kept.size());
        for (auto [g, n] : fresh) {
            m_result.golds[g].neighbors[n].distinguishedBy = keptIndex;
            lane.keptFor.emplace_back(g, n);
            --m_open[g];
            --m_undistinguished;
        }
        SuiteDatabase kept;
        kept.origin = database.origin;
        kept.sampleIndex = database.index;
        kept.bytes = std::move(*database.bytes);
        kept.label = !database.label.empty()                         ? database.label
                     : database.origin == DatabaseOrigin::Original ? "original"
                                                                   : fmt::format("sample {}", database.index);
        lane.kept.push_back(std::move(kept));
    }
    for (auto [g, steps] : charges) charge(g, steps);
    if (!lane.worker) absorb(lane);
    return {};
}

/// The lane's databases join the suite after those already in it, in the lane's order,
/// and the neighbors they told apart point at them there.
void Distiller::absorb(Lane& lane)
{
    const int first = static_cast<int>(m_result.suite.databases.size());
    for (auto [g, n] : lane.keptFor) m_result.golds[g].neighbors[n].distinguishedBy += first;
    for (SuiteDatabase& database : lane.kept) m_result.suite.databases.push_back(std::move(database));
    m_result.targetedBuilt += lane.targetedBuilt;
    m_result.provenEquivalent += lane.provenEquivalent;
    m_result.wallClockFired |= lane.wallClockFired;
    m_result.cancelled |= lane.cancelled;
    lane.kept.clear();
    lane.keptFor.clear();
    lane.targetedBuilt = 0;
    lane.provenEquivalent = 0;
    lane.wallClockFired = false;
    lane.cancelled = false;
}

bool Distiller::sampleBatch(std::vector<BatchDatabase>& batch)
{
    auto task = [&](std::size_t i, unsigned) {
        if (cancelled()) return;
        const fuzz::SampleSpec spec{.profile = m_options.profile, .seed = m_options.seed, .index = batch[i].index,
                                    .checkLimits = m_limits};
        auto content = fuzz::sampleDatabase(m_schema, m_constants, spec);
        if (content.ok()) batch[i].content = std::move(content.value());
        else batch[i].error = content.error();
    };
    return m_pool.run(batch.size(), task, [&](std::size_t) { report(m_options.budget); });
}

std::size_t Distiller::nextBatchSize(std::size_t previous) const
{
    // Early databases distinguish much, so a big batch re-runs neighbors a lower index
    // already took; start with just enough pairs to feed every worker, then grow.
    if (previous == 0) {
        const std::size_t golds = std::max<std::size_t>(1, std::count_if(m_open.begin(), m_open.end(),
                                                                         [](std::size_t n) { return n > 0; }));
        return std::clamp<std::size_t>((m_pool.size() + golds - 1) / golds, 1, kMaxBatch);
    }
    return std::min(kMaxBatch, std::max<std::size_t>(previous * 2, m_pool.size()));
}

/// A gold without distinguishable neighbors would leave the suite empty, and an empty
/// suite passes every candidate; keep one database to run on instead.
void Distiller::ensureNonEmpty()
{
    if (!m_result.suite.databases.empty() || m_result.cancelled) return;
    SuiteDatabase database;
    if (m_options.original) {
        database.origin = DatabaseOrigin::Original;
        database.label = "original";
        database.bytes = *m_options.original;
    } else {
        if (m_options.budget == 0) return;
        const fuzz::SampleSpec spec{.profile = m_options.profile, .seed = m_options.seed, .index = 0,
                                    .checkLimits = m_limits};
        auto connection = fuzz::sampleConnection(m_schema, m_constants, spec, m_materializer);
        if (!connection.ok()) return;
        auto bytes = connection->serialize();
        if (!bytes.ok()) return;
        database.label = "sample 0";
        database.bytes = std::move(bytes.value());
    }
    m_result.suite.databases.push_back(std::move(database));
}

Result<DistillResult> Distiller::run()
{
    const auto start = std::chrono::steady_clock::now();
    const auto outOfTime = [&] {
        return m_options.timeBudgetSeconds > 0 && secondsSince(start) >= m_options.timeBudgetSeconds;
    };
    if (m_options.original && m_undistinguished > 0 && !cancelled()) {
        std::vector<BatchDatabase> batch(1);
        batch[0].origin = DatabaseOrigin::Original;
        batch[0].bytes = *m_options.original;
        if (!evaluateBatch(m_main, batch)) return suiteError("suite.internal", "a worker failed");
        if (cancelled()) m_result.cancelled = true;
        else if (auto merged = mergeDatabase(m_main, batch[0], m_main.evals); !merged) return merged.error();
    }
    if (m_options.targeted && m_options.targetedFirst && m_options.budget > 0 && m_undistinguished > 0 && !cancelled()) {
        proveRemaining();
        if (!targetRemaining(outOfTime)) return suiteError("suite.internal", "a worker failed");
    }
    std::size_t batchSize = 0;
    if (m_interrupted || (cancelled() && m_undistinguished > 0)) m_result.cancelled = true;
    bool provedEarly = !m_options.targeted;
    while (!m_result.cancelled && m_undistinguished > 0 && m_result.sampled < m_options.budget && !outOfTime()) {
        if (!provedEarly && m_result.sampled >= kProveAfterSamples) {
            proveRemaining();
            provedEarly = true;
            if (m_undistinguished == 0) break;
        }
        batchSize = nextBatchSize(batchSize);
        std::size_t size = std::min(batchSize, m_options.budget - m_result.sampled);
        if (!provedEarly) size = std::min(size, kProveAfterSamples - m_result.sampled);
        std::vector<BatchDatabase> batch(size);
        for (std::size_t i = 0; i < batch.size(); ++i) batch[i].index = m_result.sampled + i;
        if (!sampleBatch(batch) || !evaluateBatch(m_main, batch))
            return suiteError("suite.internal", "a worker failed");
        if (cancelled()) {
            m_result.cancelled = true;
            break;
        }
        const std::size_t golds = m_main.activeGolds.size();
        for (std::size_t db = 0; db < batch.size() && m_undistinguished > 0; ++db) {
            m_result.sampled = batch[db].index + 1;
            for (std::size_t a = 0; a < golds && !batch[db].error; ++a)
                if (m_main.evals[db * golds + a].fillError) batch[db].error = m_main.evals[db * golds + a].fillError;
            if (batch[db].error && batch[db].error->code == "fuzz.check") {
                // A CHECK past its budget fails every database of the schema alike:
                // stop at the first rather than pay for each of them.
                Diagnostic error = *batch[db].error;
                error.message = fmt::format("no database could be sampled for schema '{}': {}", m_schema.name,
                                            error.message);
                error.code = "suite.sample";
                error.kind = DiagnosticKind::Suite;
                return error;
            }
            if (batch[db].error) {
                ++m_result.sampleFailures;
                if (!m_result.firstSampleError) m_result.firstSampleError = batch[db].error;
                continue;
            }
            ++m_sampledOk;
            std::vector<PairEval> evals(std::make_move_iterator(m_main.evals.begin() + db * golds),
                                        std::make_move_iterator(m_main.evals.begin() + (db + 1) * golds));
            if (auto merged = mergeDatabase(m_main, batch[db], evals); !merged) return merged.error();
        }
        report(m_options.budget);
    }
    if (!m_result.cancelled && m_options.targeted && m_options.budget > 0 && m_undistinguished > 0) {
        proveRemaining();
        if (!targetRemaining(outOfTime)) return suiteError("suite.internal", "a worker failed");
    }
    if (m_result.sampled > 0 && m_sampledOk == 0 && m_result.firstSampleError) {
        Diagnostic error = *m_result.firstSampleError;
        error.message = fmt::format("no database could be sampled for schema '{}': {}", m_schema.name, error.message);
        error.code = "suite.sample";
        error.kind = DiagnosticKind::Suite;
        return error;
    }
    ensureNonEmpty();
    m_result.seconds = secondsSince(start);
    return std::move(m_result);
}

} // namespace sqleq::suite
