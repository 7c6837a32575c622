// Reading the fields of a proof file that may come from anyone: every accessor checks
// the type before it reads and names the field at fault in its error
// ("steps[3].after: expected a string, found a number"), so that no input makes the
// checker throw or guess. Internal to core/proof_check.
#pragma once

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace sqleq::proof_check {

/// "a string", "a number", … for messages.
inline std::string_view jsonTypeWords(const nlohmann::json& value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::object: return "an object";
    case nlohmann::json::value_t::array: return "an array";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::boolean: return "true or false";
    case nlohmann::json::value_t::binary: return "binary data";
    case nlohmann::json::value_t::discarded: return "nothing";
    default: return "a number";
    }
}

/// The member `key` of the object `owner` (whose path is `where`), checked to be of the
/// kind `isKind` accepts; null with `error` set when it is missing or of another kind.
template <typename IsKind>
const nlohmann::json* jsonMember(const nlohmann::json& owner, std::string_view where, std::string_view key,
                                 std::string_view kindWords, IsKind isKind, std::string& error)
{
    const std::string path = where.empty() ? std::string(key) : fmt::format("{}.{}", where, key);
    const auto found = owner.find(key);
    if (found == owner.end()) {
        error = fmt::format("{}: missing (expected {})", path, kindWords);
        return nullptr;
    }
    if (!isKind(*found)) {
        error = fmt::format("{}: expected {}, found {}", path, kindWords, jsonTypeWords(*found));
        return nullptr;
    }
    return &*found;
}

inline std::optional<std::string> jsonString(const nlohmann::json& owner, std::string_view where,
                                             std::string_view key, std::string& error)
{
    const auto* value = jsonMember(owner, where, key, "a string", [](const auto& v) { return v.is_string(); }, error);
    if (!value) return std::nullopt;
    return value->template get<std::string>();
}

inline std::optional<bool> jsonBool(const nlohmann::json& owner, std::string_view where, std::string_view key,
                                    std::string& error)
{
    const auto* value = jsonMember(owner, where, key, "true or false", [](const auto& v) { return v.is_boolean(); }, error);
    if (!value) return std::nullopt;
    return value->template get<bool>();
}

inline const nlohmann::json* jsonArray(const nlohmann::json& owner, std::string_view where, std::string_view key,
                                       std::string& error)
{
    return jsonMember(owner, where, key, "an array", [](const auto& v) { return v.is_array(); }, error);
}

inline const nlohmann::json* jsonObject(const nlohmann::json& owner, std::string_view where, std::string_view key,
                                        std::string& error)
{
    return jsonMember(owner, where, key, "an object", [](const auto& v) { return v.is_object(); }, error);
}

/// An array of strings (a key's columns, a step's uses).
inline std::optional<std::vector<std::string>> jsonStrings(const nlohmann::json& owner, std::string_view where,
                                                           std::string_view key, std::string& error)
{
    const auto* array = jsonArray(owner, where, key, error);
    if (!array) return std::nullopt;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < array->size(); ++i) {
        const auto& item = (*array)[i];
        if (!item.is_string()) {
            error = fmt::format("{}{}{}[{}]: expected a string, found {}", where, where.empty() ? "" : ".", key, i,
                                jsonTypeWords(item));
            return std::nullopt;
        }
        out.push_back(item.get<std::string>());
    }
    return out;
}

} // namespace sqleq::proof_check
