// renderReportHtml: the document around the items — where it came from, accuracy per
// hardness as charts and tables, how often each pair of metrics disagrees, the
// annotators' agreement, then the filterable list of items and their details. Every
// number comes from the Report; the charts are inline SVG with the same numbers in a
// table beside them, for screen readers and for copying into a paper.

#include "core/inspect/settings_json.h"
#include "core/report/html_parts.h"

#include "core/base/ascii_case.h"
#include "core/metrics/spider_esm.h"

#include <fmt/format.h>

#include <array>
#include <map>
#include <set>

namespace sqleq::report {
namespace {

using detail::escape;

constexpr std::array<std::string_view, 6> kPalette{"#1f5fa8", "#c2410c", "#15803d", "#7e22ce", "#a16207", "#0e7490"};

/// The hardness buckets, then every item ("all"); without hardness labels only "all".
struct Buckets {
    std::vector<std::string> names;
    [[nodiscard]] bool hasHardness() const { return names.size() > 1; }
};

Buckets bucketsOf(const Report& report)
{
    for (const auto& submission : report.submissions)
        for (const auto& item : submission.evaluation.items)
            if (item.hardness) return {{"easy", "medium", "hard", "extra", "all"}};
    return {{"all"}};
}

/// Index of `item`'s bucket in Buckets::names, or -1 when it has none (the item still
/// counts in "all").
int bucketOf(const Buckets& buckets, const evaluation::ItemMetrics& item)
{
    if (!buckets.hasHardness() || !item.hardness) return -1;
    return static_cast<int>(*item.hardness);
}

struct Rate {
    double sum = 0;             ///< correct items, or the sum of PCM-F1 scores
    std::size_t computed = 0;
    std::size_t items = 0;
    [[nodiscard]] std::optional<double> value() const
    {
        return computed == 0 ? std::nullopt : std::optional<double>(sum / double(computed));
    }
};

/// A metric's rate per bucket for one submission.
template <typename Score>
std::vector<Rate> ratesOf(const Buckets& buckets, const SubmissionReport& submission, Score score)
{
    std::vector<Rate> rates(buckets.names.size());
    for (const auto& item : submission.evaluation.items) {
        const std::optional<double> value = score(item);
        const int bucket = bucketOf(buckets, item);
        for (const int index : {bucket, static_cast<int>(rates.size()) - 1}) {
            if (index < 0) continue;
            Rate& rate = rates[static_cast<std::size_t>(index)];
            ++rate.items;
            if (value) rate.sum += *value, ++rate.computed;
        }
    }
    return rates;
}

std::string percent(const std::optional<double>& rate)
{
    return rate ? fmt::format("{:.1f}", *rate * 100.0) : "—";
}

/// Grouped bars: one group per bucket, one bar per submission, 0–100 %.
std::string barChart(const std::string& id, const std::string& caption, const Buckets& buckets,
                     const std::vector<std::string>& series, const std::vector<std::vector<Rate>>& rates)
{
    constexpr int kBar = 16, kGap = 18, kLeft = 44, kTop = 10, kPlot = 150, kBottom = 34;
    const int group = static_cast<int>(series.size()) * kBar + kGap;
    const int width = kLeft + static_cast<int>(buckets.names.size()) * group + 10;
    std::string svg = fmt::format(
        "<figure><figcaption id=\"{0}\">{1}</figcaption>"
        "<svg role=\"img\" aria-labelledby=\"{0}\" width=\"{2}\" height=\"{3}\" viewBox=\"0 0 {2} {3}\">",
        id, escape(caption), width, kTop + kPlot + kBottom);
    for (int tick = 0; tick <= 100; tick += 25) {
        const int y = kTop + kPlot - tick * kPlot / 100;
        svg += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\" stroke=\"#d0d0d0\"/>"
                           "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\" fill=\"#444\">{}%</text>",
                           kLeft, width - 6, y, y, kLeft - 4, y + 4, tick);
    }
    for (std::size_t b = 0; b < buckets.names.size(); ++b) {
        const int x0 = kLeft + static_cast<int>(b) * group + kGap / 2;
        for (std::size_t s = 0; s < series.size(); ++s) {
            const Rate& rate = rates[s][b];
            const auto value = rate.value();
            const int height = value ? static_cast<int>(*value * kPlot + 0.5) : 0;
            svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{}, {}: {} %"
                               " ({} items)</title></rect>",
                               x0 + static_cast<int>(s) * kBar, kTop + kPlot - height, kBar - 2, height,
                               kPalette[s % kPalette.size()], escape(series[s]), buckets.names[b], percent(value),
                               rate.computed);
        }
        svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#1b1b1b\">{}</text>",
                           x0 + static_cast<int>(series.size()) * kBar / 2, kTop + kPlot + 16, buckets.names[b]);
    }
    svg += "</svg></figure>";
    return svg;
}

