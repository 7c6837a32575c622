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
    // Python's str.strip() whitespace, as far as ASCII goes.
    return line.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos;
}

/// Where a non-blank line sits among the file's interactions.
struct TurnPosition {
    uint32_t line = 0;
    uint32_t interaction = 0;
    uint32_t turn = 0;
};

// Calls onLine(text, position) for every non-blank line and records the interactions in
// `layout` as evaluation.py's reading loop does; stops at the first error.
template <typename OnLine>
Status forEachLine(const std::string& text, InteractionLayout& layout, OnLine&& onLine)
{
    std::string_view rest = text;
    uint32_t lineNumber = 0;
    uint32_t turnsSoFar = 0;
    while (!rest.empty()) {
        const auto newline = rest.find('\n');
        const auto line = trimLineEnd(rest.substr(0, newline));
        rest = newline == std::string_view::npos ? std::string_view{} : rest.substr(newline + 1);
        ++lineNumber;
        if (isBlank(line)) {
            layout.turns.push_back(turnsSoFar);  // closes the interaction, even an empty one
            turnsSoFar = 0;
            continue;
        }
        const TurnPosition position{lineNumber, static_cast<uint32_t>(layout.turns.size()), turnsSoFar++};
        if (auto status = onLine(line, position); !status) return status;
    }
    if (turnsSoFar > 0) layout.turns.push_back(turnsSoFar);
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

Result<GoldFile> readGoldInteractions(const std::string& path)
{
    auto text = readTextFile(path, {input_limits::kDatasetFile, "gold file"});
    if (!text) return text.error();
    GoldFile file;
    auto status = forEachLine(*text, file.layout, [&](std::string_view line, const TurnPosition& at) -> Status {
        const auto tab = line.rfind('\t');
        if (tab == std::string_view::npos) {
            return Diagnostic{"dataset.gold", fmt::format("{}:{}: expected `SQL<TAB>db_id`, found no tab", path, at.line), {}, "a tab before the db_id"};
        }
        std::string error = lineTooLong(path, at.line, tab);
        const std::string_view sql = error.empty() ? line.substr(0, tab) : std::string_view{};
        file.items.push_back({std::string(sql), std::string(line.substr(tab + 1)), at.line, at.interaction, at.turn,
                              std::move(error)});
        return {};
    });
    if (!status) return status.error();
    return file;
}

Result<std::vector<GoldItem>> readGoldFile(const std::string& path)
{
    auto file = readGoldInteractions(path);
    if (!file) return file.error();
    return std::move(file->items);
}

Result<PredictionsFile> readPredictionInteractions(const std::string& path)
{
    auto text = readTextFile(path, {input_limits::kDatasetFile, "predictions file"});
    if (!text) return text.error();
    PredictionsFile file;
    auto status = forEachLine(*text, file.layout, [&](std::string_view line, const TurnPosition& at) -> Status {
        const std::string_view sql = line.substr(0, line.find('\t'));
        std::string error = lineTooLong(path, at.line, sql.size());
        file.predictions.push_back(
            {error.empty() ? std::string(sql) : std::string(), at.line, at.interaction, at.turn, std::move(error)});
        return {};
    });
    if (!status) return status.error();
    return file;
}

Result<std::vector<Prediction>> readPredictionsFile(const std::string& path)
{
    auto file = readPredictionInteractions(path);
    if (!file) return file.error();
    return std::move(file->predictions);
}

} // namespace sqleq::dataset
