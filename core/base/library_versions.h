// Library versions: the SQLite, fmt and nlohmann-json versions sqleq runs with, for the
// About box and bug reports. Core owns these because only core includes the libraries;
// the UI asks here instead of including sqlite3.h.
#pragma once

#include <string>

namespace sqleq {

/// The SQLite library loaded at run time (sqlite3_libversion), e.g. "3.40.1".
[[nodiscard]] std::string sqliteVersion();
/// The fmt version core was compiled against, e.g. "9.1.0".
[[nodiscard]] std::string fmtVersion();
/// The nlohmann-json version core was compiled against, e.g. "3.11.2".
[[nodiscard]] std::string jsonVersion();

} // namespace sqleq