std::string rateTable(const std::string& caption, const Buckets& buckets, const std::vector<std::string>& series,
                      const std::vector<std::vector<Rate>>& rates, bool graded)
{
    std::string html = fmt::format("<table><caption>{}</caption><thead><tr><th scope=\"col\">submission</th>",
                                   escape(caption));
    for (const auto& name : buckets.names) html += fmt::format("<th scope=\"col\" class=\"num\">{}</th>", name);
    html += "</tr></thead><tbody>";
    for (std::size_t s = 0; s < series.size(); ++s) {
        html += fmt::format("<tr><th scope=\"row\">{}</th>", escape(series[s]));
        for (const Rate& rate : rates[s]) {
            const auto value = rate.value();
            html += fmt::format("<td class=\"num\">{}{}<br><span class=\"muted\">{} of {}</span></td>",
                                !value ? "—" : graded ? fmt::format("{:.3f}", *value) : percent(value),
                                graded || !value ? "" : " %",
                                graded ? fmt::format("{}", rate.computed) : fmt::format("{:.0f}", rate.sum),
                                graded ? rate.items : rate.computed);
        }
        html += "</tr>";
    }
    html += "</tbody></table>";
    // Items the metric could not judge (a gold that fails on its database, a db_id
    // without a suite) are left out of its rates; the note says how many.
    std::string unset;
    for (std::size_t s = 0; s < series.size(); ++s) {
        const Rate& all = rates[s].back();
        if (all.computed < all.items)
            unset += fmt::format("{}{} {}", unset.empty() ? "" : ", ", escape(series[s]), all.items - all.computed);
    }
    if (!unset.empty()) html += "<p class=\"muted\">Left unset, and out of the rates: " + unset + " items.</p>";
    return "<div>" + html + "</div>";
}

std::vector<std::string> submissionNames(const Report& report)
{
    std::vector<std::string> names;
    for (const auto& submission : report.submissions) names.push_back(submission.name);
    return names;
}

std::string accuracySection(const Report& report)
{
    const Buckets buckets = bucketsOf(report);
    const auto names = submissionNames(report);
    std::string html = "<section aria-labelledby=\"accuracy\"><h2 id=\"accuracy\">Accuracy by hardness</h2>";
    if (!buckets.hasHardness())
        html += "<p class=\"muted\">No hardness levels: they need the Spider tables.json and golds its parser reads.</p>";
    html += "<ul class=\"legend\">";
    for (std::size_t s = 0; s < names.size(); ++s)
        html += fmt::format("<li style=\"--swatch:{}\">{}</li>", kPalette[s % kPalette.size()], escape(names[s]));
    html += "</ul>";
    for (const auto& metric : detail::verdictMetrics()) {
        const bool computed = std::any_of(report.submissions.begin(), report.submissions.end(),
                                          [&](const auto& s) { return metric.computedIn(s.evaluation.computed); });
        if (!computed) continue;
        std::vector<std::vector<Rate>> rates;
        for (const auto& submission : report.submissions) {
            rates.push_back(ratesOf(buckets, submission, [&](const evaluation::ItemMetrics& item) {
                const auto& value = metric.of(item);
                return value ? std::optional<double>(*value ? 1.0 : 0.0) : std::nullopt;
            }));
        }
        html += fmt::format("<h3 id=\"metric-{}\">{}</h3><div class=\"charts\">", metric.key, metric.label);
        html += barChart(fmt::format("chart-{}", metric.key), fmt::format("{} per hardness (%)", metric.label), buckets,
                         names, rates);
        html += rateTable(fmt::format("{}: accuracy (%) and correct items", metric.label), buckets, names, rates, false);
        html += "</div>";
    }
    const bool pcm = std::any_of(report.submissions.begin(), report.submissions.end(),
                                 [](const auto& s) { return s.evaluation.computed.pcmF1; });
    if (pcm) {
        std::vector<std::vector<Rate>> rates;
        for (const auto& submission : report.submissions)
            rates.push_back(ratesOf(buckets, submission, [](const evaluation::ItemMetrics& item) { return item.pcmF1; }));
        html += "<h3 id=\"metric-pcm_f1\">PCM-F1</h3><div class=\"charts\">";
        html += barChart("chart-pcm_f1", "PCM-F1 mean per hardness (× 100)", buckets, names, rates);
        html += rateTable("PCM-F1: mean score and items scored", buckets, names, rates, true);
        html += "</div>";
    }
    return html + "</section>";
}

