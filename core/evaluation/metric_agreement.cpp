// Whether an item's metrics agree, and a one-line summary of them: the two views an
// auditor scans first. Only the verdict metrics vote: PCM-F1 is a graded score of
// surface similarity and, being case- and alias-sensitive as in its reference, is
// below 1 for most correct Spider predictions (T1.Name vs name) — as a vote (PCM-EM)
// it marked half of a submission as "disagreeing" and buried the real cases.
#include "core/evaluation/evaluation.h"

#include <fmt/format.h>

namespace sqleq::evaluation {

bool metricsDisagree(const ItemMetrics& item)
{
    bool anyCorrect = false;
    bool anyWrong = false;
    const auto vote = [&](bool correct) { (correct ? anyCorrect : anyWrong) = true; };
    for (const auto* verdict : {&item.esm, &item.exec, &item.testSuite, &item.sqlEval, &item.sqleq}) {
        if (verdict->has_value()) vote(**verdict);
    }
    return anyCorrect && anyWrong;
}

std::string metricsSummary(const ItemMetrics& item)
{
    std::string summary;
    const auto add = [&](std::string_view name, const std::optional<bool>& value) {
        if (!value) return;
        if (!summary.empty()) summary += ' ';
        summary += fmt::format("{}={}", name, *value ? 1 : 0);
    };
    add("esm", item.esm);
    add("exec", item.exec);
    add("testsuite", item.testSuite);
    add("sqleval", item.sqlEval);
    add("sqleq", item.sqleq);
    if (item.pcmF1) {
        if (!summary.empty()) summary += ' ';
        summary += fmt::format("pcm_f1={:.2f}", *item.pcmF1);
    }
    return summary;
}

} // namespace sqleq::evaluation
