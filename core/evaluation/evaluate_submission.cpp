// evaluateSubmission: loads the inputs of the gold file's db_ids once into a Scorer,
// which evaluates the items on a pool of workers, each with its own connections. Every
// item writes only its own slot, so the result does not depend on `jobs` or on scheduling.
#include "core/base/cancellation.h"
#include "core/evaluation/evaluation.h"
#include "core/evaluation/scorer.h"

#include <fmt/format.h>

#include <chrono>
#include <set>

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

} // namespace

MetricSelection metricsForEvalType(std::string_view etype, std::size_t searchBudget)
{
    const bool match = etype == "match" || etype == "all";
    const bool exec = etype != "match";
    return {.esm = match, .exec = exec, .testSuite = exec, .sqlEval = exec, .pcmF1 = etype == "all",
            .sqleq = exec && searchBudget > 0};
}

Result<Evaluation> evaluateSubmission(const SubmissionInputs& inputs, const EvaluationOptions& options,
                                      const suite::ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    const auto started = std::chrono::steady_clock::now();
    if (inputs.gold.size() != inputs.predictions.size()) return mismatchedLengths(inputs);
    auto positions = turnPositions(inputs);
    if (!positions) return positions.error();
    std::set<std::string> dbIds;
    for (const auto& item : inputs.gold) dbIds.insert(item.dbId);
    auto scorer = Scorer::load({inputs.tables, inputs.originalDatabases, inputs.suites}, options, dbIds);
    if (!scorer) return scorer.error();

    Evaluation evaluation;
    evaluation.computed = scorer->computed();
    evaluation.items = scorer->scoreMany(inputs.gold, inputs.predictions, options.settings.jobs, progress, cancel);
    for (const auto& [index, why] : inputs.lineErrors) {
        if (index < evaluation.items.size())
            evaluation.items[index].notes.insert(evaluation.items[index].notes.begin(),
                                                 {std::nullopt, NoteReason::InputRefused, why});
    }
    evaluation.interactionTurns = inputs.interactionTurns;
    if (!positions->empty())
        for (std::size_t i = 0; i < evaluation.items.size(); ++i) evaluation.items[i].turn = (*positions)[i];
    evaluation.cancelled = cancelRequested(cancel);
    evaluation.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return evaluation;
}

} // namespace sqleq::evaluation