std::string agreementSection(const Report& report)
{
    const auto& metrics = detail::verdictMetrics();
    std::string html = "<section aria-labelledby=\"agreement\"><h2 id=\"agreement\">How often the metrics disagree</h2>"
                       "<p>Each cell: the share of items, among those both metrics judged, on which they give "
                       "different verdicts. PCM-F1 is a graded score and does not vote.</p>";
    for (const auto& submission : report.submissions) {
        std::vector<const detail::VerdictMetric*> shown;
        for (const auto& metric : metrics)
            if (metric.computedIn(submission.evaluation.computed)) shown.push_back(&metric);
        if (shown.size() < 2) continue;
        html += fmt::format("<table><caption>{}</caption><thead><tr><td></td>", escape(submission.name));
        for (const auto* metric : shown) html += fmt::format("<th scope=\"col\">{}</th>", metric->label);
        html += "</tr></thead><tbody>";
        for (const auto* row : shown) {
            html += fmt::format("<tr><th scope=\"row\">{}</th>", row->label);
            for (const auto* column : shown) {
                if (row == column) {
                    html += "<td class=\"num muted\">—</td>";
                    continue;
                }
                std::size_t both = 0, differ = 0;
                for (const auto& item : submission.evaluation.items) {
                    const auto& a = row->of(item);
                    const auto& b = column->of(item);
                    if (!a || !b) continue;
                    ++both;
                    differ += *a != *b ? 1 : 0;
                }
                html += fmt::format("<td class=\"num\">{}<br><span class=\"muted\">{} of {}</span></td>",
                                    both == 0 ? "—" : percent(double(differ) / double(both)) + " %", differ, both);
            }
            html += "</tr>";
        }
        html += "</tbody></table>";
    }
    return html + "</section>";
}

