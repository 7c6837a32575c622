// Option values that arrive from Python as strings, checked once for every binding.
#pragma once

#include "python/bindings.h"

#include "core/fuzz/profile.h"
#include "core/inspect/settings_json.h"

#include <fmt/format.h>

#include <string>

namespace sqleq::python {

/// "spider" or "strict"; anything else is a usage error naming the value.
inline fuzz::Profile parseProfileOrThrow(const std::string& name)
{
    if (auto profile = fuzz::parseProfile(name)) return *profile;
    throwArgumentError(fmt::format("profile must be 'spider' or 'strict', not '{}'", name));
}

/// The settings a Python call collected from its keyword arguments, in their one JSON
/// form (core/inspect/settings_json.h; sqleq._settings writes it); a bad value is a
/// usage error naming the setting.
inline inspect::CheckSettings settingsOrThrow(const std::string& jsonText)
{
    const nlohmann::json parsed = nlohmann::json::parse(jsonText, nullptr, false);
    auto settings = inspect::settingsFromJson(parsed);
    if (!settings) throwArgumentError(settings.error().message);
    return *settings;
}

} // namespace sqleq::python
