// The metric table's rows. Keys are file formats (items.json, the items TSV, the audit
// store's columns and notes): never rename one.
#include "core/evaluation/metric_table.h"

#include <algorithm>

namespace sqleq::evaluation {

const std::array<MetricInfo, kMetricCount>& metricTable()
{
    static constexpr std::array<MetricInfo, kMetricCount> kTable{{
        {Metric::Esm, "esm", "ESM", "Exact match", MetricRole::Verdict},
        {Metric::Exec, "exec", "Exec", "Execution", MetricRole::Verdict},
        {Metric::TestSuite, "testsuite", "Suite", "Test suite", MetricRole::Verdict},
        {Metric::SqlEval, "sqleval", "SQL-Eval", "SQL-Eval", MetricRole::Verdict},
        {Metric::PcmF1, "pcm_f1", "PCM-F1", "PCM-F1", MetricRole::Graded},
        {Metric::Sqleq, "sqleq", "sqleq", "sqleq", MetricRole::Verdict},
        {Metric::Hardness, "hardness", "Hardness", "Hardness", MetricRole::Classification},
    }};
    return kTable;
}

const MetricInfo& metricInfo(Metric metric) { return metricTable()[static_cast<std::size_t>(metric)]; }

std::optional<Metric> metricForKey(std::string_view key)
{
    for (const auto& row : metricTable()) {
        if (row.key == key) return row.metric;
    }
    return std::nullopt;
}

bool isEvalType(std::string_view name)
{
    return std::find(kEvalTypes.begin(), kEvalTypes.end(), name) != kEvalTypes.end();
}

} // namespace sqleq::evaluation
