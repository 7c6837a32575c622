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

    evaluation.cancelled = cancelRequested(cancel);
    evaluation.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return evaluation;
}

} // namespace sqleq::evaluation
