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

std::string_view key(Metric metric) { return metricInfo(metric).key; }

std::string header(const Evaluation& evaluation)
{
    const bool multiTurn = !evaluation.interactionTurns.empty();
    // The column order is the file format (sqleq came later than pcm_f1, proved last).
    return fmt::format("{}{}{}\t{}\t{}\t{}\t{}\t{}\ttestsuite_verdict\tseparating_db\t{}\t"
                       "testsuite_false_positive\tnotes\tproved",
                       kHeaderStart, multiTurn ? kTurnHeader : "", key(Metric::Hardness), key(Metric::Esm),
                       key(Metric::Exec), key(Metric::TestSuite), key(Metric::SqlEval), key(Metric::PcmF1),
                       key(Metric::Sqleq));
}

std::string boolCell(const std::optional<bool>& value)
{
    return value ? (*value ? "1" : "0") : "";
}

std::string joinedNotes(const std::vector<ItemNote>& notes)
{
    std::string joined;
    for (const auto& note : notes) {
        if (!joined.empty()) joined += "; ";
        joined += noteText(note);
    }
    return joined;
}

/// `notes` as users read them (the TSV's sentences), and `note_details` as data.
void addNotes(nlohmann::json& object, const std::vector<ItemNote>& notes)
{
    nlohmann::json texts = nlohmann::json::array();
    nlohmann::json details = nlohmann::json::array();
    for (const auto& note : notes) {
        texts.push_back(noteText(note));
        details.push_back(noteJson(note));
    }
    object["notes"] = std::move(texts);
    object["note_details"] = std::move(details);
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

} // namespace

nlohmann::json metricJson(const ItemMetrics& item, Metric metric)
{
    if (const auto* verdict = metricVerdict(item, metric)) return jsonValue(*verdict);
    if (metric == Metric::PcmF1) return item.pcmF1 ? nlohmann::json(*item.pcmF1) : nlohmann::json();
    return item.hardness ? nlohmann::json(metrics::hardnessName(*item.hardness)) : nlohmann::json();
}

namespace {

nlohmann::json jsonMetrics(const ItemMetrics& item)
{
    nlohmann::json json{{"index", item.index},
            {"db_id", item.dbId},
            {"testsuite_verdict", item.testSuiteVerdict.empty() ? nlohmann::json() : nlohmann::json(item.testSuiteVerdict)},
            {"separating_db", item.separatingDatabase >= 0 ? nlohmann::json(item.separatingDatabase) : nlohmann::json()},
            {"separating_db_file", item.separatingDatabaseFile.empty() ? nlohmann::json() : nlohmann::json(item.separatingDatabaseFile)},
            {"sqleq", jsonValue(item.sqleq)},
            {"testsuite_false_positive", item.testSuiteFalsePositive},
            {"proved", item.sqleq ? nlohmann::json(item.proved) : nlohmann::json()},
            {"sqleq_found_by", item.sqleqFoundBy.empty() ? nlohmann::json() : nlohmann::json(item.sqleqFoundBy)}};
    for (const auto& row : metricTable()) json[std::string(row.key)] = metricJson(item, row.metric);
    addNotes(json, item.notes);
    return json;
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
