// Writing annotations as a JSON array, one flat object per annotation, for
// notebooks and scripts. Metric keys and null-for-not-computed follow
// evaluation::itemsJson, so the two files join on "index".

#include "core/audit/audit.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <map>

namespace sqleq::audit {
namespace {

void addMetrics(nlohmann::json& object, const evaluation::ItemMetrics& metrics)
{
    for (const auto& row : evaluation::metricTable())
        object[std::string(row.key)] = evaluation::metricJson(metrics, row.metric);
    object["testsuite_false_positive"] = metrics.testSuiteFalsePositive;
    object["proved"] = metrics.sqleq ? nlohmann::json(metrics.proved) : nlohmann::json();
    object["testsuite_verdict"] = metrics.testSuiteVerdict;
    object["separating_db"] =
        metrics.separatingDatabase >= 0 ? nlohmann::json(metrics.separatingDatabase) : nlohmann::json();
    object["separating_db_file"] =
        metrics.separatingDatabaseFile.empty() ? nlohmann::json() : nlohmann::json(metrics.separatingDatabaseFile);
    nlohmann::json notes = nlohmann::json::array();
    nlohmann::json details = nlohmann::json::array();
    for (const auto& note : metrics.notes) {
        notes.push_back(evaluation::noteText(note));
        details.push_back(evaluation::noteJson(note));
    }
    object["notes"] = std::move(notes);
    object["note_details"] = std::move(details);
    if (metrics.turn) {  // a multi-turn project: 1-based, as eval --out writes them
        object["interaction"] = metrics.turn->interaction + 1;
        object["turn"] = metrics.turn->turn + 1;
    }
}

} // namespace

std::string exportAnnotationsJson(const std::vector<AuditItem>& items, const std::vector<Annotation>& annotations)
{
    std::map<std::size_t, const AuditItem*> byIndex;
    for (const auto& item : items) byIndex.emplace(item.index, &item);
    static const AuditItem kUnknownItem;

    // Object by object rather than one DOM of the whole array: the same text as
    // array.dump(2), with one object in memory at a time.
    if (annotations.empty()) return "[]\n";
    std::string out = "[\n";
    for (const auto& annotation : annotations) {
        const auto found = byIndex.find(annotation.itemIndex);
        const AuditItem& item = found != byIndex.end() ? *found->second : kUnknownItem;
        nlohmann::json object{{"index", annotation.itemIndex},
                              {"db_id", item.dbId},
                              {"question", item.question},
                              {"gold", item.gold},
                              {"pred", item.prediction},
                              {"verdict", verdictName(annotation.verdict)},
                              {"reason", annotation.reason},
                              {"note", annotation.note},
                              {"annotator", annotation.annotator},
                              {"updated_at", annotation.updatedAt}};
        addMetrics(object, item.metrics);
        // Invalid UTF-8 in a query (it happens in scraped predictions) must not abort the export.
        const auto text = object.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
        if (out.size() > 2) out += ",\n";
        out += "  ";
        for (const char c : text) {
            out += c;
            if (c == '\n') out += "  ";
        }
    }
    return out + "\n]\n";
}

Result<std::string> exportAnnotations(const std::vector<AuditItem>& items, const std::vector<Annotation>& annotations,
                                      ExportFormat format, std::uint64_t maxBytes)
{
    std::map<std::size_t, const AuditItem*> byIndex;
    for (const auto& item : items) byIndex.emplace(item.index, &item);
    std::uint64_t bytes = 0;
    for (const auto& annotation : annotations) {
        bytes += 256 + annotation.annotator.size() + annotation.reason.size() + annotation.note.size();
        if (const auto found = byIndex.find(annotation.itemIndex); found != byIndex.end()) {
            const AuditItem& item = *found->second;
            bytes += item.dbId.size() + item.question.size() + item.gold.size() + item.prediction.size();
            for (const auto& note : item.metrics.notes) bytes += 64 + note.detail.size();
        }
    }
    if (bytes > maxBytes) {
        return Diagnostic{"audit.limit",
                          fmt::format("the export would hold {} bytes of text ({} annotations), more than the {} MiB "
                                      "an export may have",
                                      bytes, annotations.size(), maxBytes >> 20),
                          {}, {}};
    }
    return format == ExportFormat::Json ? exportAnnotationsJson(items, annotations)
                                        : exportAnnotationsTsv(items, annotations);
}

} // namespace sqleq::audit
