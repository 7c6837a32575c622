// Scorer: the loaded inputs shared read-only by every call; each call (or each worker
// of a batch) gets its own ItemEvaluator, which opens its own connections and drops
// them when it returns, so nothing survives between calls that a thread or a forked
// child could trip over.
#include "core/evaluation/scorer.h"

#include "core/evaluation/evaluation_context.h"
#include "core/evaluation/item_evaluator.h"

#include "core/base/cancellation.h"
#include "core/base/parallel_for.h"
#include "core/schema/spider_tables.h"

#include <atomic>
#include <map>
#include <string_view>
#include <utility>

#include <system_error>

namespace sqleq::evaluation {

struct Scorer::State {
    EvaluationContext context;
    EvaluationOptions options;
};

namespace {

namespace fs = std::filesystem;

void addFolders(const fs::path& dir, std::set<std::string>& ids)
{
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) return;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.is_directory(ec)) ids.insert(entry.path().filename().string());
    }
}

/// Every db_id the inputs know of: tables.json's entries and the folders of both directories.
std::set<std::string> discoverDatabases(const ScoringInputs& inputs)
{
    std::set<std::string> ids;
    if (!inputs.tables.empty()) {
        // An unreadable tables.json is reported by loadEvaluationContext itself.
        if (auto listed = schema::listSpiderDbIdsInFile(inputs.tables)) ids.insert(listed->begin(), listed->end());
    }
    addFolders(inputs.suites, ids);
    addFolders(inputs.originalDatabases, ids);
    return ids;
}

} // namespace

Scorer::Scorer(std::shared_ptr<const State> state) : m_state(std::move(state)) {}

Result<Scorer> Scorer::load(const ScoringInputs& inputs, const EvaluationOptions& options,
                            const std::optional<std::set<std::string>>& dbIds)
{
    auto context = loadEvaluationContext(inputs, options.metrics, dbIds ? *dbIds : discoverDatabases(inputs));
    if (!context) return context.error();
    auto state = std::make_shared<State>(State{std::move(context.value()), options});
    return Scorer(std::move(state));
}

const MetricSelection& Scorer::computed() const
{
    return m_state->context.computed;
}

const EvaluationOptions& Scorer::options() const
{
    return m_state->options;
}

ItemMetrics Scorer::score(std::size_t index, const suite::GoldItem& gold, const std::string& prediction,
                          const std::atomic<bool>* cancel) const
{
    ItemEvaluator evaluator(m_state->context, m_state->options, cancel);
    return evaluator.evaluate(index, gold, prediction);
}

std::vector<ItemMetrics> Scorer::scoreMany(const std::vector<suite::GoldItem>& gold,
                                           const std::vector<std::string>& predictions, unsigned jobs,
                                           const suite::ProgressCallback& progress,
                                           const std::atomic<bool>* cancel) const
{
    const std::size_t count = std::min(gold.size(), predictions.size());
    std::vector<ItemMetrics> items(count);
    const unsigned workers = parallelWorkerCount(count, jobs);
    std::vector<std::unique_ptr<ItemEvaluator>> evaluators;
    SearchVerdicts searched;
    for (unsigned w = 0; w < workers; ++w)
        evaluators.push_back(std::make_unique<ItemEvaluator>(m_state->context, m_state->options, cancel, &searched));

    // Items that share a db_id and a gold go to one worker together: its remembered
    // outcomes then run that gold once per database. Handed out one by one, repeats of a
    // gold landed on both workers and two threads did more work than one.
    std::vector<std::vector<std::size_t>> groups;
    std::map<std::pair<std::string_view, std::string_view>, std::size_t> groupOf;
    for (std::size_t i = 0; i < count; ++i) {
        const auto [found, added] = groupOf.try_emplace({gold[i].dbId, gold[i].sql}, groups.size());
        if (added) groups.emplace_back();
        groups[found->second].push_back(i);
    }
    std::atomic<std::size_t> itemsDone{0};
    parallelFor(groups.size(), workers, [&](std::size_t g, unsigned worker) {
        for (const std::size_t i : groups[g]) {
            if (cancelRequested(cancel)) {
                auto& skipped = items[i];
                skipped.index = i;
                skipped.dbId = gold[i].dbId;
                skipped.notes.push_back({std::nullopt, NoteReason::NotEvaluated, "cancelled"});
            } else {
                items[i] = evaluators[worker]->evaluate(i, gold[i], predictions[i]);
            }
            ++itemsDone;
        }
    }, [&](std::size_t, std::size_t) {
        if (!progress) return;
        suite::Progress report;
        report.phase = "evaluating";
        report.done = itemsDone.load();
        report.total = count;
        progress(report);
    });
    return items;
}

} // namespace sqleq::evaluation