std::string annotationSection(const Report& report)
{
    if (report.annotations.empty()) return {};
    std::map<std::string, std::vector<audit::Annotation>> byAnnotator;
    for (const auto& annotation : report.annotations) byAnnotator[annotation.annotator].push_back(annotation);
    std::string html = "<section aria-labelledby=\"annotations\"><h2 id=\"annotations\">Annotations</h2>"
                       "<table><caption>Verdicts per annotator</caption><thead><tr><th scope=\"col\">annotator</th>"
                       "<th scope=\"col\" class=\"num\">equivalent</th><th scope=\"col\" class=\"num\">not equivalent"
                       "</th><th scope=\"col\" class=\"num\">unsure</th></tr></thead><tbody>";
    for (const auto& [annotator, list] : byAnnotator) {
        std::array<std::size_t, 3> counts{};
        for (const auto& annotation : list) ++counts[static_cast<std::size_t>(annotation.verdict)];
        html += fmt::format("<tr><th scope=\"row\">{}</th><td class=\"num\">{}</td><td class=\"num\">{}</td>"
                            "<td class=\"num\">{}</td></tr>",
                            escape(annotator), counts[0], counts[1], counts[2]);
    }
    html += "</tbody></table>";
    if (byAnnotator.size() >= 2) {
        html += "<table><caption>Agreement between annotators (items both annotated)</caption><thead><tr>"
                "<th scope=\"col\">annotators</th><th scope=\"col\" class=\"num\">both</th><th scope=\"col\" "
                "class=\"num\">agreeing</th><th scope=\"col\" class=\"num\">rate</th><th scope=\"col\" "
                "class=\"num\">Cohen's κ</th></tr></thead><tbody>";
        for (auto first = byAnnotator.begin(); first != byAnnotator.end(); ++first) {
            for (auto second = std::next(first); second != byAnnotator.end(); ++second) {
                const audit::Agreement agreement = audit::compareAnnotators(first->second, second->second);
                html += fmt::format("<tr><th scope=\"row\">{} · {}</th><td class=\"num\">{}</td><td class=\"num\">{}"
                                    "</td><td class=\"num\">{}</td><td class=\"num\">{:.3f}</td></tr>",
                                    escape(first->first), escape(second->first), agreement.both, agreement.agreeing,
                                    agreement.both == 0 ? "—" : percent(agreement.rate) + " %",
                                    agreement.cohenKappa);
            }
        }
        html += "</tbody></table>";
    }
    return html + "</section>";
}

std::string kindsOf(const Report& report, std::size_t s, std::size_t i)
{
    const ListedReason reason = listedReason(report.submissions[s].evaluation.items[i]);
    std::string kinds;
    if (reason.testSuiteFalsePositive) kinds += "fp ";
    if (reason.metricsDisagree) kinds += "disagree ";
    if (!reason.testSuiteFalsePositive && !reason.metricsDisagree) kinds += "annotated ";
    if (!kinds.empty()) kinds.pop_back();
    return kinds;
}

std::string inspectedVerdict(const Report& report, std::size_t s, std::size_t i)
{
    const int index = report.inspectionOf.empty() ? -1 : report.inspectionOf[s][i];
    if (index < 0) return "<span class=\"unset\">—</span>";
    const ItemInspection& inspection = report.inspections[static_cast<std::size_t>(index)];
    if (!inspection.error.empty()) return "<span class=\"unset\">not inspected</span>";
    if (inspection.inspection.is_null()) return "<span class=\"unset\">—</span>";
    const std::string verdict = inspection.inspection.value("verdict", "");
    return fmt::format("<span class=\"{}\">{}</span>", verdict == "equivalent" ? "ok" : "bad", escape(verdict));
}

