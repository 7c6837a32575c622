// The pieces the report's HTML is made of, shared by the summary (report_html.cpp) and
// the item details (item_html.cpp): escaping, the metrics a report can show, and the
// style and script written into every report (html_assets.cpp). Internal to core/report.
#pragma once

#include "core/evaluation/evaluation.h"
#include "core/report/report.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::report::detail {

/// Text for HTML content and attribute values: & < > " ' escaped, bytes that are not
/// UTF-8 replaced by U+FFFD, control characters other than tab and newline dropped.
std::string escape(std::string_view text);

/// One result or database cell as the inspector shows it: NULL, numbers, text, x'…'.
std::string cellText(const nlohmann::json& value);

/// A verdict metric of an item (ESM, exec, test suite, SQL-Eval, sqleq): a row of
/// evaluation::metricTable().
struct VerdictMetric {
    std::string_view key;    ///< "esm", "exec", ...: the items.json key
    std::string_view label;  ///< "Exact match"
    evaluation::Metric metric;
    [[nodiscard]] const std::optional<bool>& of(const evaluation::ItemMetrics& item) const
    {
        return *evaluation::metricVerdict(item, metric);
    }
    [[nodiscard]] bool computedIn(const evaluation::MetricSelection& computed) const
    {
        return evaluation::metricComputed(computed, metric);
    }
};

/// The table's verdict metrics, in its order, which every table of the report follows.
const std::vector<VerdictMetric>& verdictMetrics();

/// "✓", "✗" or "—" with a class for colour and a word for screen readers.
std::string verdictMark(const std::optional<bool>& value);

/// The id of item `item` of submission `submission`: "item-1-17" (0-based both).
std::string itemId(std::size_t submission, std::size_t item);

/// The <details> element of one listed item: question, gold, candidate, every metric,
/// sqleq's inspection (verdict, evidence, diagnosis, clause diff, counterexample table
/// by table with the cell to look at marked, both results with the rows only one
/// returns marked) and the item's annotations.
std::string itemDetails(const Report& report, std::size_t submission, std::size_t item);

/// The report's style sheet and script (without their tags).
std::string_view styleSheet();
std::string_view script();

} // namespace sqleq::report::detail
