// BIRD's JSON predictions: a streaming (SAX) pass collects the object's keys and
// string values without building a document, so a deeply nested or huge value costs
// a counter, not recursion; then the keys are checked to number the items 0..N-1.

#include "core/dataset/bird_predictions.h"

#include "core/base/capped_file.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <new>
#include <optional>

namespace sqleq::dataset {
namespace {

using json = nlohmann::json;

struct RawEntry {
    std::string key;
    std::optional<std::string> value;  ///< empty when the value is not a string
    std::string_view foundKind;        ///< what was there instead of a string
};

// Accepts exactly one top-level object; every member is recorded with its string
// value, or with the kind of value found instead. Nested values are skipped by depth.
class EntryCollector : public nlohmann::json_sax<json> {
public:
    std::vector<RawEntry> entries;
    std::string failure;           ///< set when the parse stops early
    std::size_t failureByte = 0;   ///< 0-based byte of the failure, when it has one

    bool null() override { return scalar("null"); }
    bool boolean(bool) override { return scalar("a boolean"); }
    bool number_integer(number_integer_t) override { return scalar("a number"); }
    bool number_unsigned(number_unsigned_t) override { return scalar("a number"); }
    bool number_float(number_float_t, const string_t&) override { return scalar("a number"); }
    bool binary(binary_t&) override { return scalar("binary data"); }

    bool string(string_t& value) override
    {
        if (m_depth == 0) return refuseTopLevel("a string");
        if (m_depth == 1) entries.back().value = std::move(value);
        return true;
    }

    bool start_object(std::size_t) override { return open("an object"); }
    bool start_array(std::size_t) override
    {
        if (m_depth == 0) return refuseTopLevel("an array");
        return open("an array");
    }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& key) override
    {
        if (m_depth == 1) entries.push_back({std::move(key), std::nullopt, {}});
        return true;
    }

    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& error) override
    {
        failure = reason(error.what());
        failureByte = position > 0 ? position - 1 : 0;
        return false;
    }

private:
    int m_depth = 0;

    bool scalar(std::string_view kind)
    {
        if (m_depth == 0) return refuseTopLevel(kind);
        if (m_depth == 1) entries.back().foundKind = kind;
        return true;
    }

    bool open(std::string_view kind)
    {
        if (m_depth == 1) entries.back().foundKind = kind;
        ++m_depth;
        return true;
    }

    bool close()
    {
        --m_depth;
        return true;
    }

    bool refuseTopLevel(std::string_view kind)
    {
        failure = fmt::format("expected a JSON object {{\"0\": \"SQL\\t----- bird -----\\tdb_id\", ...}}, found {}",
                              kind);
        return false;
    }

    // nlohmann's message ("[json.exception.parse_error.101] parse error at line 1,
    // column 5: syntax error while parsing value - ...") without its prefix and
    // position: the caller names the position itself.
    static std::string reason(std::string_view what)
    {
        if (const auto colon = what.find(": "); colon != std::string_view::npos) {
            if (const auto second = what.find(": ", colon + 2); second != std::string_view::npos) {
                return std::string(what.substr(second + 2));
            }
            return std::string(what.substr(colon + 2));
        }
        return std::string(what);
    }
};

// A key as errors show it: a hostile key may be megabytes long.
std::string shownKey(std::string_view key)
{
    constexpr std::size_t kShown = 40;
    return key.size() <= kShown ? std::string(key) : fmt::format("{}...", key.substr(0, kShown));
}

Diagnostic predictionsError(std::string message)
{
    return Diagnostic{"dataset.predictions", std::move(message), {}, {}};
}

/// The item number a key stands for: a decimal without sign or leading zeros.
std::optional<std::size_t> itemNumber(std::string_view key)
{
    if (key.empty() || (key.size() > 1 && key.front() == '0')) return std::nullopt;
    std::size_t number = 0;
    const auto [end, status] = std::from_chars(key.data(), key.data() + key.size(), number);
    if (status != std::errc{} || end != key.data() + key.size()) return std::nullopt;
    return number;
}