std::string itemsSection(const Report& report)
{
    const Buckets buckets = bucketsOf(report);
    std::string rows;
    std::string details;
    std::size_t listed = 0;
    std::set<std::string> dbIds;
    for (std::size_t s = 0; s < report.submissions.size(); ++s) {
        const SubmissionReport& submission = report.submissions[s];
        for (std::size_t i = 0; i < submission.evaluation.items.size(); ++i) {
            if (!isListed(report, s, i)) continue;
            const auto& item = submission.evaluation.items[i];
            const std::string id = detail::itemId(s, i);
            const std::string kinds = kindsOf(report, s, i);
            const std::string hardness = item.hardness ? std::string(metrics::hardnessName(*item.hardness)) : "";
            const std::string search = asciiLower(fmt::format("{} {} {} {} #{}", item.dbId, report.questions[i],
                                                             report.gold[i].sql, submission.predictions[i], i));
            rows += fmt::format(
                "<tr data-item=\"{id}\" data-order=\"{order}\" data-submission=\"{sub}\" data-kind=\"{kinds}\" "
                "data-hardness=\"{hard}\" data-search=\"{search}\" data-sort-submission=\"{s}\" data-sort-item=\"{i}\" "
                "data-sort-db=\"{db}\" data-sort-hardness=\"{hardRank}\" data-sort-kind=\"{kinds}\" "
                "data-sort-pcm=\"{pcm}\"><td>{sub}</td><td><a href=\"#{id}\">#{i}</a></td><td>{db}</td><td>{hard}</td>"
                "<td>{kindTags}</td>",
                fmt::arg("id", id), fmt::arg("order", listed), fmt::arg("sub", escape(submission.name)),
                fmt::arg("kinds", kinds), fmt::arg("hard", hardness), fmt::arg("search", escape(search)),
                fmt::arg("s", s), fmt::arg("i", i), fmt::arg("db", escape(item.dbId)),
                fmt::arg("hardRank", item.hardness ? static_cast<int>(*item.hardness) : 9),
                fmt::arg("pcm", item.pcmF1 ? fmt::format("{:.4f}", *item.pcmF1) : "-1"),
                fmt::arg("kindTags", kinds == "fp"             ? "test-suite false positive"
                                     : kinds == "fp disagree"  ? "test-suite false positive; metrics disagree"
                                     : kinds == "disagree"     ? "metrics disagree"
                                                               : "annotated"));
            for (const auto& metric : detail::verdictMetrics()) {
                if (metric.computedIn(report.submissions[s].evaluation.computed))
                    rows += "<td>" + detail::verdictMark(metric.of(item)) + "</td>";
                else
                    rows += "<td><span class=\"unset\">—</span></td>";
            }
            rows += fmt::format("<td class=\"num\">{}</td><td>{}</td>",
                                item.pcmF1 ? fmt::format("{:.2f}", *item.pcmF1) : "—", inspectedVerdict(report, s, i));
            // What the item asks and what the candidate answered, cut to one line (whole in
            // the tooltip and in the item's details).
            const std::string& question = report.questions[i];
            const std::string& candidate = submission.predictions[i];
            rows += fmt::format("<td class=\"text\" title=\"{q}\">{qShown}</td><td class=\"text sql\" title=\"{c}\"><code>{c}</code>"
                                "</td></tr>",
                                fmt::arg("q", escape(question)),
                                fmt::arg("qShown", question.empty() ? "<span class=\"unset\">—</span>" : escape(question)),
                                fmt::arg("c", escape(candidate)));
            details += detail::itemDetails(report, s, i);
            dbIds.insert(item.dbId);
            ++listed;
        }
    }
    std::string html = fmt::format(
        "<section aria-labelledby=\"items-heading\"><h2 id=\"items-heading\">Items worth a look</h2>"
        "<p>Every item whose metrics disagree, every test-suite false positive (the suite accepts the candidate, "
        "sqleq's search separates it) and every annotated item: {} in all. Each opens onto the inspection sqleq "
        "makes of it, read-only: the inspector shows the same.</p>"
        "<noscript><p>The filters and sorting need JavaScript; every item is listed below.</p></noscript>",
        listed);
    html += "<form id=\"filters\" class=\"filters\" hidden onsubmit=\"return false\" role=\"search\">"
            "<label>Search<input id=\"filter-text\" type=\"search\" placeholder=\"db_id, question, SQL, #index\">"
            "</label><label>Submission<select id=\"filter-submission\"><option value=\"\">all</option>";
    for (const auto& submission : report.submissions)
        html += fmt::format("<option>{}</option>", escape(submission.name));
    html += "</select></label><label>Why listed<select id=\"filter-kind\"><option value=\"\">all</option>"
            "<option value=\"fp\">test-suite false positive</option><option value=\"disagree\">metrics disagree"
            "</option><option value=\"annotated\">annotated only</option></select></label>"
            "<label>Hardness<select id=\"filter-hardness\"><option value=\"\">all</option>";
    if (buckets.hasHardness())
        for (std::size_t b = 0; b + 1 < buckets.names.size(); ++b)
            html += fmt::format("<option>{}</option>", buckets.names[b]);
    html += "</select></label><p id=\"filter-status\" role=\"status\" aria-live=\"polite\"></p></form>";
    html += "<table id=\"items\"><caption class=\"sr\">Listed items</caption><thead><tr>"
            "<th scope=\"col\" data-key=\"submission\" aria-sort=\"none\"><button type=\"button\">Submission</button></th>"
            "<th scope=\"col\" data-key=\"item\" aria-sort=\"none\"><button type=\"button\">Item</button></th>"
            "<th scope=\"col\" data-key=\"db\" aria-sort=\"none\"><button type=\"button\">db_id</button></th>"
            "<th scope=\"col\" data-key=\"hardness\" aria-sort=\"none\"><button type=\"button\">Hardness</button></th>"
            "<th scope=\"col\" data-key=\"kind\" aria-sort=\"none\"><button type=\"button\">Why listed</button></th>";
    for (const auto& metric : detail::verdictMetrics()) html += fmt::format("<th scope=\"col\">{}</th>", metric.label);
    html += "<th scope=\"col\" data-key=\"pcm\" aria-sort=\"none\" class=\"num\"><button type=\"button\">PCM-F1"
            "</button></th><th scope=\"col\">sqleq's inspection</th><th scope=\"col\">Question</th>"
            "<th scope=\"col\">Candidate SQL</th></tr></thead><tbody>";
    html += rows;
    html += "</tbody></table><p id=\"items-none\" class=\"muted\" hidden>No item matches this filter.</p>"
            "<div id=\"item-details\">" + details + "</div></section>";
    return html;
}

