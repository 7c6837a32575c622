// The one table of the metrics an evaluation reports per item: the key every file and
// store names a metric by ("testsuite", the items.json / TSV column and the audit
// store's), its display names, whether it votes, and the `--etype` names that select
// them. Every front end and writer lists metrics from here; none spells the names
// itself. No Qt, no state.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sqleq::evaluation {

/// The metrics of an item, in the table's order: the order of the items TSV's columns
/// and of every listing (sqleq came last). Hardness is a classification, not a score:
/// it has a key and notes, and never votes.
enum class Metric : std::uint8_t { Esm, Exec, TestSuite, SqlEval, PcmF1, Sqleq, Hardness };

/// What a metric gives: a verdict (votes in agreement), a graded score, or a class.
enum class MetricRole : std::uint8_t { Verdict, Graded, Classification };

struct MetricInfo {
    Metric metric;
    std::string_view key;    ///< "testsuite": column, JSON key, store column, note prefix
    std::string_view name;   ///< "Suite": the audit panel's short name
    std::string_view title;  ///< "Test suite": the report's row label
    MetricRole role;
};

inline constexpr std::size_t kMetricCount = 7;

/// Every metric, in listing order (the enum's), hardness last.
const std::array<MetricInfo, kMetricCount>& metricTable();

/// The table's row of `metric`.
const MetricInfo& metricInfo(Metric metric);

/// The metric whose key is `key` ("testsuite" → TestSuite); nullopt for any other text.
std::optional<Metric> metricForKey(std::string_view key);

/// The `--etype` names (sqleq-cli eval and report, the Python module), the official
/// evaluator's: "all", "exec", "match". metricsForEvalType says what each selects.
inline constexpr std::array<std::string_view, 3> kEvalTypes{"all", "exec", "match"};

/// Whether `name` is one of kEvalTypes (exactly, lower case).
bool isEvalType(std::string_view name);

} // namespace sqleq::evaluation
