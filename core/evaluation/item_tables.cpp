// The per-item tables: TSV (one line per item, cells free of tabs and newlines) and
// JSON (null for a metric not computed), plus the disagreement listing with both
// queries. A multi-turn evaluation adds `interaction` and `turn` (1-based, as the
// official turn table counts them) after db_id. Formatting only: every value comes
// from ItemMetrics.
#include "core/evaluation/evaluation.h"

#include "core/base/tsv_cell.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace sqleq::evaluation {
namespace {

constexpr std::string_view kHeaderStart = "index\tdb_id\t";
constexpr std::string_view kTurnHeader = "interaction\tturn\t";
constexpr std::string_view kHeaderRest =
    "hardness\tesm\texec\ttestsuite\tsqleval\tpcm_f1\ttestsuite_verdict\tseparating_db\tsqleq\t"
    "testsuite_false_positive\tnotes\tproved";

std::string header(const Evaluation& evaluation)
{
    const bool multiTurn = !evaluation.interactionTurns.empty();
    return fmt::format("{}{}{}", kHeaderStart, multiTurn ? kTurnHeader : "", kHeaderRest);
}

std::string boolCell(const std::optional<bool>& value)
{
    return value ? (*value ? "1" : "0") : "";
}

std::string joinedNotes(const std::vector<std::string>& notes)
{
    std::string joined;
    for (const auto& note : notes) {
        if (!joined.empty()) joined += "; ";
        joined += note;
    }
    return joined;
}

/// Proved or not, where sqleq judged the pair: empty where it did not.
std::string provedCell(const ItemMetrics& item)
{
    return item.sqleq ? (item.proved ? "1" : "0") : "";
}

std::string tsvRow(const ItemMetrics& item)
{
    const std::string turn = item.turn ? fmt::format("{}\t{}\t", item.turn->interaction + 1, item.turn->turn + 1) : "";
    return fmt::format("{}\t{}\t{}{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}", item.index, tsvCell(item.dbId), turn,
                       item.hardness ? metrics::hardnessName(*item.hardness) : "", boolCell(item.esm),
                       boolCell(item.exec), boolCell(item.testSuite), boolCell(item.sqlEval),
                       item.pcmF1 ? fmt::format("{:.4f}", *item.pcmF1) : "", item.testSuiteVerdict,
                       item.separatingDatabase >= 0 ? std::to_string(item.separatingDatabase) : "",
                       boolCell(item.sqleq), item.testSuiteFalsePositive ? "1" : "", tsvCell(joinedNotes(item.notes)),
                       provedCell(item));
}

nlohmann::json jsonValue(const std::optional<bool>& value)
{
    return value ? nlohmann::json(*value) : nlohmann::json();
}

nlohmann::json jsonMetrics(const ItemMetrics& item)
{
    return {{"index", item.index},
            {"db_id", item.dbId},
            {"hardness", item.hardness ? nlohmann::json(metrics::hardnessName(*item.hardness)) : nlohmann::json()},
            {"esm", jsonValue(item.esm)},
            {"exec", jsonValue(item.exec)},
            {"testsuite", jsonValue(item.testSuite)},
            {"sqleval", jsonValue(item.sqlEval)},
            {"pcm_f1", item.pcmF1 ? nlohmann::json(*item.pcmF1) : nlohmann::json()},
            {"testsuite_verdict", item.testSuiteVerdict.empty() ? nlohmann::json() : nlohmann::json(item.testSuiteVerdict)},
            {"separating_db", item.separatingDatabase >= 0 ? nlohmann::json(item.separatingDatabase) : nlohmann::json()},
            {"separating_db_file", item.separatingDatabaseFile.empty() ? nlohmann::json() : nlohmann::json(item.separatingDatabaseFile)},
            {"sqleq", jsonValue(item.sqleq)},
            {"testsuite_false_positive", item.testSuiteFalsePositive},
            {"proved", item.sqleq ? nlohmann::json(item.proved) : nlohmann::json()},
            {"sqleq_found_by", item.sqleqFoundBy.empty() ? nlohmann::json() : nlohmann::json(item.sqleqFoundBy)},
            {"notes", item.notes}};
}

} // namespace

nlohmann::json itemJson(const ItemMetrics& item)
{
    nlohmann::json json = jsonMetrics(item);
    if (item.turn) {
        json["interaction"] = item.turn->interaction + 1;
        json["turn"] = item.turn->turn + 1;
    }
    return json;
}

std::string itemsTsv(const Evaluation& evaluation)
{
    std::string out = fmt::format("{}\n", header(evaluation));
    for (const auto& item : evaluation.items) out += tsvRow(item) + '\n';
    return out;
}

std::string itemsJson(const Evaluation& evaluation)
{
    nlohmann::json items = nlohmann::json::array();
    for (const auto& item : evaluation.items) items.push_back(itemJson(item));
    // Predictions are model output: invalid UTF-8 must not abort the dump.
    return items.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string disagreementsTsv(const Evaluation& evaluation, const SubmissionInputs& inputs)
{
    std::string out = fmt::format("{}\tkind\tgold\tpred\n", header(evaluation));
    for (const auto& item : evaluation.items) {
        if (!metricsDisagree(item)) continue;
        const bool known = item.index < inputs.gold.size() && item.index < inputs.predictions.size();
        // A test-suite false positive is also a disagreement (testsuite=1, sqleq=0), but the
        // kind says which: the suite itself, not another metric, is wrong there.
        const bool metricsOtherwiseDisagree = [&] {
            ItemMetrics withoutSqleq = item;
            withoutSqleq.sqleq.reset();
            return metricsDisagree(withoutSqleq);
        }();
        std::string kind = metricsOtherwiseDisagree ? "metrics disagree" : "";
        if (item.testSuiteFalsePositive) kind += kind.empty() ? "test-suite false positive" : ", test-suite false positive";
        out += fmt::format("{}\t{}\t{}\t{}\n", tsvRow(item), kind, known ? tsvCell(inputs.gold[item.index].sql) : "",
                           known ? tsvCell(inputs.predictions[item.index]) : "");
    }
    return out;
}

} // namespace sqleq::evaluation
