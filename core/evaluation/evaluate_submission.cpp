// evaluateSubmission: loads the inputs once, then evaluates the items on a pool of
// workers, each with its own ItemEvaluator (and so its own connections). Every item
// writes only its own slot, so the result does not depend on `jobs` or on scheduling.
#include "core/evaluation/evaluation_context.h"
#include "core/evaluation/item_evaluator.h"

#include "core/base/parallel_for.h"

#include <fmt/format.h>

#include <chrono>
#include <memory>

namespace sqleq::evaluation {
namespace {

Diagnostic mismatchedLengths(const SubmissionInputs& inputs)
{
    Diagnostic diagnostic;
    diagnostic.code = "evaluation.input";
    diagnostic.message = fmt::format("{} gold items but {} predictions: the two files must have the same "
                                     "number of non-blank lines",
                                     inputs.gold.size(), inputs.predictions.size());
    return diagnostic;
}

/// Each item's interaction and turn from the turns per interaction, or an error when
/// they do not add up to the items.
Result<std::vector<TurnPosition>> turnPositions(const SubmissionInputs& inputs)
{
    std::vector<TurnPosition> positions;
    positions.reserve(inputs.gold.size());
    for (uint32_t interaction = 0; interaction < inputs.interactionTurns.size(); ++interaction)
        for (uint32_t turn = 0; turn < inputs.interactionTurns[interaction]; ++turn)
            positions.push_back({interaction, turn});
    if (!inputs.interactionTurns.empty() && positions.size() != inputs.gold.size()) {
        Diagnostic diagnostic;
        diagnostic.code = "evaluation.input";
        diagnostic.message = fmt::format("the interactions hold {} turns but there are {} gold items",
                                         positions.size(), inputs.gold.size());
        return diagnostic;
    }
    return positions;
}

bool cancelRequested(const std::atomic<bool>* cancel)
{
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

} // namespace

Result<Evaluation> evaluateSubmission(const SubmissionInputs& inputs, const EvaluationOptions& options,
                                      const suite::ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    const auto started = std::chrono::steady_clock::now();
    if (inputs.gold.size() != inputs.predictions.size()) return mismatchedLengths(inputs);
    auto positions = turnPositions(inputs);
    if (!positions) return positions.error();
    auto context = loadEvaluationContext(inputs, options.metrics);
    if (!context) return context.error();

    const std::size_t count = inputs.gold.size();
    Evaluation evaluation;
    evaluation.computed = context->computed;
    evaluation.items.resize(count);
    const unsigned workers = parallelWorkerCount(count, options.jobs);
    std::vector<std::unique_ptr<ItemEvaluator>> evaluators;
    for (unsigned w = 0; w < workers; ++w)
        evaluators.push_back(std::make_unique<ItemEvaluator>(*context, options, cancel));

    parallelFor(count, workers, [&](std::size_t i, unsigned worker) {
        if (cancelRequested(cancel)) {
            auto& skipped = evaluation.items[i];
            skipped.index = i;
            skipped.dbId = inputs.gold[i].dbId;
            skipped.notes.emplace_back("not evaluated: cancelled");
            return;
        }
        evaluation.items[i] = evaluators[worker]->evaluate(i, inputs.gold[i], inputs.predictions[i]);
        if (const auto refused = inputs.lineErrors.find(i); refused != inputs.lineErrors.end())
            evaluation.items[i].notes.insert(evaluation.items[i].notes.begin(), "input: " + refused->second);
    }, [&](std::size_t done, std::size_t total) {
        if (!progress) return;
        suite::Progress report;
        report.phase = "evaluating";
        report.done = done;
        report.total = total;
        progress(report);
    });

    evaluation.interactionTurns = inputs.interactionTurns;
    if (!positions->empty())
        for (std::size_t i = 0; i < count; ++i) evaluation.items[i].turn = (*positions)[i];
    evaluation.cancelled = cancelRequested(cancel);
    evaluation.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return evaluation;
}

} // namespace sqleq::evaluation
