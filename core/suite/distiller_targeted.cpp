// Distillation's targeted phase: after sampling, the neighbors still open are first
// tried against a proof from the schema's keys, then each gets the databases
// TargetedDatabases builds for it and its gold, run and merged like sampled ones in
// index order (so the suite still does not depend on the thread count). The caps
// below keep a gold with many open neighbors from costing thousands of databases.
#include "core/suite/distiller.h"

#include "core/fuzz/fuzz.h"
#include "core/neighbors/schema_equivalence.h"
#include "core/targeted/order_dependence.h"
#include "core/targeted/targeted_databases.h"

#include <algorithm>

namespace sqleq::suite {
namespace {

/// Distinct constant sets one gold's neighbors may get targeted databases for: a gold
/// with dozens of open constant mutations (mostly equivalent ones) must not cost
/// thousands of databases; the first sets tried cover its constants' variants anyway.
constexpr std::size_t kMaxTargetedSetsPerGold = 12;
/// And targeted databases one gold may get in all (a few dozen per constant set).
constexpr std::size_t kMaxTargetedPerGold = 160;
/// And databases of one row combination on which a neighbor's WHERE and the gold's
/// disagree, over all its neighbors (each gets a handful; most take the first).
constexpr std::size_t kMaxDifferencePerGold = 320;

bool sameConstants(const fuzz::GoldConstants& a, const fuzz::GoldConstants& b)
{
    return a.items == b.items && a.groups == b.groups && a.numericColumns == b.numericColumns
           && a.equatedColumns == b.equatedColumns;
}

} // namespace

/// Targeted databases make ties on purpose: a neighbor that differs from the gold on
/// one only by how ties are broken is not told apart by it.
bool Distiller::tieBreakOnly(const BatchDatabase& database, std::size_t gold, std::size_t neighbor,
                             std::optional<targeted::OrderDependence>& goldOrder) const
{
    if (database.origin != DatabaseOrigin::Targeted || !database.bytes) return false;
    const GoldReport& report = m_result.golds[gold];
    if (!goldOrder)
        goldOrder = targeted::checkOrderDependence(*database.bytes, m_readable, report.goldRun, report.orderMatters,
                                                   m_limits);
    // A gold whose answer here does not move with row order excuses no neighbor: its
    // runs in the other orders are not needed.
    if (!goldOrder->detected) return false;
    const auto candidate = targeted::checkOrderDependence(*database.bytes, m_readable, report.neighbors[neighbor].sqlRun,
                                                          report.orderMatters, m_limits);
    return targeted::onlyTieBreaking(*goldOrder, candidate, report.orderMatters);
}

/// Neighbors the sampled databases left open that the schema's keys prove equivalent
/// (no NULLs: the spider profile only) stop being targets, with the reason kept. Each
/// gold's proofs read that gold alone, so golds are proven side by side.
void Distiller::proveRemaining()
{
    if (m_options.profile != fuzz::Profile::Spider) return;
    std::vector<std::size_t> golds;
    for (std::size_t g = 0; g < m_result.golds.size(); ++g)
        if (m_open[g] > 0) golds.push_back(g);
    std::vector<std::size_t> proven(golds.size(), 0);
    const bool ran = m_pool.run(golds.size(), [&](std::size_t i, unsigned) { proven[i] = proveGold(golds[i]); });
    for (std::size_t count : proven) m_result.provenEquivalent += count;
    (void)ran;  // a proof that threw proves nothing: its neighbors stay targets
}

std::size_t Distiller::proveGold(std::size_t gold)
{
    GoldReport& report = m_result.golds[gold];
    std::size_t proven = 0;
    for (NeighborStatus& status : report.neighbors) {
        if (!status.open() || cancelled()) continue;
        auto proof = neighbors::provenEquivalentUnderKeys(report.goldRun, status.sqlRun, m_schema);
        if (!proof) continue;
        status.equivalenceProof = std::move(*proof);
        ++proven;
        --m_open[gold];
        --m_undistinguished;
    }
    return proven;
}

/// Databases [first, end) of `targeted`, in index order, evaluated against the gold's
/// open neighbors and merged like sampled ones while `open()` holds and fewer than `cap`
/// were built (counted in `built`); `used(index)` is told of each database consumed.
/// Databases are used in index order up to the one that ends the run, whatever the
/// batch size (mergeDatabase reads each as the sequential run would), so the result
/// does not depend on the thread count. A gold lane builds one at a time: nothing is
/// built past the one that ends the run.
bool Distiller::runTargeted(Lane& lane, const targeted::TargetedDatabases& targeted, std::size_t gold,
                            std::size_t first, std::size_t end, const std::function<bool()>& open,
                            std::size_t& built, std::size_t cap, const std::function<void(std::size_t)>& used)
{
    const auto wanted = [&] { return open() && built < cap; };
    const std::size_t step = lane.worker ? 1 : std::max<std::size_t>(2, m_pool.size());
    for (; first < end && wanted(); first += step) {
        if (cancelled() || m_open[gold] == 0) return true;
        std::vector<BatchDatabase> batch(std::min(step, end - first));
        auto build = [&](std::size_t i, unsigned) {
            BatchDatabase& database = batch[i];
            database.origin = DatabaseOrigin::Targeted;
            database.index = first + i;
            database.label = targeted.label(first + i);
            auto content = targeted.build(first + i);
            if (!content || cancelled()) return;
            auto connection = m_materializer.build(*content);
            if (!connection.ok()) return;
            if (auto bytes = connection->serialize(); bytes.ok()) database.bytes = std::move(bytes.value());
        };
        if (!runTasks(lane, batch.size(), build, [](std::size_t) {})) return false;
        if (!evaluateBatch(lane, batch, gold)) return false;
        if (lane.activeGolds.empty()) return true;
        for (std::size_t db = 0; db < batch.size() && wanted(); ++db) {
            used(first + db);
            if (!batch[db].bytes) continue;
            ++lane.targetedBuilt;
            ++built;
            std::vector<PairEval> evals{std::move(lane.evals[db])};
            if (auto merged = mergeDatabase(lane, batch[db], evals); !merged) return false;
        }
    }
    return true;
}

/// The databases targeted::TargetedDatabases builds for (gold, neighbor), until the
/// neighbor is distinguished (without a neighbor: those built for the gold alone, until
/// none of its neighbors is open): first the pair's own (a row on which the two WHERE
/// clauses disagree), then the set it shares with the gold's other neighbors of the
/// same constants and witness plans.
bool Distiller::targetNeighbor(Lane& lane, std::size_t gold, std::optional<std::size_t> neighbor)
{
    const GoldReport& report = m_result.golds[gold];
    const std::string& candidate = neighbor ? report.neighbors[*neighbor].sqlRun : report.goldRun;
    const targeted::TargetedDatabases targeted(m_schema, report.goldRun, candidate, m_options.profile, m_options.seed,
                                               /*largeGroups=*/true, /*witnesses=*/true);
    const auto open = [&] { return neighbor ? report.neighbors[*neighbor].open() : m_open[gold] > 0; };
    const std::size_t own = targeted.differenceCount();
    if (!runTargeted(lane, targeted, gold, 0, own, open, m_differencePerGold[gold], kMaxDifferencePerGold,
                     [](std::size_t) {}))
        return false;
    // Neighbors that bring no constant or condition of their own get the very databases
    // an earlier one of the same gold got: they go on where that one stopped (it was told
    // apart early, or those databases could not tell it apart either).
    auto& tried = m_targetedConstants[gold];
    auto same = std::find_if(tried.begin(), tried.end(), [&](const TriedTargets& seen) {
        return sameConstants(seen.constants, targeted.constants()) && seen.witnessSignature == targeted.witnessSignature();
    });
    if (same == tried.end()) {
        if (tried.size() >= kMaxTargetedSetsPerGold) return true;
        tried.push_back({targeted.constants(), targeted.witnessSignature(), 0});
        same = tried.end() - 1;
    }
    const std::size_t setIndex = static_cast<std::size_t>(same - tried.begin());
    const auto used = [&](std::size_t index) { tried[setIndex].next = index - own + 1; };
    return runTargeted(lane, targeted, gold, own + tried[setIndex].next, targeted.size(), open,
                       m_targetedPerGold[gold], kMaxTargetedPerGold, used);
}

/// One gold's targeted phase. First the databases of the gold's own constants and
/// witnesses, for every open neighbor at once; then those of each neighbor still open.
bool Distiller::targetGold(Lane& lane, std::size_t gold, const std::function<bool()>& outOfTime, std::size_t total,
                           std::atomic<std::size_t>& done)
{
    if (m_open[gold] > 0 && !cancelled() && !outOfTime() && !targetNeighbor(lane, gold, std::nullopt)) return false;
    for (std::size_t n = 0; n < m_result.golds[gold].neighbors.size() && m_open[gold] > 0; ++n) {
        if (!m_result.golds[gold].neighbors[n].open()) continue;
        if (cancelled()) {
            lane.cancelled = true;
            return true;
        }
        if (outOfTime()) return true;
        if (!targetNeighbor(lane, gold, n)) return false;
        const std::size_t targeted = ++done;
        if (!lane.worker) report(total, "targeting", targeted);
    }
    return true;
}

/// Each gold's targeted databases are evaluated against that gold alone, and what one
/// gold's phase reads (its neighbors, budgets and tried sets) no other gold's writes:
/// with several golds and workers, each gold's phase is one pool task (a gold lane),
/// and the lanes' databases join the suite in gold order afterwards, numbered as the
/// sequential run numbers them. With one gold, its batches use the pool instead.
bool Distiller::targetRemaining(const std::function<bool()>& outOfTime)
{
    const std::size_t total = m_undistinguished;
    std::atomic<std::size_t> done = 0;
    std::vector<std::size_t> golds;
    for (std::size_t g = 0; g < m_result.golds.size(); ++g)
        if (m_open[g] > 0) golds.push_back(g);
    if (m_pool.size() < 2 || golds.size() < 2) {
        for (std::size_t g : golds) {
            const bool ran = targetGold(m_main, g, outOfTime, total, done);
            absorb(m_main);
            if (!ran) return false;
            if (m_result.cancelled) return true;
        }
        return true;
    }
    std::vector<Lane> lanes(golds.size());
    // The golds with the most open neighbors start first, so that a long one does not
    // start last and leave the other workers idle. Only the schedule follows this
    // order; the lanes still join the suite in gold order.
    std::vector<std::size_t> schedule(golds.size());
    for (std::size_t i = 0; i < schedule.size(); ++i) schedule[i] = i;
    std::stable_sort(schedule.begin(), schedule.end(),
                     [&](std::size_t a, std::size_t b) { return m_open[golds[a]] > m_open[golds[b]]; });
    std::atomic<bool> failed = false;
    const auto laneTask = [&](std::size_t k, unsigned worker) {
        const std::size_t i = schedule[k];
        lanes[i].worker = worker;
        if (!targetGold(lanes[i], golds[i], outOfTime, total, done)) failed = true;
    };
    const bool ran = m_pool.run(golds.size(), laneTask, [&](std::size_t) { report(total, "targeting", done.load()); });
    for (Lane& lane : lanes) absorb(lane);
    return ran && !failed;
}

} // namespace sqleq::suite
