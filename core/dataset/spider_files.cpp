// Line splitting for Spider's gold and prediction files.

#include "core/dataset/spider_files.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

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

} // namespace

Result<std::string> readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return Diagnostic{"io.open", fmt::format("cannot open {}: {}", path, std::strerror(errno)), {}, {}};
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return Diagnostic{"io.read", fmt::format("cannot read {}", path), {}, {}};
    return buffer.str();
}

Result<std::vector<GoldItem>> readGoldFile(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text) return text.error();
    std::vector<GoldItem> items;
    auto status = forEachLine(*text, [&](std::string_view line, uint32_t lineNumber) -> Status {
        const auto tab = line.rfind('\t');
        if (tab == std::string_view::npos) {
            return Diagnostic{"dataset.gold", fmt::format("{}:{}: expected `SQL<TAB>db_id`, found no tab", path, lineNumber), {}, "a tab before the db_id"};
        }
        items.push_back({std::string(line.substr(0, tab)), std::string(line.substr(tab + 1)), lineNumber});
        return {};
    });
    if (!status) return status.error();
    return items;
}

Result<std::vector<Prediction>> readPredictionsFile(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text) return text.error();
    std::vector<Prediction> predictions;
    auto status = forEachLine(*text, [&](std::string_view line, uint32_t lineNumber) -> Status {
        predictions.push_back({std::string(line.substr(0, line.find('\t'))), lineNumber});
        return {};
    });
    if (!status) return status.error();
    return predictions;
}

} // namespace sqleq::dataset
