// Line splitting for Spider's gold and prediction files.

#include "core/dataset/spider_files.h"

#include <fmt/format.h>


namespace sqleq::dataset {
namespace {

std::string_view trimLineEnd(std::string_view line)
{
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
    return line;
}

bool isBlank(std::string_view line)
{
    return line.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

// Calls onLine(text, lineNumber) for every non-blank line; stops at the first error.
template <typename OnLine>
Status forEachLine(const std::string& text, OnLine&& onLine)
{
    std::string_view rest = text;
    uint32_t lineNumber = 0;
    while (!rest.empty()) {
        const auto newline = rest.find('\n');
        const auto line = trimLineEnd(rest.substr(0, newline));
        rest = newline == std::string_view::npos ? std::string_view{} : rest.substr(newline + 1);
        ++lineNumber;
        if (isBlank(line)) continue;
        if (auto status = onLine(line, lineNumber); !status) return status;
    }
    return {};
}

/// The refusal of one line longer than a query may be, or empty when it fits.
std::string lineTooLong(const std::string& path, uint32_t lineNumber, std::size_t size)
{
    if (size <= input_limits::kSqlText) return {};
    return fmt::format("{}: line {}: {} bytes, larger than the {} limit for one query", path, lineNumber, size,
                       formatByteLimit(input_limits::kSqlText));
}

} // namespace

Result<std::string> readTextFile(const std::string& path, const FileLimit& limit)
{
    return readFileCapped(path, limit);
}

Result<std::vector<GoldItem>> readGoldFile(const std::string& path)
{
    auto text = readTextFile(path, {input_limits::kDatasetFile, "gold file"});
    if (!text) return text.error();
    std::vector<GoldItem> items;
    auto status = forEachLine(*text, [&](std::string_view line, uint32_t lineNumber) -> Status {
        const auto tab = line.rfind('\t');
        if (tab == std::string_view::npos) {
            return Diagnostic{"dataset.gold", fmt::format("{}:{}: expected `SQL<TAB>db_id`, found no tab", path, lineNumber), {}, "a tab before the db_id"};
        }
        std::string error = lineTooLong(path, lineNumber, tab);
        const std::string_view sql = error.empty() ? line.substr(0, tab) : std::string_view{};
        items.push_back({std::string(sql), std::string(line.substr(tab + 1)), lineNumber, std::move(error)});
        return {};
    });
    if (!status) return status.error();
    return items;
}

Result<std::vector<Prediction>> readPredictionsFile(const std::string& path)
{
    auto text = readTextFile(path, {input_limits::kDatasetFile, "predictions file"});
    if (!text) return text.error();
    std::vector<Prediction> predictions;
    auto status = forEachLine(*text, [&](std::string_view line, uint32_t lineNumber) -> Status {
        const std::string_view sql = line.substr(0, line.find('\t'));
        std::string error = lineTooLong(path, lineNumber, sql.size());
        predictions.push_back({error.empty() ? std::string(sql) : std::string(), lineNumber, std::move(error)});
        return {};
    });
    if (!status) return status.error();
    return predictions;
}

} // namespace sqleq::dataset
