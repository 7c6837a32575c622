// Option values that arrive from Python as strings, checked once for every binding.
#pragma once

#include "python/bindings.h"

#include "core/fuzz/profile.h"

#include <fmt/format.h>

#include <string>

namespace sqleq::python {

/// "spider" or "strict"; anything else is a usage error naming the value.
inline fuzz::Profile parseProfileOrThrow(const std::string& name)
{
    if (auto profile = fuzz::parseProfile(name)) return *profile;
    throwArgumentError(fmt::format("profile must be 'spider' or 'strict', not '{}'", name));
}

} // namespace sqleq::python
