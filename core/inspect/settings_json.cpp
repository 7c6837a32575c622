// CheckSettings' JSON form, read strictly: every key is known, every value of its kind
// and range, and each error names the key.

#include "core/inspect/settings_json.h"

#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <set>
#include <string>

namespace sqleq::inspect {
namespace {

using nlohmann::json;

/// Past this a double (JSON's number in most readers) no longer holds every integer.
constexpr uint64_t kLargestExactInteger = uint64_t{1} << 53;
constexpr int64_t kBytesPerMiB = int64_t{1} << 20;
/// A year: past it a limit is no limit, and the clock's arithmetic stays far from overflow.
constexpr double kLargestTimeLimitSeconds = 365.0 * 24 * 3600;

const std::set<std::string, std::less<>>& knownKeys()
{
    static const std::set<std::string, std::less<>> keys{
        "profile",   "seed",     "budget",        "search_budget", "timeout_ms",    "max_steps", "wall_clock_ms",
        "max_rows",  "max_heap_mb", "plug_value", "keep_distinct", "order_rule", "prove", "time_limit_s"};
    return keys;
}

class SettingsReader {
public:
    SettingsReader(const json& object, std::string_view where) : m_object(object), m_where(where) {}

    [[nodiscard]] bool failed() const { return m_error.has_value(); }
    [[nodiscard]] Diagnostic error() const { return *m_error; }

    void fail(std::string_view key, std::string_view why)
    {
        if (!m_error)
            m_error = Diagnostic{"settings.json", fmt::format("{}.{}: {}", m_where, key, why), {}, {}};
    }

    /// An integer in [low, high]; a string of digits too when `digitsAllowed` (a seed).
    void integer(std::string_view key, uint64_t low, uint64_t high, auto& out, bool digitsAllowed = false)
    {
        const auto found = m_object.find(std::string(key));
        if (found == m_object.end() || failed()) return;
        uint64_t value = 0;
        if (found->is_number_unsigned()) {
            value = found->get<uint64_t>();
        } else if (found->is_number_integer()) {
            // A signed integer: JSON text gives these only for negative numbers, a
            // json value built in C++ for any int.
            const int64_t signedValue = found->get<int64_t>();
            if (signedValue < 0) return fail(key, fmt::format("must not be negative, got {}", signedValue));
            value = static_cast<uint64_t>(signedValue);
        } else if (digitsAllowed && found->is_string()) {
            const std::string text = found->get<std::string>();
            if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
                return fail(key, fmt::format("expected an integer, got \"{}\"", text));
            try {
                value = std::stoull(text);
            } catch (const std::exception&) {
                return fail(key, fmt::format("{} is too large", text));
            }
        } else {
            return fail(key, fmt::format("expected an integer, got {}", found->dump()));
        }
        if (value < low || value > high) return fail(key, fmt::format("{} is outside {}..{}", value, low, high));
        out = static_cast<std::remove_reference_t<decltype(out)>>(value);
    }

    /// A number (integer or not) in [low, high].
    void number(std::string_view key, double low, double high, double& out)
    {
        const auto found = m_object.find(std::string(key));
        if (found == m_object.end() || failed()) return;
        if (!found->is_number()) return fail(key, fmt::format("expected a number, got {}", found->dump()));
        const double value = found->get<double>();
        if (!(value >= low && value <= high)) return fail(key, fmt::format("{} is outside {}..{}", value, low, high));
        out = value;
    }

    void boolean(std::string_view key, bool& out)
    {
        const auto found = m_object.find(std::string(key));
        if (found == m_object.end() || failed()) return;
        if (!found->is_boolean()) return fail(key, fmt::format("expected true or false, got {}", found->dump()));
        out = found->get<bool>();
    }

