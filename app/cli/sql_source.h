// A query given inline (`--NAME TEXT`) or from a file (`--NAME-file F`), the two
// ways every command accepts SQL.
#pragma once

#include "core/base/result.h"

#include <CLI/CLI.hpp>

#include <string>

namespace sqleq::cli {

struct SqlSource {
    std::string name;  ///< option stem: "sql", "gold", "candidate"
    std::string text;
    std::string file;
};

/// Adds `--<name>` and `--<name>-file`, mutually exclusive, one of them required.
void addSqlSourceOptions(CLI::App& command, SqlSource& source, const std::string& description);

/// The query text, at most input_limits::kSqlText (1 MiB) bytes; the error names the
/// option or the unreadable or oversized file.
Result<std::string> readSqlSource(const SqlSource& source);

} // namespace sqleq::cli
