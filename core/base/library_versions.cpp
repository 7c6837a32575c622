// Library versions: SQLite's is asked of the loaded library (a distribution may update it
// under sqleq); fmt and nlohmann-json are header-mostly, so their compile-time versions apply.

#include "core/base/library_versions.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

namespace sqleq {

std::string sqliteVersion() { return sqlite3_libversion(); }

std::string fmtVersion()
{
    return fmt::format("{}.{}.{}", FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100);
}

std::string jsonVersion()
{
    return fmt::format("{}.{}.{}", NLOHMANN_JSON_VERSION_MAJOR, NLOHMANN_JSON_VERSION_MINOR, NLOHMANN_JSON_VERSION_PATCH);
}

} // namespace sqleq
