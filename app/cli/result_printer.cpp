// Terminal and JSON rendering of query outcomes for sqleq-cli.

#include "app/cli/result_printer.h"

#include "core/base/hex.h"
#include "core/compare/compare.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::cli {
namespace {

constexpr size_t kMaxCellWidth = 40;

std::string clip(std::string text)
{
    std::replace(text.begin(), text.end(), '\n', ' ');
    if (text.size() > kMaxCellWidth) text = text.substr(0, kMaxCellWidth - 3) + "...";
    return text;
}

void printRule(std::FILE* out, const std::vector<size_t>& widths)
{
    for (const size_t width : widths) fmt::print(out, "+{}", std::string(width + 2, '-'));
    fmt::print(out, "+\n");
}

void printCells(std::FILE* out, const std::vector<std::string>& cells, const std::vector<size_t>& widths)
{
    for (size_t i = 0; i < cells.size(); ++i) fmt::print(out, "| {:<{}} ", cells[i], widths[i]);
    fmt::print(out, "|\n");
}

} // namespace

std::string displayValue(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: return "NULL";
    case exec::ValueType::Blob: return "x'" + toHex(value.asBlob()) + "'";
    default: return compare::pythonStr(value);
    }
}

void printResultTable(std::FILE* out, const exec::ResultSet& result)
{
    std::vector<std::string> header;
    std::vector<size_t> widths;
    for (const auto& name : result.columnNames) {
        header.push_back(clip(name));
        widths.push_back(header.back().size());
    }
    std::vector<std::vector<std::string>> body;
    for (const auto& row : result.rows) {
        auto& cells = body.emplace_back();
        for (size_t i = 0; i < row.size() && i < widths.size(); ++i) {
            cells.push_back(clip(displayValue(row[i])));
            widths[i] = std::max(widths[i], cells.back().size());
        }
    }
    printRule(out, widths);
    printCells(out, header, widths);
    printRule(out, widths);
    for (const auto& cells : body) printCells(out, cells, widths);
    if (!body.empty()) printRule(out, widths);
    fmt::print(out, "({} row{})\n", body.size(), body.size() == 1 ? "" : "s");
}

nlohmann::json outcomeToJson(const exec::QueryOutcome& outcome)
{
    nlohmann::json out;
    out["status"] = exec::outcomeStatusName(outcome.status);
    out["columns"] = outcome.result.columnNames;
    out["rows"] = compare::rowsToJson(outcome.result.rows);
    out["error"] = outcome.ok() ? nlohmann::json(nullptr) : nlohmann::json(outcome.error.message);
    out["elapsed_ms"] = outcome.elapsedMs;
    return out;
}

} // namespace sqleq::cli
