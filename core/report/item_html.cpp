// One listed item as the report shows it: what the inspector shows of the same pair,
// read-only — the question, both queries, every metric's verdict with the notes that
// explain an unset one, then sqleq's inspection (`check --json`'s object): its verdict
// and evidence — for a proved pair, the rewrites of its proof —, why the candidate
// differs, the clauses that differ, and the minimal
// counterexample table by table, the cell to look at marked, with both results below
// it and the rows only one query returns marked.

#include "core/report/html_parts.h"

#include "core/metrics/spider_esm.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::report::detail {
namespace {

/// Length of the UTF-8 sequence starting at text[i], or 0 when it is not valid UTF-8.
std::size_t utf8Length(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    if (length == 2 && lead < 0xC2) return 0;                                  // overlong
    if (length == 3 && lead == 0xE0 && byte(i + 1) < 0xA0) return 0;           // overlong
    if (length == 3 && lead == 0xED && byte(i + 1) >= 0xA0) return 0;          // surrogate
    if (length == 4 && (lead > 0xF4 || (lead == 0xF0 && byte(i + 1) < 0x90) || (lead == 0xF4 && byte(i + 1) >= 0x90)))
        return 0;
    return length;
}

std::string code(std::string_view sql) { return "<pre><code>" + escape(sql) + "</code></pre>"; }

std::string rowCount(std::size_t count) { return fmt::format("{} {}", count, count == 1 ? "row" : "rows"); }

/// Escaped text whose `quoted` spans (the inspection's sentences quote SQL so) show as code.
std::string prose(std::string_view text)
{
    std::string out;
    bool open = false;
    for (std::size_t start = 0;;) {
        const std::size_t tick = text.find('`', start);
        out += escape(text.substr(start, tick == std::string_view::npos ? std::string_view::npos : tick - start));
        if (tick == std::string_view::npos) break;
        // A lone backtick at the end stays a backtick.
        if (!open && text.find('`', tick + 1) == std::string_view::npos) {
            out += '`';
        } else {
            out += open ? "</code>" : "<code>";
            open = !open;
        }
        start = tick + 1;
    }
    return out;
}

/// Rows shown per table and per result: a report stays small enough to open at once
/// (a candidate can return a whole cross join); `check --json` has every row.
constexpr std::size_t kShownRows = 50;

/// The line under a table that leaves `hidden` rows out; empty when it shows them all.
std::string notShown(std::size_t hidden)
{
    if (hidden == 0) return {};
    return fmt::format("<p class=\"muted\">{} more not shown here; <code>sqleq-cli check --json</code> lists them "
                       "all.</p>",
                       rowCount(hidden));
}

/// A sentence from a clause: capital first letter, full stop at the end.
std::string sentence(std::string text)
{
    if (text.empty()) return text;
    if (text.front() >= 'a' && text.front() <= 'z') text.front() = static_cast<char>(text.front() - 'a' + 'A');
    if (text.back() != '.') text += '.';
    return text;
}

const nlohmann::json* member(const nlohmann::json& object, const char* key)
{
    if (!object.is_object()) return nullptr;
    const auto found = object.find(key);
    return found == object.end() || found->is_null() ? nullptr : &*found;
}

std::string text(const nlohmann::json& object, const char* key)
{
    const auto* value = member(object, key);
    return value != nullptr && value->is_string() ? value->get<std::string>() : std::string();
}

std::string metricsTable(const evaluation::ItemMetrics& item, const evaluation::MetricSelection& computed)
{
    std::string html = "<table><caption>Metrics</caption><thead><tr><th scope=\"col\">metric</th>"
                       "<th scope=\"col\">verdict</th></tr></thead><tbody>";
    for (const auto& metric : verdictMetrics()) {
        if (!metric.computedIn(computed)) continue;
        std::string extra;
        if (metric.metric == evaluation::Metric::TestSuite && !item.separatingDatabaseFile.empty())
            extra = fmt::format(" <span class=\"muted\">separated by {}</span>", escape(item.separatingDatabaseFile));
        if (metric.metric == evaluation::Metric::Sqleq && !item.sqleqFoundBy.empty())
            extra = fmt::format(" <span class=\"muted\">separated by the search: {}</span>", escape(item.sqleqFoundBy));
        if (metric.metric == evaluation::Metric::Sqleq && item.proved) extra = " <span class=\"muted\">proved</span>";
        html += fmt::format("<tr><th scope=\"row\">{}</th><td>{}{}</td></tr>", metric.label,
                            verdictMark(metric.of(item)), extra);
    }
    if (computed.pcmF1)
        html += fmt::format("<tr><th scope=\"row\">PCM-F1</th><td>{}</td></tr>",
                            item.pcmF1 ? fmt::format("{:.3f}", *item.pcmF1) : std::string("—"));
    html += "</tbody></table>";
    if (!item.notes.empty()) {
        html += "<ul class=\"muted\">";
        for (const auto& note : item.notes) html += "<li>" + escape(evaluation::noteText(note)) + "</li>";
        html += "</ul>";
    }
    return html;
}

std::string evidenceSentence(const nlohmann::json& inspection)
{
    const auto* evidence = member(inspection, "evidence");
    if (evidence == nullptr) return {};
    const std::string kind = text(*evidence, "kind");
    const auto databases = evidence->value("databases", std::size_t{0});
    const auto searched = evidence->value("search_databases", std::size_t{0});
    if (kind == "counterexample") return "a counterexample (below) anyone can re-check in plain SQLite";
    if (const auto* proof = member(*evidence, "proof"); kind == "proof" && proof != nullptr) {
        const auto rewrites = proof->value("rewrites", std::size_t{0});
        return fmt::format("a proof: {} rewrite{} (below) bring gold and candidate to one normal form under the {} "
                           "profile's promises, so no database can separate them",
                           rewrites, rewrites == 1 ? "" : "s", text(*proof, "profile"));
    }
    if (kind == "suite+search")
        return fmt::format("gold and candidate agreed on {} suite databases and {} databases the search built",
                           databases, searched);
    return fmt::format("gold and candidate agreed on {} suite databases", databases);
}

/// The rewrites of a proved pair, in the order the proof applies them, each with the
/// query it gives and the facts it uses; the `syntax` steps, which only print a query as
/// sqleq does, are left out, as the count leaves them out.
std::string proofSection(const nlohmann::json& inspection)
{
    const auto* evidence = member(inspection, "evidence");
    const auto* proof = evidence != nullptr ? member(*evidence, "proof") : nullptr;
    const auto* steps = proof != nullptr ? member(*proof, "steps") : nullptr;
    if (steps == nullptr) return {};
    std::string html = "<h4>The proof</h4><ol class=\"proof\">";
    for (const auto& step : *steps) {
        if (text(step, "rule") == "syntax") continue;
        html += fmt::format("<li><strong>{}</strong> on the {}", escape(text(step, "rule")), escape(text(step, "side")));
        html += code(text(step, "after"));
        if (const auto* uses = member(step, "uses"); uses != nullptr && !uses->empty()) {
            html += "<span class=\"muted\">uses:</span><ul class=\"muted\">";
            for (const auto& fact : *uses) html += "<li>" + escape(fact.is_string() ? fact.get<std::string>() : "") + "</li>";
            html += "</ul>";
        }
        html += "</li>";
    }
    return html + "</ol><p>Both reach the normal form</p>" + code(text(*proof, "gold_form"));
}

std::string clausesTable(const nlohmann::json& inspection)
{
    const auto* clauses = member(inspection, "clauses");
    if (clauses == nullptr || clauses->empty()) return {};
    std::string html = "<table><caption>Clauses that differ</caption><thead><tr><th scope=\"col\">clause</th>"
                       "<th scope=\"col\">gold</th><th scope=\"col\">candidate</th></tr></thead><tbody>";
    for (const auto& clause : *clauses) {
        const auto cell = [&](const char* key) {
            const std::string value = text(clause, key);
            return value.empty() ? std::string("<span class=\"null\">none</span>") : "<code>" + escape(value) + "</code>";
        };
        html += fmt::format("<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td></tr>", escape(text(clause, "clause")),
                            cell("gold"), cell("candidate"));
    }
    return html + "</tbody></table>";
}

std::string neighborsList(const nlohmann::json& inspection)
{
    const auto* diagnosis = member(inspection, "diagnosis");
    if (diagnosis == nullptr || diagnosis->empty()) return {};
    std::string html = "<h4>Gold neighbors that behave like the candidate</h4><ul>";
    for (const auto& neighbor : *diagnosis) html += "<li>" + prose(text(neighbor, "description")) + "</li>";
    return html + "</ul>";
}

/// One table of the counterexample; `focus` names the column to mark (empty: none).
std::string databaseTable(const std::string& table, const nlohmann::json& columns, const nlohmann::json& rows,
                          const std::string& focus)
{
    std::string html = fmt::format("<table><caption>{} <span class=\"muted\">({})</span></caption><thead><tr>",
                                   escape(table), rowCount(rows.size()));
    std::vector<bool> marked;
    for (const auto& column : columns) {
        const std::string name = column.is_string() ? column.get<std::string>() : column.dump();
        marked.push_back(!focus.empty() && name == focus);
        html += fmt::format("<th scope=\"col\"{}>{}</th>", marked.back() ? " class=\"focus\"" : "", escape(name));
    }
    html += "</tr></thead><tbody>";
    std::size_t shown = 0;
    for (const auto& row : rows) {
        if (shown++ == kShownRows) break;
        html += "<tr>";
        std::size_t c = 0;
        for (const auto& value : row) {
            const bool mark = c < marked.size() && marked[c];
            html += fmt::format("<td{}>{}</td>", mark ? " class=\"focus\"" : "", cellText(value));
            ++c;
        }
        html += "</tr>";
    }
    return html + "</tbody></table>" + notShown(rows.size() - std::min(rows.size(), kShownRows));
}

/// A query's rows on the counterexample; rows at `only` (indices) are the ones the
/// other query does not return.
std::string resultTable(const std::string& caption, const nlohmann::json* columns, const nlohmann::json* rows,
                        const nlohmann::json* only, const std::string& failure)
{
    if (!failure.empty()) return fmt::format("<div><h4>{}</h4><p class=\"bad\">{}</p></div>", caption, escape(failure));
    if (rows == nullptr) return {};
    std::vector<bool> onlyHere(rows->size(), false);
    if (only != nullptr)
        for (const auto& index : *only)
            if (index.is_number_unsigned() && index.get<std::size_t>() < onlyHere.size()) onlyHere[index.get<std::size_t>()] = true;
    std::string html = fmt::format("<table class=\"result\"><caption>{} <span class=\"muted\">({})</span></caption>",
                                   caption, rowCount(rows->size()));
    // Column headers as the query names its columns (a report made before they were kept has none).
    if (columns != nullptr && columns->is_array() && !columns->empty()) {
        html += "<thead><tr>";
        for (const auto& column : *columns)
            html += fmt::format("<th scope=\"col\">{}</th>", escape(column.is_string() ? column.get<std::string>() : column.dump()));
        html += "</tr></thead>";
    }
    html += "<tbody>";
    // The first rows, then those only this query returns, up to kShownRows of each.
    std::size_t shown = 0;
    std::size_t shownOnly = 0;
    for (std::size_t r = 0; r < rows->size(); ++r) {
        const bool first = r < kShownRows;
        if (!first && (!onlyHere[r] || shownOnly == kShownRows)) continue;
        ++shown;
        shownOnly += onlyHere[r] && !first ? 1 : 0;
        html += onlyHere[r] ? "<tr class=\"only\">" : "<tr>";
        for (const auto& value : (*rows)[r]) html += "<td>" + cellText(value) + "</td>";
        html += "</tr>";
    }
    if (rows->empty()) html += "<tr><td class=\"muted\">no rows</td></tr>";
    return html + "</tbody></table>" + notShown(rows->size() - shown);
}

/// "3 rows, shrunk from 31 (…)" only when rows went; a database shown whole says so and why.
std::string counterexampleRows(const nlohmann::json& rowCounts, const std::string& note)
{
    const auto after = rowCounts.value("after", std::size_t{0});
    const auto before = rowCounts.value("before", std::size_t{0});
    const bool minimized = rowCounts.value("minimized", false);
    const std::string why = note.empty() ? std::string() : ": " + prose(note);
    if (minimized && after < before)
        return fmt::format("{}, shrunk from {} (no row can be removed and still separate them).", rowCount(after), before);
    if (minimized) return fmt::format("{}, none of which can be removed and still separate them.", rowCount(after));
    if (after < before) return fmt::format("{}, shrunk from {} but not minimized{}.", rowCount(after), before, why);
    return fmt::format("{}: the whole separating database, not minimized{}.", rowCount(after), why);
}

std::string counterexampleSection(const nlohmann::json& inspection)
{
    const auto* tables = member(inspection, "counterexample");
    if (tables == nullptr) return {};
    const auto* columns = member(inspection, "counterexample_columns");
    const auto* read = member(inspection, "counterexample_tables_read");
    const auto* focus = member(inspection, "separation_focus");
    const std::string focusTable = focus != nullptr ? text(*focus, "table") : "";
    const std::string focusColumn = focus != nullptr ? text(*focus, "column") : "";
    std::string html = "<h4>Counterexample</h4>";
    if (const auto* rowCounts = member(inspection, "counterexample_rows"))
        html += "<p>" + counterexampleRows(*rowCounts, text(inspection, "counterexample_note")) + "</p>";
    // Shrunk from a later database than the one that separates first: say why.
    if (const std::string origin = text(inspection, "counterexample_origin"); !origin.empty())
        html += "<p>" + prose(sentence(origin)) + "</p>";
    if (const std::string separation = text(inspection, "separation"); !separation.empty())
        html += "<p class=\"explanation\">" + prose(sentence(separation)) + "</p>";
    std::string unread;
    for (const auto& entry : tables->items()) {
        // Named, not a structured binding: clang 14 cannot capture those in the lambda.
        const std::string& table = entry.key();
        const nlohmann::json& rows = entry.value();
        const bool isRead = read == nullptr || std::any_of(read->begin(), read->end(), [&](const nlohmann::json& name) {
                                return name.is_string() && name.get<std::string>() == table;
                            });
        const nlohmann::json empty = nlohmann::json::array();
        const nlohmann::json& names = columns != nullptr && columns->contains(table) ? (*columns)[table] : empty;
        const std::string rendered = databaseTable(table, names, rows, table == focusTable ? focusColumn : "");
        (isRead ? html : unread) += rendered;
    }
    if (!unread.empty())
        html += "<details><summary>Tables neither query reads</summary>" + unread + "</details>";
    const auto* comparison = member(inspection, "counterexample_comparison");
    html += "<div class=\"side\">";
    html += resultTable("Gold's result", member(inspection, "gold_columns"), member(inspection, "gold_rows"),
                        comparison != nullptr ? member(*comparison, "only_in_gold_indices") : nullptr, "");
    html += resultTable("Candidate's result", member(inspection, "candidate_columns"), member(inspection, "candidate_rows"),
                        comparison != nullptr ? member(*comparison, "only_in_candidate_indices") : nullptr,
                        text(inspection, "counterexample_candidate_error"));
    html += "</div><p class=\"muted\">Rows marked ≠ are returned by one query only.</p>";
    return html;
}

std::string inspectionSection(const Report& report, std::size_t submission, std::size_t item)
{
    const int index = report.inspectionOf.empty() ? -1 : report.inspectionOf[submission][item];
    if (index < 0) return {};
    const ItemInspection& inspected = report.inspections[static_cast<std::size_t>(index)];
    std::string html = "<h4>sqleq's inspection</h4>";
    if (!inspected.error.empty()) return html + "<p class=\"bad\">Not inspected: " + escape(inspected.error) + "</p>";
    const nlohmann::json& inspection = inspected.inspection;
    if (inspection.is_null()) return html + "<p class=\"muted\">Not inspected.</p>";
    const std::string verdict = text(inspection, "verdict");
    html += fmt::format("<p><strong class=\"{}\">{}</strong> (the test suite alone: {}{}); evidence: {}.</p>",
                        verdict == "equivalent" ? "ok" : "bad", escape(verdict),
                        escape(text(inspection, "suite_verdict")),
                        inspection.value("test_suite_false_positive", false) ? ", a test-suite false positive" : "",
                        escape(evidenceSentence(inspection)));
    if (const std::string convention = text(inspection, "convention_note"); !convention.empty())
        html += "<p>" + prose(sentence("The test suite: " + convention)) + "</p>";
    if (const std::string explanation = text(inspection, "explanation"); !explanation.empty())
        html += "<p class=\"explanation\">" + prose(sentence(explanation)) + "</p>";
    if (const auto* other = member(inspection, "other_profile"))
        html += "<p>" + prose(sentence(text(*other, "message"))) + "</p>";
    const std::string goldUsed = text(inspection, "gold_used");
    const std::string candidateUsed = text(inspection, "candidate_used");
    if (goldUsed != report.gold[item].sql || candidateUsed != report.submissions[submission].predictions[item]) {
        html += "<details><summary>Both queries as judged</summary>" + code(goldUsed) + code(candidateUsed) +
                "</details>";
    }
    html += proofSection(inspection);
    html += neighborsList(inspection);
    html += clausesTable(inspection);
    html += counterexampleSection(inspection);
    return html;
}

std::string annotationsOf(const Report& report, std::size_t submission, std::size_t item)
{
    if (submission != 0) return {};
    std::string html;
    for (const auto& annotation : annotationsOf(report, item)) {
        html += fmt::format("<li><strong>{}</strong>: {}{}{} <span class=\"muted\">({})</span></li>",
                            escape(annotation.annotator), audit::verdictName(annotation.verdict),
                            annotation.reason.empty() ? "" : " — " + escape(annotation.reason),
                            annotation.note.empty() ? "" : "; " + escape(annotation.note), escape(annotation.updatedAt));
    }
    return html.empty() ? html : "<h4>Annotations</h4><ul>" + html + "</ul>";
}

} // namespace

