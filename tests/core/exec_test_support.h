// Shared by the core/exec test programs: an in-memory database from a trusted
// setup script, the small table most cases query, and a query that never ends.
#pragma once

#include "core/exec/connection.h"

#include <QtGlobal>

#include <string_view>
#include <utility>

namespace sqleq::exec::testing {

inline Connection memoryWith(std::string_view script)
{
    auto conn = Connection::openMemory();
    if (!conn) qFatal("openMemory failed: %s", conn.error().message.c_str());
    const Status st = conn->executeScript(script);
    if (!st) qFatal("setup script failed: %s", st.error().message.c_str());
    return std::move(conn).value();
}

inline constexpr std::string_view kSetup =
    "CREATE TABLE t(a INTEGER PRIMARY KEY, name TEXT, score REAL);"
    "INSERT INTO t VALUES (1, 'France', 1.5), (2, 'Peru', NULL);"
    "CREATE VIEW v AS SELECT name FROM t;";

/// Counts forever: only a budget, the safety net or cancellation stops it.
inline constexpr std::string_view kEndless =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c";

} // namespace sqleq::exec::testing
