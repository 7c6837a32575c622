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
/// (no NULLs: the spider profile only) stop being targets, with the reason kept.
void Distiller::proveRemaining()
{
    if (m_options.profile != fuzz::Profile::Spider) return;
    for (std::size_t g = 0; g < m_result.golds.size(); ++g) {
        if (m_open[g] == 0) continue;
        GoldReport& report = m_result.golds[g];
        for (NeighborStatus& status : report.neighbors) {
            if (!status.open()) continue;
            auto proof = neighbors::provenEquivalentUnderKeys(report.goldRun, status.sqlRun, m_schema);
            if (!proof) continue;
            status.equivalenceProof = std::move(*proof);
            ++m_result.provenEquivalent;
            --m_open[g];
            --m_undistinguished;
        }
    }
}

/// Databases [first, end) of `targeted`, in index order, evaluated against the gold's
/// open neighbors and merged like sampled ones while `open()` holds and fewer than `cap`
/// were built (counted in `built`); `used(index)` is told of each database consumed.
/// Databases are used in index order up to the one that ends the run, whatever the
/// batch size, so the result does not depend on the thread count.
bool Distiller::runTargeted(const targeted::TargetedDatabases& targeted, std::size_t gold, std::size_t first,
                            std::size_t end, const std::function<bool()>& open, std::size_t& built, std::size_t cap,
                            const std::function<void(std::size_t)>& used, const schema::Materializer& materializer)
{
    const auto wanted = [&] { return open() && built < cap; };
    const std::size_t step = std::max<std::size_t>(2, m_pool.size());
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
            auto connection = materializer.build(*content);
            if (!connection.ok()) return;
            if (auto bytes = connection->serialize(); bytes.ok()) database.bytes = std::move(bytes.value());
        };
        if (!m_pool.run(batch.size(), build, [](std::size_t) {})) return false;
        if (!evaluateBatch(batch, gold)) return false;
        if (m_activeGolds.empty()) return true;
        for (std::size_t db = 0; db < batch.size() && wanted(); ++db) {
            used(first + db);
            if (!batch[db].bytes) continue;
            ++m_result.targetedBuilt;
            ++built;
            if (auto merged = mergeDatabase(batch[db], {std::move(m_evals[db])}); !merged) return false;
        }
    }
    return true;
}

/// The databases targeted::TargetedDatabases builds for (gold, neighbor), until the
/// neighbor is distinguished (without a neighbor: those built for the gold alone, until
/// none of its neighbors is open): first the pair's own (a row on which the two WHERE
/// clauses disagree), then the set it shares with the gold's other neighbors of the
/// same constants and witness plans.
bool Distiller::targetNeighbor(std::size_t gold, std::optional<std::size_t> neighbor,
                               const schema::Materializer& materializer)
{
    const GoldReport& report = m_result.golds[gold];
    const std::string& candidate = neighbor ? report.neighbors[*neighbor].sqlRun : report.goldRun;
    const targeted::TargetedDatabases targeted(m_schema, report.goldRun, candidate, m_options.profile, m_options.seed,
                                               /*largeGroups=*/true, /*witnesses=*/true);
    const auto open = [&] { return neighbor ? report.neighbors[*neighbor].open() : m_open[gold] > 0; };
    const std::size_t own = targeted.differenceCount();
    if (!runTargeted(targeted, gold, 0, own, open, m_differencePerGold[gold], kMaxDifferencePerGold,
                     [](std::size_t) {}, materializer))
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
    return runTargeted(targeted, gold, own + tried[setIndex].next, targeted.size(), open, m_targetedPerGold[gold],
                       kMaxTargetedPerGold, used, materializer);
}

bool Distiller::targetRemaining(const std::function<bool()>& outOfTime)
{
    const schema::Materializer& materializer = m_materializer;
    const std::size_t total = m_undistinguished;
    std::size_t done = 0;
    for (std::size_t g = 0; g < m_result.golds.size(); ++g) {
        // First the databases of the gold's own constants and witnesses, for every open
        // neighbor at once; then those of each neighbor still open.
        if (m_open[g] > 0 && !cancelled() && !outOfTime() && !targetNeighbor(g, std::nullopt, materializer)) return false;
        for (std::size_t n = 0; n < m_result.golds[g].neighbors.size() && m_open[g] > 0; ++n) {
            if (!m_result.golds[g].neighbors[n].open()) continue;
            if (cancelled()) {
                m_result.cancelled = true;
                return true;
            }
            if (outOfTime()) return true;
            if (!targetNeighbor(g, n, materializer)) return false;
            report(total, "targeting", ++done);
        }
    }
    return true;
}

} // namespace sqleq::suite
