// formatHardnessReport: the per-hardness table of test-suite-sql-eval's evaluation.py
// (print_scores; for a multi-turn file with its joint_all column, whose turn table is
// interaction_scores.cpp's), byte for byte in layout — a 20-wide row
// name, then one 20-wide cell per level separated by single spaces — and with its
// averaging rules, including the partial-matching quirks (acc averaged over items
// whose prediction has the component, rec over items whose gold has it, and F1 = 1
// when both averages are 0). Then sqleq's further metrics in the same layout.
// Rates are over the items whose metric was computed; a footnote counts the others
// (the official script has no such items: it stops at the first one).
#include "core/evaluation/evaluation.h"

#include <fmt/format.h>

#include <array>

namespace sqleq::evaluation {
namespace {

constexpr std::size_t kLevelCount = 6;  // easy, medium, hard, extra, all, joint_all
constexpr std::size_t kAll = 4;
constexpr std::size_t kJoint = 5;       // interactions: shown for a multi-turn file only
constexpr std::array<std::string_view, kLevelCount> kLevelNames = {"easy", "medium", "hard", "extra", "all",
                                                                   "joint_all"};

/// A running mean: sum of the values and how many were added.
struct Mean {
    double sum = 0;
    std::size_t count = 0;
    void add(double value) { sum += value, ++count; }
    [[nodiscard]] double value() const { return count == 0 ? 0.0 : sum / static_cast<double>(count); }
};

using LevelMeans = std::array<Mean, kLevelCount>;

struct PartialTally {
    LevelMeans acc;
    LevelMeans rec;
};

struct Tally {
    std::size_t columns = kJoint;  ///< kLevelCount when joint_all is shown
    std::array<std::size_t, kLevelCount> count{};
    LevelMeans exec, exact, testSuite, sqlEval, pcmF1, sqleq;
    std::array<PartialTally, metrics::kComponentCount> partial;
};

/// The levels an item counts in: its hardness (when known) and "all".
template <typename Fn>
void forLevels(const ItemMetrics& item, Fn&& fn)
{
    if (item.hardness) fn(static_cast<std::size_t>(*item.hardness));
    fn(kAll);
}

void addPartial(Tally& tally, const ItemMetrics& item)
{
    for (std::size_t c = 0; c < metrics::kComponentCount; ++c) {
        const auto& score = item.components->scores[c];
        forLevels(item, [&](std::size_t level) {
            if (score.predTotal > 0) tally.partial[c].acc[level].add(score.acc);
            if (score.labelTotal > 0) tally.partial[c].rec[level].add(score.rec);
        });
    }
}

/// The joint_all column: interactions, and per metric those whose every turn is right.
/// It has no partial scores, so evaluation.py prints 0 / 0 / 1 there, as do these means.
void addInteractions(Tally& tally, const InteractionScores& scores)
{
    tally.columns = kLevelCount;
    tally.count[kJoint] = scores.interactions;
    const auto setJoint = [](LevelMeans& means, const MetricTally& joint) {
        means[kJoint] = Mean{static_cast<double>(joint.correct), joint.computed};
    };
    setJoint(tally.exec, scores.exec.joint);
    setJoint(tally.exact, scores.esm.joint);
    setJoint(tally.testSuite, scores.testSuite.joint);
    setJoint(tally.sqleq, scores.sqleq.joint);
    setJoint(tally.sqlEval, scores.sqlEval.joint);
}

Tally tallyItems(const Evaluation& evaluation)
{
    Tally tally;
    const auto addBool = [](LevelMeans& means, const ItemMetrics& item, const std::optional<bool>& value) {
        if (value) forLevels(item, [&](std::size_t level) { means[level].add(*value ? 1.0 : 0.0); });
    };
    for (const auto& item : evaluation.items) {
        forLevels(item, [&](std::size_t level) { ++tally.count[level]; });
        addBool(tally.exec, item, item.exec);
        addBool(tally.exact, item, item.esm);
        addBool(tally.testSuite, item, item.testSuite);
        addBool(tally.sqleq, item, item.sqleq);
        addBool(tally.sqlEval, item, item.sqlEval);
        if (item.pcmF1) forLevels(item, [&](std::size_t level) { tally.pcmF1[level].add(*item.pcmF1); });
        if (item.components) addPartial(tally, item);
    }
    if (!evaluation.interactionTurns.empty()) addInteractions(tally, scoreInteractions(evaluation));
    return tally;
}

/// print_formated_s ("{:20} " + ' '.join([element_format] * len(l))) over the first `columns` cells: joint_all is shown only when the
/// evaluation is multi-turn (evaluation.py's include_turn_acc).
template <typename Cells, typename Format>
std::string row(std::size_t columns, std::string_view name, const Cells& cells, Format&& formatCell)
{
    std::string line = fmt::format("{:<20} ", name);
    for (std::size_t i = 0; i < std::min(cells.size(), columns); ++i) {
        if (i > 0) line += ' ';
        line += formatCell(cells[i]);
    }
    return line + '\n';
}

std::string rateRow(std::size_t columns, std::string_view name, const std::array<double, kLevelCount>& rates)
{
    return row(columns, name, rates, [](double rate) { return fmt::format("{:<20.3f}", rate); });
}

std::string meanRow(std::size_t columns, std::string_view name, const LevelMeans& means)
{
    std::array<double, kLevelCount> rates{};
    for (std::size_t level = 0; level < kLevelCount; ++level) rates[level] = means[level].value();
    return rateRow(columns, name, rates);
}

std::string partialBlocks(const Tally& tally)
{
    std::string out = "\n---------------------PARTIAL MATCHING ACCURACY----------------------\n";
    const auto componentName = [](std::size_t c) { return metrics::componentName(static_cast<metrics::Component>(c)); };
    for (std::size_t c = 0; c < metrics::kComponentCount; ++c) out += meanRow(tally.columns, componentName(c), tally.partial[c].acc);
    out += "---------------------- PARTIAL MATCHING RECALL ----------------------\n";
    for (std::size_t c = 0; c < metrics::kComponentCount; ++c) out += meanRow(tally.columns, componentName(c), tally.partial[c].rec);
    out += "---------------------- PARTIAL MATCHING F1 --------------------------\n";
    for (std::size_t c = 0; c < metrics::kComponentCount; ++c) {
        std::array<double, kLevelCount> f1{};
        for (std::size_t level = 0; level < kLevelCount; ++level) {
            const double acc = tally.partial[c].acc[level].value();
            const double rec = tally.partial[c].rec[level].value();
            f1[level] = acc == 0 && rec == 0 ? 1.0 : 2.0 * acc * rec / (rec + acc);
        }
        out += rateRow(tally.columns, componentName(c), f1);
    }
    return out;
}

std::string furtherMetrics(const Evaluation& evaluation, const Tally& tally)
{
    const auto& computed = evaluation.computed;
    if (!computed.testSuite && !computed.sqlEval && !computed.pcmF1 && !computed.sqleq) return {};
    std::string out = fmt::format("\n====================={:^26}=====================\n", "SQLEQ METRICS");
    if (computed.testSuite) out += meanRow(tally.columns, "test-suite", tally.testSuite);
    if (computed.sqleq) out += meanRow(tally.columns, "sqleq", tally.sqleq);
    if (computed.sqlEval) out += meanRow(tally.columns, "sql-eval", tally.sqlEval);
    if (computed.pcmF1) {
        // A graded score has no "every turn right": its joint_all cell stays blank.
        std::string pcm = meanRow(std::min(tally.columns, kJoint), "pcm-f1", tally.pcmF1);
        if (tally.columns > kJoint) pcm.insert(pcm.size() - 1, fmt::format(" {:<20}", "-"));
        out += pcm;
    }
    return out;
}

/// One line per computed metric some items lack, so a rate is never read as covering all.
std::string footnotes(const Evaluation& evaluation, const Tally& tally)
{
    std::string out;
    const std::size_t total = tally.count[kAll];
    const auto note = [&](bool computed, std::string_view name, const LevelMeans& means) {
        const std::size_t have = means[kAll].count;
        if (computed && have < total)
            out += fmt::format("note: {} is unset for {} of {} items (see their notes); its rates are over the "
                               "other {}\n",
                               name, total - have, total, have);
    };
    note(evaluation.computed.exec, "execution", tally.exec);
    note(evaluation.computed.esm, "exact match", tally.exact);
    note(evaluation.computed.testSuite, "test-suite", tally.testSuite);
    note(evaluation.computed.sqlEval, "sql-eval", tally.sqlEval);
    note(evaluation.computed.sqleq, "sqleq", tally.sqleq);
    note(evaluation.computed.pcmF1, "pcm-f1", tally.pcmF1);
    if (evaluation.cancelled) out += "note: the evaluation was cancelled; items not reached are unset\n";
    return out.empty() ? out : "\n" + out;
}

} // namespace

std::string formatHardnessReport(const Evaluation& evaluation)
{
    const Tally tally = tallyItems(evaluation);
    std::string out = row(tally.columns, "", kLevelNames, [](std::string_view level) { return fmt::format("{:<20}", level); });
    out += row(tally.columns, "count", tally.count, [](std::size_t count) { return fmt::format("{:<20d}", count); });
    if (evaluation.computed.exec) {
        out += "=====================   EXECUTION ACCURACY     =====================\n";
        out += meanRow(tally.columns, "execution", tally.exec);
    }
    if (evaluation.computed.esm) {
        out += "\n====================== EXACT MATCHING ACCURACY =====================\n";
        out += meanRow(tally.columns, "exact match", tally.exact);
        out += partialBlocks(tally);
    }
    out += furtherMetrics(evaluation, tally);
    out += footnotes(evaluation, tally);
    return out;
}

} // namespace sqleq::evaluation
