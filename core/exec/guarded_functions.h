// GuardedFunctions: replacements, on one connection, for the SQLite built-ins
// whose single call can run for seconds without returning to the progress
// handler (the step budget is checked only between VM instructions): printf and
// format with a huge width or precision, instr and replace with a long needle,
// LIKE and GLOB with a long pattern, trim with a long character set. Each
// replacement estimates the call's worst-case work from its arguments' sizes,
// charges it to the query's step budget (refusing the call when the budget
// cannot pay), then computes the result with SQLite's own code — the public
// sqlite3_strlike()/sqlite3_strglob(), or the built-in itself on a private
// helper connection — so results are exactly SQLite's.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;
struct sqlite3_context;
struct sqlite3_value;

namespace sqleq::exec {

class QueryGuard;

/// The most work one call may do when no query budget is armed (trusted SQL
/// that evaluates an untrusted schema's CHECK or view): about 2 s.
inline constexpr int64_t kUnbudgetedCallSteps = 250'000'000;

class GuardedFunctions {
public:
    /// Registers the replacements on `db`, which must outlive this object.
    explicit GuardedFunctions(sqlite3* db);
    ~GuardedFunctions();
    GuardedFunctions(const GuardedFunctions&) = delete;
    GuardedFunctions& operator=(const GuardedFunctions&) = delete;

    /// The guard whose step budget pays for calls while it is armed (null: none).
    void setGuard(QueryGuard* guard) { m_guard = guard; }

    /// Charges `steps` of work of one call; false when the budget (or, with no
    /// armed budget, kUnbudgetedCallSteps) cannot pay. `what` names the call.
    bool charge(int64_t steps, const std::string& what);
    /// Runs the built-in `name` on the helper connection with the same arguments.
    void delegate(sqlite3_context* context, const char* name, int argc, sqlite3_value** argv);
    /// The connection the replacements are registered on.
    [[nodiscard]] sqlite3* db() const { return m_db; }

private:
    sqlite3_stmt* helperStatement(const char* name, int argc);

    sqlite3* m_db;
    QueryGuard* m_guard = nullptr;
    sqlite3* m_helper = nullptr;                  // opened on first delegation
    std::map<std::string, sqlite3_stmt*> m_statements;  // "name/argc" → SELECT name(?1, …)
};

} // namespace sqleq::exec
