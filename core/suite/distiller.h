// Distiller: one run of Algorithm 1 (Zhong, Yu, Klein 2020) for the gold queries of
// one schema — neighbor targets, the original database, then batches of sampled
// databases evaluated on a WorkerPool and merged in index order (see distill.h for why
// that equals the sequential algorithm). Internal to core/suite: callers use distill().
#pragma once

#include "core/fuzz/gold_constants.h"
#include "core/schema/database_content.h"
#include "core/suite/distill.h"
#include "core/suite/worker_pool.h"
#include "core/targeted/order_dependence.h"

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string_view>
#include <memory>

namespace sqleq::targeted {
class TargetedDatabases;
}

namespace sqleq::suite {

/// distill() with the neighbor lists given instead of generated (lists[i] belongs to
/// golds[i]; an error entry is reported as that gold's error). For tests and for callers
/// that already hold the neighbors.
Result<DistillResult> distillWithNeighbors(const schema::Schema& schema, const std::vector<std::string>& golds,
                                           std::vector<Result<std::vector<neighbors::Neighbor>>> lists,
                                           const DistillOptions& options, const ProgressCallback& progress = {},
                                           const std::atomic<bool>* cancel = nullptr);

class Distiller {
public:
    Distiller(const schema::Schema& schema, const DistillOptions& options, const ProgressCallback& progress,
              const std::atomic<bool>* cancel);

    /// Generates each gold's neighbors on the pool (phase "neighbors").
    std::vector<Result<std::vector<neighbors::Neighbor>>> generateAll(const std::vector<std::string>& golds);

    /// Sets up the targets; then run() distills.
    void setGolds(const std::vector<std::string>& golds, std::vector<Result<std::vector<neighbors::Neighbor>>> lists);
    Result<DistillResult> run();

private:
    /// What one (database, gold) task found: the gold failed there, or these of the
    /// gold's neighbors (indices into its report) are distinguished by the database.
    struct PairEval {
        bool goldFailed = false;
        bool unavailable = false;
        std::vector<std::size_t> distinguished;
        int64_t goldSteps = 0;                ///< VM steps of the gold's run
        /// The wall-clock safety net, not the step budget, ended one of these runs.
        bool wallClockFired = false;
        std::vector<int64_t> neighborSteps;   ///< per entry of the open list evaluated, in its order
        /// The runs on this one database cost more than the gold's whole work budget: the
        /// rest of its neighbors were not run, and the gold is given up.
        bool overBudget = false;
        /// A targeted database on which the gold's run times the neighbors to run would
        /// take more than a share of the budget (tooCostly()): no neighbor was run.
        bool tooCostly = false;
        /// The sampled content did not go into SQLite (a constraint the sampler cannot
        /// see): the database is a sample failure, as if it had not been drawn.
        std::optional<Diagnostic> fillError;
    };
    /// A database of the current batch: a sampled one as its rows, which each worker
    /// loads into its own refillable connection; the others serialized.
    struct BatchDatabase {
        DatabaseOrigin origin = DatabaseOrigin::Sampled;
        uint64_t index = 0;
        std::optional<schema::DatabaseContent> content;
        std::optional<exec::Bytes> bytes;
        std::optional<Diagnostic> error;
        std::string label;  ///< what built it, when not "sample N" or "original"
    };
    /// A worker's own connection to the database it evaluated last: its refillable
    /// one for sampled content (whose prepared statements carry over to the next
    /// database), a copy for the others.
    struct WorkerState {
        uint64_t key = UINT64_MAX;
        exec::Connection copy;
        std::optional<schema::RefillableDatabase> sampled;
        exec::Connection* active = nullptr;
    };

    void markUnpreparedGolds();
    bool cancelled() const;
    void report(std::size_t total, std::string_view phase = "sampling", std::optional<std::size_t> done = {});
    bool evaluateBatch(std::vector<BatchDatabase>& batch, std::optional<std::size_t> onlyGold = std::nullopt);
    bool tieBreakOnly(const BatchDatabase& database, std::size_t gold, std::size_t neighbor,
                      std::optional<targeted::OrderDependence>& goldOrder) const;
    void proveRemaining();
    bool targetRemaining(const std::function<bool()>& outOfTime);
    /// Without `neighbor`: the databases built from the gold alone, for all its open neighbors.
    bool targetNeighbor(std::size_t gold, std::optional<std::size_t> neighbor, const schema::Materializer& materializer);
    bool runTargeted(const targeted::TargetedDatabases& targeted, std::size_t gold, std::size_t first, std::size_t end,
                     const std::function<bool()>& open, std::size_t& built, std::size_t cap,
                     const std::function<void(std::size_t)>& used, const schema::Materializer& materializer);
    PairEval evaluatePair(const BatchDatabase& database, uint64_t key, std::size_t gold,
                          const std::vector<std::size_t>& open, unsigned worker);
    Status mergeDatabase(BatchDatabase& database, const std::vector<PairEval>& evals);
    int64_t workOf(std::size_t active, const PairEval& eval) const;
    bool tooCostly(const BatchDatabase& database, int64_t goldSteps, std::size_t neighbors) const;
    std::vector<std::size_t> openNeighbors(std::size_t gold) const;
    void charge(std::size_t gold, int64_t steps);
    bool sampleBatch(std::vector<BatchDatabase>& batch);
    std::size_t nextBatchSize(std::size_t previous) const;
    void ensureNonEmpty();

    const schema::Schema& m_schema;
    const schema::Schema m_readable;                ///< the schema as databases are built
    const schema::Materializer m_materializer;      ///< over m_readable: the DDL runs once
    const DistillOptions& m_options;
    const ProgressCallback& m_progress;
    const std::atomic<bool>* m_cancel;
    exec::ExecLimits m_limits;
    WorkerPool m_pool;
    std::vector<WorkerState> m_workers;
    fuzz::GoldConstants m_constants;
    DistillResult m_result;
    std::vector<std::size_t> m_open;          ///< per gold: neighbors still undistinguished
    std::vector<int64_t> m_spentSteps;        ///< per gold: VM steps spent so far (sequential order)
    int64_t m_goldWorkSteps = 0;              ///< the per-gold budget; <= 0: none
    std::size_t m_undistinguished = 0;        ///< sum of m_open
    std::vector<std::size_t> m_activeGolds;   ///< golds with open neighbors at batch start
    std::vector<std::vector<std::size_t>> m_openAtStart;  ///< per active gold
    std::vector<PairEval> m_evals;            ///< per (batch database, active gold)
    uint64_t m_batchSerial = 0;
    /// Queries the workers have run in the current batch: a batch of one large database
    /// (the original) reports each of them, so its progress moves before it is merged.
    std::atomic<std::size_t> m_batchRuns{0};
    std::size_t m_sampledOk = 0;
    bool m_interrupted = false;  ///< cancelled while generating neighbors
    /// A set of targeted databases one gold's neighbors share: same constants, same
    /// witness plans, so the same databases.
    struct TriedTargets {
        fuzz::GoldConstants constants;
        std::string witnessSignature;
        std::size_t next = 0;  ///< the first of its databases not run yet
    };
    /// Per gold: the sets whose targeted databases were tried already.
    std::map<std::size_t, std::vector<TriedTargets>> m_targetedConstants;
    std::map<std::size_t, std::size_t> m_targetedPerGold;  ///< targeted databases run per gold
    std::map<std::size_t, std::size_t> m_differencePerGold;  ///< its neighbors' own (difference) databases
};

} // namespace sqleq::suite
