// Renders query results for a terminal: an aligned text table with NULL shown as
// NULL, and the JSON form used by `--json` outputs. Presentation only.
#pragma once

#include "core/exec/query_outcome.h"
#include "core/exec/value.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace sqleq::cli {

/// One value as a user reads it: NULL, 42, 2.5, text as is, blobs as x'0a1b'.
std::string displayValue(const exec::Value& value);

/// An aligned table with a header row and a row count footer.
void printResultTable(std::FILE* out, const exec::ResultSet& result);

/// {"status", "columns", "rows", "error", "elapsed_ms"}: the stable JSON of one outcome.
nlohmann::json outcomeToJson(const exec::QueryOutcome& outcome);

} // namespace sqleq::cli