std::string provenance(const Report& report)
{
    const auto& settings = report.settings;
    std::string computed;
    for (const auto& metric : detail::verdictMetrics()) {
        const bool any = std::any_of(report.submissions.begin(), report.submissions.end(),
                                     [&](const auto& s) { return metric.computedIn(s.evaluation.computed); });
        if (any) computed += fmt::format("{}{}", computed.empty() ? "" : ", ", metric.label);
    }
    std::size_t items = report.gold.size();
    return fmt::format(
        "<dl class=\"facts\"><dt>Submissions</dt><dd>{}</dd><dt>Items</dt><dd>{} per submission</dd>"
        "<dt>Metrics</dt><dd>{}</dd><dt>Settings</dt><dd>profile {}, seed {}, search budget {}, sampling budget {}, "
        "plug-value {}, keep-distinct {} <code class=\"settings\">{}</code></dd><dt>Command</dt><dd><code>{}</code></dd><dt>Made by</dt><dd>{} "
        "({}) on {}, in {:.1f} s</dd></dl>",
        report.submissions.size(), items, computed.empty() ? "none" : computed, fuzz::profileName(settings.profile),
        settings.seed, settings.searchBudget, settings.samplingBudget, settings.plugValue ? "on" : "off",
        settings.keepDistinct ? "on" : "off", escape(inspect::settingsJson(settings).dump()),
        escape(report.command.empty() ? "—" : report.command),
        escape(report.version), escape(report.libraries), report.createdAt, report.seconds);
}

} // namespace

std::string renderReportHtml(const Report& report)
{
    std::string title = "sqleq evaluation report";
    if (!report.submissions.empty()) {
        std::string names;
        for (const auto& submission : report.submissions) names += (names.empty() ? "" : ", ") + submission.name;
        title += ": " + names;
    }
    std::string html = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'; img-src data:\">"
        "<title>{}</title><style>{}</style></head><body><header><h1>{}</h1>",
        escape(title), detail::styleSheet(), escape(title));
    html += provenance(report);
    if (report.cancelled) html += "<p class=\"bad\">The run was cancelled: what follows is incomplete.</p>";
    html += "<nav aria-label=\"Sections\"><a href=\"#accuracy\">Accuracy</a> · <a href=\"#agreement\">Metric "
            "disagreement</a>";
    if (!report.annotations.empty()) html += " · <a href=\"#annotations\">Annotations</a>";
    html += " · <a href=\"#items-heading\">Items</a></nav></header><main>";
    html += accuracySection(report);
    html += agreementSection(report);
    html += annotationSection(report);
    html += itemsSection(report);
    html += "</main><script>";
    html += detail::script();
    html += "</script></body></html>\n";
    return html;
}

} // namespace sqleq::report
