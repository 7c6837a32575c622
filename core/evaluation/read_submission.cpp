// readSubmission: a gold file and a predictions file as SubmissionInputs, through the
// dataset readers (which skip blank lines and the predictions' optional <TAB>db_id,
// as the official evaluator does), or BIRD's JSON predictions. Only reading; no metric
// is computed here.
#include "core/evaluation/evaluation.h"

#include "core/dataset/bird_predictions.h"
#include "core/dataset/spider_files.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::evaluation {

Result<SubmissionInputs> readSubmission(const std::string& goldPath, const std::string& predPath)
{
    auto gold = dataset::readGoldFile(goldPath);
    if (!gold) return gold.error();
    // BIRD's predictions are one JSON object; its reader also checks each db_id against the gold's.
    auto predictions = dataset::isBirdPredictionsFile(predPath)
                           ? dataset::readBirdPredictionsFile(predPath, *gold, goldPath)
                           : dataset::readPredictionsFile(predPath);
    if (!predictions) return predictions.error();
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
