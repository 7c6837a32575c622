// The read-only policy for candidate SQL, as a pure decision over SQLite's
// authorizer requests (sqlite3_set_authorizer). Reading tables, selecting,
// recursion and ordinary functions pass; every write, schema change, PRAGMA,
// ATTACH, transaction and extension load is denied with a named operation.
#pragma once

#include <optional>
#include <string>

namespace sqleq::exec {

enum class AccessDecision { Allow, Ignore, Deny };

struct Denial {
    std::string operation;  ///< e.g. "ATTACH", "INSERT into", "PRAGMA"
    std::string object;     ///< the file, table, pragma or function named, may be empty
};

struct AccessVerdict {
    AccessDecision decision = AccessDecision::Allow;
    std::optional<Denial> denial;  ///< set when decision == Deny
};

/// Judges one authorizer request: `action` is an SQLITE_* action code, `arg1`
/// and `arg2` its two detail arguments (either may be null).
AccessVerdict judgeAccess(int action, const char* arg1, const char* arg2);

/// True for a write to sqlite_master/sqlite_temp_master: the first thing every
/// CREATE/DROP/ANALYZE reports, before SQLite names the statement itself.
bool isSchemaWrite(const Denial& denial);

/// `denied: ATTACH of "x.db" — candidate queries may only read`.
std::string denialMessage(const Denial& denial);

} // namespace sqleq::exec