std::string escape(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8Length(text, i);
        if (length == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
            continue;
        }
        if (length > 1) {
            out.append(text.substr(i, length));
            i += length;
            continue;
        }
        const char c = text[i++];
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default:
            if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n') out += c;
            else if (c == '\r') out += '\n';
        }
    }
    return out;
}

std::string cellText(const nlohmann::json& value)
{
    if (value.is_null()) return "<span class=\"null\">NULL</span>";
    if (value.is_string()) return escape(value.get<std::string>());
    if (value.is_object() && value.contains("blob_hex")) return "x'" + escape(value["blob_hex"].get<std::string>()) + "'";
    if (value.is_object() && value.contains("real")) return escape(value["real"].dump());
    return escape(value.dump());
}

const std::vector<VerdictMetric>& verdictMetrics()
{
    static const std::vector<VerdictMetric> metrics = [] {
        std::vector<VerdictMetric> verdicts;
        for (const auto& row : evaluation::metricTable()) {
            if (row.role == evaluation::MetricRole::Verdict) verdicts.push_back({row.key, row.title, row.metric});
        }
        return verdicts;
    }();
    return metrics;
}

std::string verdictMark(const std::optional<bool>& value)
{
    if (!value) return "<span class=\"unset\" title=\"not computed\">—<span class=\"sr\"> not computed</span></span>";
    return *value ? "<span class=\"ok\">✓<span class=\"sr\"> correct</span></span>"
                  : "<span class=\"bad\">✗<span class=\"sr\"> wrong</span></span>";
}