// Places every entry at its item number; the error names the first key that breaks
// the numbering 0..N-1.
Result<std::vector<RawEntry*>> orderByKey(std::vector<RawEntry>& entries, std::string_view source)
{
    std::vector<RawEntry*> slots(entries.size(), nullptr);
    for (auto& entry : entries) {
        const auto number = itemNumber(entry.key);
        if (!number) {
            return predictionsError(fmt::format("{}: key \"{}\" is not an item number (keys run \"0\"..\"{}\")", source,
                                                shownKey(entry.key), entries.size() - 1));
        }
        if (*number >= slots.size()) continue;  // reported below as the key it leaves missing
        if (slots[*number] != nullptr) {
            return predictionsError(fmt::format("{}: key \"{}\" appears twice", source, shownKey(entry.key)));
        }
        slots[*number] = &entry;
    }
    const auto missing = std::find(slots.begin(), slots.end(), nullptr);
    if (missing != slots.end()) {
        return predictionsError(fmt::format("{}: no key \"{}\" ({} items, so keys should run \"0\"..\"{}\")", source,
                                            missing - slots.begin(), entries.size(), entries.size() - 1));
    }
    return slots;
}

BirdPrediction splitValue(const RawEntry& entry, std::string_view source)
{
    BirdPrediction prediction;
    if (!entry.value) {
        prediction.error = fmt::format("{}: key \"{}\": expected a string \"SQL\\t----- bird -----\\tdb_id\", found {}",
                                       source, shownKey(entry.key), entry.foundKind);
        return prediction;
    }
    const std::string_view value = *entry.value;
    std::string_view sql;
    if (const auto separator = value.find(kBirdSeparator); separator != std::string_view::npos) {
        sql = value.substr(0, separator);
        prediction.dbId = std::string(value.substr(separator + kBirdSeparator.size()));
    } else {
        sql = value.substr(0, value.find('\t'));
    }
    if (sql.size() > input_limits::kSqlText) {
        prediction.error = fmt::format("{}: key \"{}\": {} bytes, larger than the {} limit for one query", source,
                                       shownKey(entry.key), sql.size(), formatByteLimit(input_limits::kSqlText));
        return prediction;
    }
    prediction.sql = std::string(sql);
    return prediction;
}

} // namespace

Result<std::vector<BirdPrediction>> parseBirdPredictions(std::string_view text, std::string_view source)
{
    EntryCollector collector;
    try {
        json::sax_parse(text.begin(), text.end(), &collector);
    } catch (const std::bad_alloc&) {
        return predictionsError(fmt::format("{}: out of memory while reading the JSON", source));
    }
    if (!collector.failure.empty()) {
        const auto at = static_cast<uint32_t>(std::min(collector.failureByte, text.size()));
        const LineColumn where = lineColumnAt(text, at);
        Diagnostic error = predictionsError(fmt::format("{}: line {}, column {}: invalid BIRD predictions: {}", source,
                                                        where.line, where.column, collector.failure));
        error.span = {at, at + 1};
        return error;
    }
    auto ordered = orderByKey(collector.entries, source);
    if (!ordered) return ordered.error();
    std::vector<BirdPrediction> predictions;
    predictions.reserve(ordered->size());
    for (const RawEntry* entry : *ordered) predictions.push_back(splitValue(*entry, source));
    return predictions;
}

bool isBirdPredictionsFile(const std::string& path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) return false;
    std::ifstream file(path, std::ios::binary);
    constexpr int kPeekLimit = 4096;  // a JSON file does not open with pages of blanks
    char head[kPeekLimit];
    file.read(head, kPeekLimit);
    std::string_view text(head, static_cast<std::size_t>(file.gcount()));
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte order mark, as the parser skips it
    const auto first = text.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && text[first] == '{';
}

Result<std::vector<Prediction>> readBirdPredictionsFile(const std::string& path, const std::vector<GoldItem>& gold,
                                                        const std::string& goldPath)
{
    auto text = readTextFile(path, {input_limits::kDatasetFile, "predictions file"});
    if (!text) return text.error();
    auto parsed = parseBirdPredictions(*text, path);
    if (!parsed) return parsed.error();
    if (parsed->size() != gold.size()) {
        return predictionsError(fmt::format("{} has {} gold items but {} has {} predictions", goldPath, gold.size(),
                                            path, parsed->size()));
    }
    std::vector<Prediction> predictions;
    predictions.reserve(parsed->size());
    for (std::size_t i = 0; i < parsed->size(); ++i) {
        auto& item = (*parsed)[i];
        if (!item.dbId.empty() && item.dbId != gold[i].dbId) {
            return predictionsError(fmt::format("{}: key \"{}\" is on db_id \"{}\" but {} line {} is on \"{}\": the "
                                                "predictions do not follow the gold file's order",
                                                path, i, item.dbId, goldPath, gold[i].line, gold[i].dbId));
        }
        Prediction prediction;
        prediction.sql = std::move(item.sql);
        prediction.interaction = gold[i].interaction;
        prediction.turn = gold[i].turn;
        prediction.error = std::move(item.error);
        predictions.push_back(std::move(prediction));
    }
    return predictions;
}

} // namespace sqleq::dataset
