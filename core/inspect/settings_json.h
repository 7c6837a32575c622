// The one JSON form of CheckSettings: what `.sqleq` session files, audit projects
// (stored whole), the report's provenance and the Python module's keyword arguments
// read and write. Reading is strict: an unknown key or a value of the wrong kind is an
// error naming the key; a missing key keeps the value it is read over.
//
//   {"profile": "spider" | "strict" | "auto", "seed": 0, "budget": 1000,
//    "search_budget": 300, "timeout_ms": 2000, "max_steps": 250000000,
//    "wall_clock_ms": 20000, "max_rows": 100000, "max_heap_mb": 160,
//    "plug_value": false, "keep_distinct": false, "order_rule": "top-level" | "official",
//    "prove": true, "time_limit_s": 120}
//
// "timeout_ms" is the budget in idle-machine milliseconds (CheckSettings::setIdleBudget);
// "max_steps" and "wall_clock_ms", when given too, are applied after it. `jobs` is not
// part of the form: no verdict depends on it. A seed above 2^53 is written as a string
// (JSON readers lose integers past it) and read back either way.
#pragma once

#include "core/base/result.h"
#include "core/inspect/check_request.h"

#include <nlohmann/json.hpp>

#include <string_view>

namespace sqleq::inspect {

/// "top-level" or "official", and back.
std::string_view orderRuleName(compare::OrderRule rule);
std::optional<compare::OrderRule> parseOrderRule(std::string_view name);

nlohmann::json settingsJson(const CheckSettings& settings);

/// `json` read over `base` (missing keys keep base's values). Errors ("settings.json")
/// name the key at fault, prefixed with `where` ("settings.seed: ...").
Result<CheckSettings> settingsFromJson(const nlohmann::json& json, const CheckSettings& base = {},
                                       std::string_view where = "settings");

/// `base` with every setting that differs between `before` and `after` (as their JSON
/// forms read) taken from `after`: what an edit changed, applied to other settings.
CheckSettings withChanges(const CheckSettings& base, const CheckSettings& before, const CheckSettings& after);

} // namespace sqleq::inspect
