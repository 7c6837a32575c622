// Writing annotations as TSV in esm_false_negatives.tsv's layout. The format has
// no quoting, so a tab, carriage return or newline inside a field is written as
// one space: SQL and notes keep their meaning, and every row stays one line.

#include "core/audit/audit.h"

#include "core/audit/tsv_layout.h"
#include "core/base/tsv_cell.h"

#include <fmt/format.h>

#include <map>

namespace sqleq::audit {
namespace {

std::string headerLine()
{
    std::string line;
    for (auto column : detail::kRequiredColumns) line += fmt::format("{}\t", column);
    for (auto column : detail::kExtraColumns) line += fmt::format("{}\t", column);
    line.back() = '\n';
    return line;
}

} // namespace

std::string exportAnnotationsTsv(const std::vector<AuditItem>& items, const std::vector<Annotation>& annotations)
{
    std::map<std::size_t, const AuditItem*> byIndex;
    for (const auto& item : items) byIndex.emplace(item.index, &item);
    static const AuditItem kUnknownItem;

    std::string out = headerLine();
    for (const auto& annotation : annotations) {
        const auto found = byIndex.find(annotation.itemIndex);
        const AuditItem& item = found != byIndex.end() ? *found->second : kUnknownItem;
        out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", tsvCell(item.dbId), tsvCell(item.gold),
                           tsvCell(item.prediction), tsvCell(annotation.reason), tsvCell(annotation.note),
                           verdictName(annotation.verdict), tsvCell(annotation.annotator), annotation.itemIndex);
    }
    return out;
}

} // namespace sqleq::audit
