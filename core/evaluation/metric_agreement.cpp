// Whether an item's metrics agree, and a one-line summary of them: the two views an
// auditor scans first. Only the verdict metrics vote: PCM-F1 is a graded score of
// surface similarity and, being case- and alias-sensitive as in its reference, is
// below 1 for most correct Spider predictions (T1.Name vs name) — as a vote (PCM-EM)
// it marked half of a submission as "disagreeing" and buried the real cases.
#include "core/evaluation/evaluation.h"

#include <fmt/format.h>

namespace sqleq::evaluation {

const std::optional<bool>* metricVerdict(const ItemMetrics& item, Metric metric)
{
    switch (metric) {
    case Metric::Esm: return &item.esm;
    case Metric::Exec: return &item.exec;
    case Metric::TestSuite: return &item.testSuite;
    case Metric::SqlEval: return &item.sqlEval;
    case Metric::Sqleq: return &item.sqleq;
    case Metric::PcmF1:
    case Metric::Hardness: return nullptr;
    }
    return nullptr;
}

bool metricComputed(const MetricSelection& computed, Metric metric)
{
    switch (metric) {
    case Metric::Esm: return computed.esm;
    case Metric::Exec: return computed.exec;
    case Metric::TestSuite: return computed.testSuite;
    case Metric::SqlEval: return computed.sqlEval;
    case Metric::Sqleq: return computed.sqleq;
    case Metric::PcmF1: return computed.pcmF1;
    case Metric::Hardness: return false;
    }
    return false;
}

std::string computedMetricList(const MetricSelection& computed)
{
    std::string list;
    for (const auto& row : metricTable()) {
        if (!metricComputed(computed, row.metric)) continue;
        if (!list.empty()) list += ", ";
        list += row.key;
    }
    return list;
}

bool metricsDisagree(const ItemMetrics& item)
{
    bool anyCorrect = false;
    bool anyWrong = false;
    for (const auto& row : metricTable()) {
        const auto* verdict = metricVerdict(item, row.metric);
        if (verdict != nullptr && verdict->has_value()) (**verdict ? anyCorrect : anyWrong) = true;
    }
    return anyCorrect && anyWrong;
}

std::string metricsSummary(const ItemMetrics& item)
{
    // The verdicts first, then the graded score.
    std::string summary;
    const auto add = [&](std::string cell) {
        if (!summary.empty()) summary += ' ';
        summary += cell;
    };
    for (const auto& row : metricTable()) {
        if (const auto* verdict = metricVerdict(item, row.metric); verdict != nullptr && verdict->has_value())
            add(fmt::format("{}={}", row.key, **verdict ? 1 : 0));
    }
    if (item.pcmF1) add(fmt::format("{}={:.2f}", metricInfo(Metric::PcmF1).key, *item.pcmF1));
    return summary;
}

} // namespace sqleq::evaluation
