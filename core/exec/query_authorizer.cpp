// The authorizer's decision table. Anything not known to be a pure read is
// denied, so a future SQLite action code fails closed rather than open.
#include "core/exec/query_authorizer.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace sqleq::exec {

namespace {

std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string str(const char* text)
{
    return text != nullptr ? std::string(text) : std::string();
}

bool isSchemaTable(std::string_view name)
{
    const std::string n = lower(name);
    return n == "sqlite_master" || n == "sqlite_schema" || n == "sqlite_temp_master"
           || n == "sqlite_temp_schema";
}

/// Functions a candidate may not call even though SQLite would let it: they load
/// code or change global tokenizer state.
bool isForbiddenFunction(std::string_view name)
{
    static constexpr std::array<std::string_view, 2> kForbidden = {"load_extension",
                                                                   "fts3_tokenizer"};
    const std::string n = lower(name);
    return std::find(kForbidden.begin(), kForbidden.end(), n) != kForbidden.end();
}

/// What the action does, in words, and which argument names its object.
struct ActionName {
    int action;
    const char* operation;
    int objectArg;  // 1 or 2; 0 for none
};

constexpr std::array<ActionName, 30> kActionNames = {{
    {SQLITE_CREATE_INDEX, "CREATE INDEX", 1},
    {SQLITE_CREATE_TABLE, "CREATE TABLE", 1},
    {SQLITE_CREATE_TEMP_INDEX, "CREATE TEMP INDEX", 1},
    {SQLITE_CREATE_TEMP_TABLE, "CREATE TEMP TABLE", 1},
    {SQLITE_CREATE_TEMP_TRIGGER, "CREATE TEMP TRIGGER", 1},
    {SQLITE_CREATE_TEMP_VIEW, "CREATE TEMP VIEW", 1},
    {SQLITE_CREATE_TRIGGER, "CREATE TRIGGER", 1},
    {SQLITE_CREATE_VIEW, "CREATE VIEW", 1},
    {SQLITE_DELETE, "DELETE from", 1},
    {SQLITE_DROP_INDEX, "DROP INDEX", 1},
    {SQLITE_DROP_TABLE, "DROP TABLE", 1},
    {SQLITE_DROP_TEMP_INDEX, "DROP TEMP INDEX", 1},
    {SQLITE_DROP_TEMP_TABLE, "DROP TEMP TABLE", 1},
    {SQLITE_DROP_TEMP_TRIGGER, "DROP TEMP TRIGGER", 1},
    {SQLITE_DROP_TEMP_VIEW, "DROP TEMP VIEW", 1},
    {SQLITE_DROP_TRIGGER, "DROP TRIGGER", 1},
    {SQLITE_DROP_VIEW, "DROP VIEW", 1},
    {SQLITE_INSERT, "INSERT into", 1},
    {SQLITE_PRAGMA, "PRAGMA", 1},
    {SQLITE_TRANSACTION, "transaction control", 1},
    {SQLITE_UPDATE, "UPDATE of", 1},
    {SQLITE_ATTACH, "ATTACH of", 1},
    {SQLITE_DETACH, "DETACH of", 1},
    {SQLITE_ALTER_TABLE, "ALTER TABLE", 2},
    {SQLITE_REINDEX, "REINDEX", 1},
    {SQLITE_ANALYZE, "ANALYZE", 1},
    {SQLITE_CREATE_VTABLE, "CREATE VIRTUAL TABLE", 1},
    {SQLITE_DROP_VTABLE, "DROP VIRTUAL TABLE", 1},
    {SQLITE_SAVEPOINT, "SAVEPOINT", 2},
    {SQLITE_COPY, "COPY", 1},
}};

AccessVerdict deny(std::string operation, std::string object)
{
    return {AccessDecision::Deny, Denial{std::move(operation), std::move(object)}};
}

} // namespace

AccessVerdict judgeAccess(int action, const char* arg1, const char* arg2)
{
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_RECURSIVE:
        return {};
    case SQLITE_FUNCTION:
        if (isForbiddenFunction(str(arg2))) return deny("call of function", str(arg2));
        return {};
    case SQLITE_UPDATE:
        // A virtual table's constructor (json_each, pragma_*) declares its columns
        // through an internal CREATE that reports UPDATE of sqlite_master. Ignoring
        // it is safe: a real write there is impossible in defensive mode and is
        // caught again by the read-only check before any step.
        if (isSchemaTable(str(arg1))) return {AccessDecision::Ignore, std::nullopt};
        break;
    case SQLITE_TRANSACTION:
        return deny(str(arg1), "");
    case SQLITE_SAVEPOINT: {
        const std::string verb = str(arg1);
        const char* op = verb == "RELEASE"    ? "RELEASE SAVEPOINT"
                         : verb == "ROLLBACK" ? "ROLLBACK TO SAVEPOINT"
                                              : "SAVEPOINT";
        return deny(op, str(arg2));
    }
    default:
        break;
    }
    for (const ActionName& name : kActionNames) {
        if (name.action == action)
            return deny(name.operation, str(name.objectArg == 2 ? arg2 : arg1));
    }
    return deny(fmt::format("operation {}", action), str(arg1));
}

bool isSchemaWrite(const Denial& denial)
{
    return denial.operation != "PRAGMA" && isSchemaTable(denial.object);
}

std::string denialMessage(const Denial& denial)
{
    if (denial.object.empty())
        return fmt::format("denied: {} — candidate queries may only read", denial.operation);
    return fmt::format("denied: {} \"{}\" — candidate queries may only read", denial.operation,
                       denial.object);
}

} // namespace sqleq::exec
