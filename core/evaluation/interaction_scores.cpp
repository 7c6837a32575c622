// Multi-turn (SParC, CoSQL) scores: question match per turn bucket and interaction
// match ("joint_all"), counted as test-suite-sql-eval's evaluation.py counts them, and
// its turn table in print_scores' layout. Counting and formatting only: every verdict
// comes from ItemMetrics.
#include "core/evaluation/evaluation.h"

#include <fmt/format.h>

namespace sqleq::evaluation {
namespace {

constexpr std::array<std::string_view, kTurnBuckets> kTurnNames = {"turn 1", "turn 2", "turn 3", "turn 4",
                                                                    "turn > 4"};

void addTurn(TurnMetricScores& scores, std::size_t bucket, const std::optional<bool>& value)
{
    if (!value) return;
    ++scores.turns[bucket].computed;
    scores.turns[bucket].correct += *value ? 1 : 0;
}

/// Joint verdict of one interaction for one metric: unset when a turn is unset,
/// otherwise whether every turn is right (true for an empty interaction, as all([])).
template <typename Get>
std::optional<bool> jointVerdict(const std::vector<ItemMetrics>& items, std::size_t first, std::size_t turns, Get&& get)
{
    bool right = true;
    for (std::size_t i = first; i < first + turns; ++i) {
        const std::optional<bool> value = get(items[i]);
        if (!value) return std::nullopt;
        right = right && *value;
    }
    return right;
}

void addJoint(TurnMetricScores& scores, const std::optional<bool>& verdict)
{
    if (!verdict) return;
    ++scores.joint.computed;
    scores.joint.correct += *verdict ? 1 : 0;
}

/// print_formated_s: "{:20} " + ' '.join([element_format] * len(l)).
template <typename Cells, typename Format>
std::string row(std::string_view name, const Cells& cells, Format&& formatCell)
{
    std::string line = fmt::format("{:<20} ", name);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) line += ' ';
        line += formatCell(cells[i]);
    }
    return line + '\n';
}

std::string turnRow(std::string_view name, const TurnMetricScores& scores)
{
    return row(name, scores.turns, [](const MetricTally& tally) { return fmt::format("{:<20.3f}", tally.rate()); });
}

std::string jointLine(std::string_view name, const MetricTally& joint, std::size_t interactions)
{
    const std::size_t left = interactions - joint.computed;
    std::string unset = left == 0 ? ""
                        : left == 1 ? std::string(" (1 interaction with an unset turn left out)")
                                    : fmt::format(" ({} interactions with an unset turn left out)", left);
    return fmt::format("interaction {}: {} / {} = {:.3f}{}\n", name, joint.correct, joint.computed, joint.rate(),
                       unset);
}

} // namespace

std::size_t turnBucket(uint32_t turn)
{
    return turn < kTurnBuckets - 1 ? turn : kTurnBuckets - 1;
}

InteractionScores scoreInteractions(const Evaluation& evaluation)
{
    InteractionScores scores;
    if (evaluation.interactionTurns.empty()) return scores;
    const auto& items = evaluation.items;
    for (const auto& item : items) {
        if (!item.turn) continue;
        const std::size_t bucket = turnBucket(item.turn->turn);
        ++scores.turnCounts[bucket];
        addTurn(scores.esm, bucket, item.esm);
        addTurn(scores.exec, bucket, item.exec);
        addTurn(scores.testSuite, bucket, item.testSuite);
        addTurn(scores.sqlEval, bucket, item.sqlEval);
        addTurn(scores.sqleq, bucket, item.sqleq);
    }
    std::size_t first = 0;
    for (const uint32_t turns : evaluation.interactionTurns) {
        if (first + turns > items.size()) break;  // a cancelled or inconsistent evaluation: count what is there
        ++scores.interactions;
        addJoint(scores.esm, jointVerdict(items, first, turns, [](const ItemMetrics& m) { return m.esm; }));
        addJoint(scores.exec, jointVerdict(items, first, turns, [](const ItemMetrics& m) { return m.exec; }));
        addJoint(scores.testSuite, jointVerdict(items, first, turns, [](const ItemMetrics& m) { return m.testSuite; }));
        addJoint(scores.sqlEval, jointVerdict(items, first, turns, [](const ItemMetrics& m) { return m.sqlEval; }));
        addJoint(scores.sqleq, jointVerdict(items, first, turns, [](const ItemMetrics& m) { return m.sqleq; }));
        first += turns;
    }
    return scores;
}

std::string formatTurnReport(const Evaluation& evaluation)
{
    if (evaluation.interactionTurns.empty()) return {};
    const InteractionScores scores = scoreInteractions(evaluation);
    const auto& computed = evaluation.computed;
    std::string out = "\n\n";
    out += row("", kTurnNames, [](std::string_view name) { return fmt::format("{:<20}", name); });
    out += row("count", scores.turnCounts, [](std::size_t count) { return fmt::format("{:<20d}", count); });
    if (computed.exec) {
        out += "=====================   TURN EXECUTION ACCURACY     =====================\n";
        out += turnRow("execution", scores.exec);
    }
    if (computed.esm) {
        out += "\n====================== TURN EXACT MATCHING ACCURACY =====================\n";
        out += turnRow("exact match", scores.esm);
    }
    if (computed.testSuite || computed.sqlEval || computed.sqleq) {
        out += fmt::format("\n====================={:^26}=====================\n", "SQLEQ TURN METRICS");
        if (computed.testSuite) out += turnRow("test-suite", scores.testSuite);
        if (computed.sqleq) out += turnRow("sqleq", scores.sqleq);
        if (computed.sqlEval) out += turnRow("sql-eval", scores.sqlEval);
    }
    out += '\n';
    if (computed.esm) out += jointLine("exact match", scores.esm.joint, scores.interactions);
    if (computed.exec) out += jointLine("execution", scores.exec.joint, scores.interactions);
    if (computed.testSuite) out += jointLine("test-suite", scores.testSuite.joint, scores.interactions);
    if (computed.sqleq) out += jointLine("sqleq", scores.sqleq.joint, scores.interactions);
    if (computed.sqlEval) out += jointLine("sql-eval", scores.sqlEval.joint, scores.interactions);
    return out;
}

} // namespace sqleq::evaluation
