// Each gold's work budget in distillation, read as the sequential algorithm (one
// database at a time) reads it, whatever the batches and the thread count: what a pair
// evaluation costs, when a gold is given up, and a batch's evaluation re-read (or run
// again) as the sequential run would have made it.
#include "core/suite/distiller.h"

#include <algorithm>

namespace sqleq::suite {
namespace {

/// A targeted database is passed over for a gold when running its open neighbors there
/// would cost more than this share of the gold's work budget (see Distiller::tooCostly).
constexpr int64_t kCostlyShareOfBudget = 4;

} // namespace

/// What the sequential algorithm spends on active gold `active` for this database: the
/// gold's run plus the runs of the neighbors still open now (a batch may have run more,
/// which are not counted, so the charge does not depend on batching or `jobs`).
int64_t Distiller::workOf(const Lane& lane, std::size_t active, const PairEval& eval) const
{
    const GoldReport& report = m_result.golds[lane.activeGolds[active]];
    const std::vector<std::size_t>& evaluated = evaluatedBy(lane, active, eval);
    int64_t spent = eval.goldSteps;
    for (std::size_t k = 0; k < eval.neighborSteps.size() && k < evaluated.size(); ++k)
        if (report.neighbors[evaluated[k]].distinguishedBy < 0) spent += eval.neighborSteps[k];
    return spent;
}

std::vector<std::size_t> Distiller::openNeighbors(std::size_t gold) const
{
    std::vector<std::size_t> open;
    const auto& neighbors = m_result.golds[gold].neighbors;
    for (std::size_t n = 0; n < neighbors.size(); ++n)
        if (neighbors[n].open()) open.push_back(n);
    return open;
}

/// A targeted database built from the rows of every witness plan can hold a dozen rows
/// per table; a gold that cross-joins five of them (ATIS's ORs around join conditions)
/// then runs for a tenth of a second, and so does each of its hundreds of neighbors.
/// Such a database is passed over for the gold: the smaller ones built after it (one
/// witness alone, near misses) tell the same neighbors apart for a thousandth of the
/// cost, and the budget is left for them. The rule reads only the gold's steps and the
/// neighbors open in the sequential order, so it does not depend on batching.
bool Distiller::tooCostly(const BatchDatabase& database, int64_t goldSteps, std::size_t neighbors) const
{
    return database.origin == DatabaseOrigin::Targeted && m_goldWorkSteps > 0
           && goldSteps * static_cast<int64_t>(neighbors) > m_goldWorkSteps / kCostlyShareOfBudget;
}

/// Past its budget a gold is given up: its open neighbors stop being targets.
void Distiller::charge(std::size_t gold, int64_t steps)
{
    m_spentSteps[gold] += steps;
    if (m_goldWorkSteps <= 0 || m_spentSteps[gold] <= m_goldWorkSteps || m_open[gold] == 0) return;
    m_result.golds[gold].workBudgetSpent = true;
    m_undistinguished -= m_open[gold];
    m_open[gold] = 0;
}

/// The batch evaluated `eval` against the neighbors open at batch start and stopped past
/// the gold's work budget; the sequential algorithm runs only those open now, so it may
/// stop later, or earlier, and tell apart fewer. Returns its evaluation, read from this
/// one, or nothing when it would have run neighbors this one did not reach.
std::optional<Distiller::PairEval> Distiller::asSequential(const Lane& lane, std::size_t active,
                                                           const PairEval& eval) const
{
    const GoldReport& report = m_result.golds[lane.activeGolds[active]];
    const std::vector<std::size_t>& evaluated = evaluatedBy(lane, active, eval);
    const auto openNow = [&](std::size_t k) { return report.neighbors[evaluated[k]].distinguishedBy < 0; };
    PairEval sequential = eval;
    int64_t spent = eval.goldSteps;
    std::size_t k = 0;
    for (; k < eval.neighborSteps.size(); ++k) {
        if (!openNow(k)) continue;
        if (spent > m_goldWorkSteps) break;  // it stops before this neighbor
        spent += eval.neighborSteps[k];
    }
    if (k == eval.neighborSteps.size()) {
        // Every neighbor the batch ran is behind it: does it run one more?
        while (k < evaluated.size() && !openNow(k)) ++k;
        if (k == evaluated.size()) {
            sequential.overBudget = false;  // none was left to run
            return sequential;
        }
        if (spent <= m_goldWorkSteps) return std::nullopt;
        return sequential;
    }
    sequential.neighborSteps.resize(k);
    std::erase_if(sequential.distinguished, [&](std::size_t n) { return n >= evaluated[k]; });
    return sequential;
}

/// `active`'s pair evaluated again against the neighbors open now, as the sequential
/// algorithm would have, on the lane's worker (the pool is idle while the main lane merges).
Distiller::PairEval Distiller::rerunNow(Lane& lane, std::size_t active, const BatchDatabase& database)
{
    const std::size_t g = lane.activeGolds[active];
    std::vector<std::size_t> open = openNeighbors(g);
    const unsigned worker = lane.worker.value_or(0);
    m_workers[worker].key = UINT64_MAX;
    PairEval rerun = evaluatePair(database, UINT64_MAX - 1, g, open, worker);
    m_workers[worker].key = UINT64_MAX;
    rerun.evaluated = std::move(open);
    return rerun;
}

const std::vector<std::size_t>& Distiller::evaluatedBy(const Lane& lane, std::size_t active, const PairEval& eval) const
{
    return eval.evaluated ? *eval.evaluated : lane.openAtStart[active];
}

} // namespace sqleq::suite