std::string itemId(std::size_t submission, std::size_t item) { return fmt::format("item-{}-{}", submission, item); }

std::string itemDetails(const Report& report, std::size_t submission, std::size_t item)
{
    const SubmissionReport& evaluated = report.submissions[submission];
    const evaluation::ItemMetrics& metrics = evaluated.evaluation.items[item];
    const ListedReason reason = listedReason(metrics);
    std::string tags;
    if (reason.testSuiteFalsePositive) tags += "<span class=\"tag fp\">test-suite false positive</span>";
    if (reason.metricsDisagree) tags += "<span class=\"tag disagree\">metrics disagree</span>";
    std::string html = fmt::format(
        "<details class=\"item\" id=\"{}\"><summary>{} · item #{} · {}{}{}</summary>", itemId(submission, item),
        escape(evaluated.name), item, escape(metrics.dbId),
        metrics.hardness ? " · " + std::string(metrics::hardnessName(*metrics.hardness)) : "", tags);
    if (!report.questions[item].empty())
        html += "<p><strong>Question:</strong> " + escape(report.questions[item]) + "</p>";
    html += "<h4>Gold</h4>" + code(report.gold[item].sql);
    html += "<h4>Candidate</h4>" + code(evaluated.predictions[item]);
    html += metricsTable(metrics, evaluated.evaluation.computed);
    html += inspectionSection(report, submission, item);
    html += annotationsOf(report, submission, item);
    return html + "</details>";
}

} // namespace sqleq::report::detail
