// Distiller: one run of Algorithm 1 (Zhong, Yu, Klein 2020) for the gold queries of
// one schema — neighbor targets, the original database, then batches of sampled
// databases evaluated on a WorkerPool and merged in index order (see distill.h for why
// that equals the sequential algorithm), then the targeted phase, whose golds are
// independent of each other and run side by side (Lane). Internal to core/suite:
// callers use distill().
#pragma once

#include "core/fuzz/gold_constants.h"
#include "core/schema/database_content.h"
#include "core/suite/distill.h"
#include "core/suite/worker_pool.h"
#include "core/targeted/order_dependence.h"

#include <chrono>
#include <functional>
#include <optional>
#include <string_view>
#include <memory>

namespace sqleq::targeted {
class TargetedDatabases;
}

namespace sqleq::suite {

/// distill() with the pools of several schemas sharing `cores` (distillDataset): the
/// schema gets `options.jobs` workers, each of which runs only while it holds one of the
/// shared cores. The result is distill()'s: no choice depends on the workers.
Result<DistillResult> distillSharingCores(const schema::Schema& schema, const std::vector<std::string>& goldQueries,
                                          const DistillOptions& options, SharedCores* cores,
                                          const ProgressCallback& progress = {},
                                          const std::atomic<bool>* cancel = nullptr);

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
              const std::atomic<bool>* cancel, SharedCores* cores = nullptr);

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
        /// That list when it is not the batch's (a pair run again at merge time against
        /// the neighbors open then): the later databases of the batch keep the batch's.
        std::optional<std::vector<std::size_t>> evaluated;
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
    /// Where a line of work runs and what it adds to the suite. The main lane runs on the
    /// calling thread and spreads each batch over the pool; its databases join the suite
    /// as they are merged. A gold lane is one gold's whole targeted phase as one pool task,
    /// run in order on that task's worker, side by side with other golds' lanes: a gold's
    /// targeted databases are evaluated against that gold alone, so no lane reads what
    /// another writes. A gold lane keeps its databases numbered from 0 until absorb()
    /// appends them to the suite, lanes in gold order, as the sequential run would have.
    struct Lane {
        std::optional<unsigned> worker;                     ///< a gold lane's worker
        std::vector<std::size_t> activeGolds;               ///< golds with open neighbors at batch start
        std::vector<std::vector<std::size_t>> openAtStart;  ///< per active gold
        std::vector<PairEval> evals;                        ///< per (batch database, active gold)
        std::vector<SuiteDatabase> kept;                    ///< not absorbed yet, in order
        /// (gold, neighbor) whose distinguishedBy is still an index into `kept`.
        std::vector<std::pair<std::size_t, std::size_t>> keptFor;
        std::size_t targetedBuilt = 0;
        std::size_t provenEquivalent = 0;
        bool wallClockFired = false;
        bool cancelled = false;  ///< stopped on a cancel request with work left
    };

    void markUnpreparedGolds();
    bool cancelled() const;
    void report(std::size_t total, std::string_view phase = "sampling", std::optional<std::size_t> done = {});
    /// Runs task(i, worker) for i in [0, count): over the pool, or in order on a gold lane's worker.
    bool runTasks(const Lane& lane, std::size_t count, const WorkerPool::Task& task, const WorkerPool::Tick& tick);
    bool evaluateBatch(Lane& lane, std::vector<BatchDatabase>& batch, std::optional<std::size_t> onlyGold = std::nullopt);
    bool tieBreakOnly(const BatchDatabase& database, std::size_t gold, std::size_t neighbor,
                      std::optional<targeted::OrderDependence>& goldOrder) const;
    void proveRemaining();
    std::size_t proveGold(std::size_t gold);
    bool targetRemaining(const std::function<bool()>& outOfTime);
    bool targetGold(Lane& lane, std::size_t gold, const std::function<bool()>& outOfTime, std::size_t total,
                    std::atomic<std::size_t>& done);
    /// Without `neighbor`: the databases built from the gold alone, for all its open neighbors.
    bool targetNeighbor(Lane& lane, std::size_t gold, std::optional<std::size_t> neighbor);
    bool runTargeted(Lane& lane, const targeted::TargetedDatabases& targeted, std::size_t gold, std::size_t first,
                     std::size_t end, const std::function<bool()>& open, std::size_t& built, std::size_t cap,
                     const std::function<void(std::size_t)>& used);
    void absorb(Lane& lane);
    PairEval evaluatePair(const BatchDatabase& database, uint64_t key, std::size_t gold,
                          const std::vector<std::size_t>& open, unsigned worker);
    Status mergeDatabase(Lane& lane, BatchDatabase& database, std::vector<PairEval>& evals);
    std::optional<PairEval> asSequential(const Lane& lane, std::size_t active, const PairEval& eval) const;
    PairEval rerunNow(Lane& lane, std::size_t active, const BatchDatabase& database);
    int64_t workOf(const Lane& lane, std::size_t active, const PairEval& eval) const;
    const std::vector<std::size_t>& evaluatedBy(const Lane& lane, std::size_t active, const PairEval& eval) const;
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
    /// Sum of m_open; gold lanes count down side by side, and a sum does not depend on the order.
    std::atomic<std::size_t> m_undistinguished{0};
    Lane m_main;
    std::atomic<uint64_t> m_batchSerial{0};   ///< tells the databases of a worker's connection apart
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
    /// Per gold (one element per gold, so gold lanes never share one): the sets whose
    /// targeted databases were tried already.
    std::vector<std::vector<TriedTargets>> m_targetedConstants;
    std::vector<std::size_t> m_targetedPerGold;    ///< targeted databases run per gold
    std::vector<std::size_t> m_differencePerGold;  ///< its neighbors' own (difference) databases
};

} // namespace sqleq::suite
