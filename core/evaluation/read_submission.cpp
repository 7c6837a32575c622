// readSubmission: a gold file and a predictions file as SubmissionInputs, through the
// dataset readers (which skip blank lines and the predictions' optional <TAB>db_id,
// as the official evaluator does), or BIRD's JSON predictions. A gold file of several
// interactions (SParC, CoSQL) pairs the two files interaction by interaction. Only
// reading; no metric is computed.
#include "core/evaluation/evaluation.h"
#include "core/evaluation/evaluation_context.h"

#include "core/dataset/bird_predictions.h"
#include "core/dataset/spider_files.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::evaluation {
namespace {

/// The 1-based line where interaction `interaction` starts (its first turn), or the
/// line after the last item when it has none.
uint32_t firstLineOf(const auto& items, uint32_t interaction)
{
    for (const auto& item : items)
        if (item.interaction == interaction) return item.line;
    return items.empty() ? 1 : items.back().line + 1;
}

/// evaluation.py asserts "number of sessions must equal"; it zips the turns of each
/// pair and so drops the longer side's extra turns unscored. Both are refused here, with
/// the interaction and lines named.
Status checkSameInteractions(const dataset::GoldFile& gold, const dataset::PredictionsFile& predictions,
                             const std::string& goldPath, const std::string& predPath)
{
    const auto& goldTurns = gold.layout.turns;
    const auto& predTurns = predictions.layout.turns;
    if (goldTurns.size() != predTurns.size())
        return inputError(fmt::format("{} has {} interactions but {} has {} (interactions are separated by blank "
                                      "lines; the official evaluator requires as many in both)",
                                      goldPath, goldTurns.size(), predPath, predTurns.size()));
    for (uint32_t i = 0; i < goldTurns.size(); ++i) {
        if (goldTurns[i] == predTurns[i]) continue;
        return inputError(fmt::format("interaction {} has {} turns in {} (from line {}) but {} in {} (from line {}); "
                                      "the official evaluator would silently score only the first {}",
                                      i + 1, goldTurns[i], goldPath, firstLineOf(gold.items, i), predTurns[i],
                                      predPath, firstLineOf(predictions.predictions, i),
                                      std::min(goldTurns[i], predTurns[i])));
    }
    return {};
}

} // namespace

Result<SubmissionInputs> readSubmission(const std::string& goldPath, const std::string& predPath)
{
    auto goldFile = dataset::readGoldInteractions(goldPath);
    if (!goldFile) return goldFile.error();
    // BIRD's predictions are one JSON object, aligned with the gold (whose layout they
    // share); its reader also checks each db_id against the gold's.
    auto predictionsFile = [&]() -> Result<dataset::PredictionsFile> {
        if (!dataset::isBirdPredictionsFile(predPath)) return dataset::readPredictionInteractions(predPath);
        auto bird = dataset::readBirdPredictionsFile(predPath, goldFile->items, goldPath);
        if (!bird) return bird.error();
        return dataset::PredictionsFile{std::move(bird.value()), goldFile->layout};
    }();
    if (!predictionsFile) return predictionsFile.error();
    const bool multiTurn = goldFile->layout.multiTurn();
    if (multiTurn) {
        if (auto same = checkSameInteractions(*goldFile, *predictionsFile, goldPath, predPath); !same)
            return same.error();
    }
    auto* gold = &goldFile->items;
    auto* predictions = &predictionsFile->predictions;
    if (gold->size() != predictions->size()) {
        Diagnostic diagnostic;
        diagnostic.code = "evaluation.input";
        const std::size_t common = std::min(gold->size(), predictions->size());
        // Name the first line with no counterpart, so the user sees where the files part.
        const std::string where = gold->size() > predictions->size()
                                      ? fmt::format("{} line {} has no prediction", goldPath, (*gold)[common].line)
                                      : fmt::format("{} line {} has no gold item", predPath,
                                                    (*predictions)[common].line);
        diagnostic.message = fmt::format("{} has {} gold items but {} has {} predictions ({})", goldPath,
                                         gold->size(), predPath, predictions->size(), where);
        return diagnostic;
    }
    SubmissionInputs inputs;
    if (multiTurn) inputs.interactionTurns = goldFile->layout.turns;
    inputs.gold.reserve(gold->size());
    inputs.predictions.reserve(predictions->size());
    for (std::size_t i = 0; i < gold->size(); ++i) {
        auto& item = (*gold)[i];
        auto& prediction = (*predictions)[i];
        std::string refused = item.error;
        if (!prediction.error.empty()) refused += (refused.empty() ? "" : "; ") + prediction.error;
        if (!refused.empty()) inputs.lineErrors.emplace(i, std::move(refused));
        inputs.gold.push_back({std::move(item.sql), std::move(item.dbId)});
        inputs.predictions.push_back(std::move(prediction.sql));
    }
    return inputs;
}

} // namespace sqleq::evaluation