    /// The string at `key`, or nullopt when it is missing (or the reader failed).
    std::optional<std::string> text(std::string_view key)
    {
        const auto found = m_object.find(std::string(key));
        if (found == m_object.end() || failed()) return std::nullopt;
        if (!found->is_string()) {
            fail(key, fmt::format("expected a string, got {}", found->dump()));
            return std::nullopt;
        }
        return found->get<std::string>();
    }

private:
    const json& m_object;
    std::string m_where;
    std::optional<Diagnostic> m_error;
};

} // namespace

std::string_view orderRuleName(compare::OrderRule rule)
{
    return rule == compare::OrderRule::OfficialSubstring ? "official" : "top-level";
}

std::optional<compare::OrderRule> parseOrderRule(std::string_view name)
{
    if (name == "top-level") return compare::OrderRule::TopLevelOrderBy;
    if (name == "official") return compare::OrderRule::OfficialSubstring;
    return std::nullopt;
}

json settingsJson(const CheckSettings& settings)
{
    const json seed = settings.seed < kLargestExactInteger ? json(settings.seed) : json(std::to_string(settings.seed));
    return json{{"profile", settings.profileFromSchema ? std::string("auto") : std::string(fuzz::profileName(settings.profile))},
                {"seed", seed},
                {"budget", settings.samplingBudget},
                {"search_budget", settings.searchBudget},
                {"timeout_ms", settings.idleBudgetMs()},
                {"max_steps", settings.limits.maxSteps},
                {"wall_clock_ms", settings.limits.wallClockLimitMs},
                {"max_rows", settings.limits.maxRows},
                {"max_heap_mb", settings.limits.maxHeapBytes / kBytesPerMiB},
                {"plug_value", settings.plugValue},
                {"keep_distinct", settings.keepDistinct},
                {"order_rule", orderRuleName(settings.orderRule)},
                {"prove", settings.prove},
                {"time_limit_s", settings.timeLimitSeconds}};
}

Result<CheckSettings> settingsFromJson(const json& object, const CheckSettings& base, std::string_view where)
{
    if (!object.is_object())
        return Diagnostic{"settings.json", fmt::format("{}: expected an object, got {}", where, object.type_name()), {}, {}};
    SettingsReader reader(object, where);
    for (const auto& [key, value] : object.items()) {
        if (!knownKeys().contains(key)) reader.fail(key, "unknown setting");
    }
    CheckSettings out = base;
    if (const auto profile = reader.text("profile")) {
        if (*profile == "auto") {
            out.profileFromSchema = true;
        } else if (const auto named = fuzz::parseProfile(*profile)) {
            out.profile = *named;
            out.profileFromSchema = false;
        } else {
            reader.fail("profile", fmt::format("expected \"spider\", \"strict\" or \"auto\", got \"{}\"", *profile));
        }
    }
    reader.integer("seed", 0, std::numeric_limits<uint64_t>::max(), out.seed, true);
    reader.integer("budget", 0, std::numeric_limits<uint32_t>::max(), out.samplingBudget);
    reader.integer("search_budget", 0, std::numeric_limits<uint32_t>::max(), out.searchBudget);
    int64_t idleMs = 0;
    reader.integer("timeout_ms", 1, std::numeric_limits<int32_t>::max(), idleMs);
    if (idleMs > 0) out.setIdleBudget(idleMs);
    constexpr auto kLargest = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    reader.integer("max_steps", 1, kLargest, out.limits.maxSteps);
    reader.integer("wall_clock_ms", 1, kLargest, out.limits.wallClockLimitMs);
    reader.integer("max_rows", 1, std::numeric_limits<uint32_t>::max(), out.limits.maxRows);
    int64_t heapMiB = 0;
    reader.integer("max_heap_mb", 1, std::numeric_limits<int32_t>::max(), heapMiB);
    if (heapMiB > 0) out.limits.maxHeapBytes = heapMiB * kBytesPerMiB;
    reader.boolean("plug_value", out.plugValue);
    reader.boolean("keep_distinct", out.keepDistinct);
    if (const auto rule = reader.text("order_rule")) {
        if (const auto parsed = parseOrderRule(*rule)) out.orderRule = *parsed;
        else reader.fail("order_rule", fmt::format("expected \"top-level\" or \"official\", got \"{}\"", *rule));
    }
    reader.boolean("prove", out.prove);
    reader.number("time_limit_s", 0, kLargestTimeLimitSeconds, out.timeLimitSeconds);
    if (reader.failed()) return reader.error();
    return out;
}

CheckSettings withChanges(const CheckSettings& base, const CheckSettings& before, const CheckSettings& after)
{
    const json was = settingsJson(before);
    const json is = settingsJson(after);
    json changed = json::object();
    for (const auto& [key, value] : is.items())
        if (was.value(key, json()) != value) changed[key] = value;
    // Limits are read after timeout_ms: a changed step budget or wall clock wins over it.
    auto merged = settingsFromJson(changed, base);
    CheckSettings out = merged ? *merged : base;
    out.jobs = base.jobs;
    return out;
}

} // namespace sqleq::inspect
