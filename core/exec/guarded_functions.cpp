// The guarded built-ins. Work estimates are upper bounds in VM steps (one step
// ≈ 8 ns, see exec_limits.h), measured with SQLite 3.40.1's own code on the
// development machine: memcmp-style scans (instr, replace) ≈ 60 bytes/ns,
// LIKE/GLOB's patternCompare ≈ 1.1 ns per pattern×string character, trim's set
// scan ≈ 2.3 ns per comparison, printf's %c repetition ≈ 3.2 ns per character.
// Each divisor below leaves a margin of about 2 over those figures.
#include "core/exec/guarded_functions.h"

#include "core/exec/query_guard.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <limits>

namespace sqleq::exec {

namespace {

constexpr int64_t kScanBytesPerStep = 128;
constexpr int64_t kPatternOpsPerStep = 4;
constexpr int64_t kTrimOpsPerStep = 2;
constexpr int64_t kPrintfCharsPerStep = 1;  // 2 steps per character: ×2 margin on 3.2 ns
constexpr int64_t kCap = std::numeric_limits<int64_t>::max() / 4;

int64_t mulSat(int64_t a, int64_t b)
{
    if (a <= 0 || b <= 0) return 0;
    return a > kCap / b ? kCap : a * b;
}

GuardedFunctions& self(sqlite3_context* context)
{
    return *static_cast<GuardedFunctions*>(sqlite3_user_data(context));
}

bool isNull(sqlite3_value* value)
{
    return sqlite3_value_type(value) == SQLITE_NULL;
}

/// The value's bytes as the built-ins read them (text, or a blob's raw bytes).
std::string_view bytesOf(sqlite3_value* value)
{
    if (sqlite3_value_type(value) == SQLITE_BLOB) {
        const void* data = sqlite3_value_blob(value);
        const int size = sqlite3_value_bytes(value);
        return data != nullptr ? std::string_view(static_cast<const char*>(data), static_cast<std::size_t>(size))
                               : std::string_view();
    }
    const unsigned char* text = sqlite3_value_text(value);
    const int size = sqlite3_value_bytes(value);
    return text != nullptr ? std::string_view(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size))
                           : std::string_view();
}

/// Work of a naive search of `needle` in `haystack` (SQLite's instr and
/// replace): every position whose byte equals the needle's first byte may
/// compare the whole needle.
int64_t scanWork(std::string_view haystack, std::string_view needle)
{
    const auto n = static_cast<int64_t>(haystack.size());
    const auto m = static_cast<int64_t>(needle.size());
    if (m == 0 || m > n) return n;
    int64_t matches = 0;
    const char* at = haystack.data();
    const char* end = haystack.data() + haystack.size();
    while ((at = static_cast<const char*>(std::memchr(at, needle.front(), static_cast<std::size_t>(end - at))))
           != nullptr) {
        ++matches;
        ++at;
    }
    return n + mulSat(matches, m);
}

/// `describe()` names the call; it is written only for a call that costs something:
/// most calls on short values cost 0 steps, which every budget pays, and formatting a
/// message for each of them took a sixth of a BIRD distillation's targeted phase.
template <class Describe>
bool chargeOrFail(sqlite3_context* context, int64_t steps, const Describe& describe)
{
    if (steps <= 0) return true;
    const std::string what = describe();
    if (self(context).charge(steps, what)) return true;
    sqlite3_result_error(context, what.c_str(), -1);
    sqlite3_result_error_code(context, SQLITE_INTERRUPT);
    return false;
}

void instrFunction(sqlite3_context* context, int argc, sqlite3_value** argv)
{
    if (!isNull(argv[0]) && !isNull(argv[1])) {
        const std::string_view haystack = bytesOf(argv[0]);
        const std::string_view needle = bytesOf(argv[1]);
        const int64_t steps = scanWork(haystack, needle) / kScanBytesPerStep;
        if (!chargeOrFail(context, steps, [&] {
                return fmt::format("instr() of a {}-byte needle in a {}-byte value needs about {} VM steps",
                                   needle.size(), haystack.size(), steps);
            }))
            return;
    }
    self(context).delegate(context, "instr", argc, argv);
}

void replaceFunction(sqlite3_context* context, int argc, sqlite3_value** argv)
{
    if (!isNull(argv[0]) && !isNull(argv[1]) && !isNull(argv[2])) {
        const std::string_view text = bytesOf(argv[0]);
        const std::string_view pattern = bytesOf(argv[1]);
        const auto replacement = static_cast<int64_t>(bytesOf(argv[2]).size());
        const int64_t steps = (scanWork(text, pattern) + mulSat(static_cast<int64_t>(text.size()), replacement))
                              / kScanBytesPerStep;
        if (!chargeOrFail(context, steps, [&] {
                return fmt::format("replace() of a {}-byte pattern in a {}-byte value needs about {} VM steps",
                                   pattern.size(), text.size(), steps);
            }))
            return;
    }
    self(context).delegate(context, "replace", argc, argv);
}

template <const char* kName>
void trimFunction(sqlite3_context* context, int argc, sqlite3_value** argv)
{
    if (!isNull(argv[0]) && !isNull(argv[1])) {
        const std::string_view text = bytesOf(argv[0]);
        const std::string_view set = bytesOf(argv[1]);
        const int64_t steps =
            mulSat(static_cast<int64_t>(text.size()) + 1, static_cast<int64_t>(set.size())) / kTrimOpsPerStep;
        if (!chargeOrFail(context, steps, [&] {
                return fmt::format("{}() with a {}-byte character set on a {}-byte value needs about {} VM steps",
                                   kName, set.size(), text.size(), steps);
            }))
            return;
    }
    self(context).delegate(context, kName, argc, argv);
}

constexpr char kTrim[] = "trim";
constexpr char kLtrim[] = "ltrim";
constexpr char kRtrim[] = "rtrim";

/// patternCompare backtracks only from the first "match any" wildcard on: each
/// later pattern character may be compared with every character of the string.
int64_t patternWork(std::string_view pattern, std::string_view text, char matchAll)
{
    const auto n = static_cast<int64_t>(text.size());
    const auto p = static_cast<int64_t>(pattern.size());
    const std::size_t first = pattern.find(matchAll);
    const int64_t tail = first == std::string_view::npos ? 0 : p - static_cast<int64_t>(first);
    return n + p + mulSat(tail, n);
}

/// Charges a LIKE or GLOB call; false when refused (the error is set).
bool chargePattern(sqlite3_context* context, sqlite3_value** argv, const char* name, char matchAll)
{
    if (isNull(argv[0]) || isNull(argv[1])) return true;
    const std::string_view pattern = bytesOf(argv[0]);
    const std::string_view text = bytesOf(argv[1]);
    const int64_t steps = patternWork(pattern, text, matchAll) / kPatternOpsPerStep;
    return chargeOrFail(context, steps, [&] {
        return fmt::format("{} with a {}-byte pattern on a {}-byte value needs about {} VM steps", name,
                           pattern.size(), text.size(), steps);
    });
}

/// like(P, S) and glob(P, S) as SQLite's likeFunc computes them: the pattern
/// length limit first, then patternCompare (through its public entry points,
/// which use the same comparison tables); NULL when either side is NULL.
void patternFunction(sqlite3_context* context, sqlite3_value** argv, bool glob)
{
    if (!chargePattern(context, argv, glob ? "GLOB" : "LIKE", glob ? '*' : '%')) return;
    sqlite3* db = sqlite3_context_db_handle(context);
    static const bool blobsNeverMatch = sqlite3_compileoption_used("LIKE_DOESNT_MATCH_BLOBS") != 0;
    if (blobsNeverMatch
        && (sqlite3_value_type(argv[0]) == SQLITE_BLOB || sqlite3_value_type(argv[1]) == SQLITE_BLOB)) {
        sqlite3_result_int(context, 0);
        return;
    }
    const unsigned char* pattern = sqlite3_value_text(argv[0]);
    const unsigned char* text = sqlite3_value_text(argv[1]);
    if (sqlite3_value_bytes(argv[0]) > sqlite3_limit(db, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, -1)) {
        sqlite3_result_error(context, "LIKE or GLOB pattern too complex", -1);
        return;
    }
    if (pattern == nullptr || text == nullptr) return;
    const char* p = reinterpret_cast<const char*>(pattern);
    const char* s = reinterpret_cast<const char*>(text);
    const int rc = glob ? sqlite3_strglob(p, s) : sqlite3_strlike(p, s, 0);
    sqlite3_result_int(context, rc == 0 ? 1 : 0);
}

void likeFunction(sqlite3_context* context, int argc, sqlite3_value** argv)
{
    if (argc == 2) {
        patternFunction(context, argv, false);
        return;
    }
    // With ESCAPE: rare; SQLite's own code handles an escape that is a wildcard.
    if (!chargePattern(context, argv, "LIKE", '%')) return;
    self(context).delegate(context, "like", argc, argv);
}

void globFunction(sqlite3_context* context, int /*argc*/, sqlite3_value** argv)
{
    patternFunction(context, argv, true);
}

/// Widths and precisions of a printf format (SQLite's syntax: flags, width or
/// '*', '.' precision or '*', 'l'/'ll', conversion), '*' taking the next argument
/// as an int as SQLite does. Their sum bounds the characters printf may loop over.
int64_t printfWork(int argc, sqlite3_value** argv)
{
    if (argc < 1 || isNull(argv[0])) return 0;
    const std::string_view format = bytesOf(argv[0]);
    int next = 1;
    auto starArgument = [&]() -> int64_t {
        if (next >= argc) return 0;
        const auto value = static_cast<int>(static_cast<uint32_t>(sqlite3_value_int64(argv[next++])));
        return value < 0 ? -static_cast<int64_t>(value) : value;
    };
    int64_t work = static_cast<int64_t>(format.size());
    for (int a = 1; a < argc; ++a) work += sqlite3_value_bytes(argv[a]);
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') continue;
        ++i;
        while (i < format.size() && std::strchr("-+ #!0,", format[i]) != nullptr && format[i] != '\0') ++i;
        auto number = [&]() -> int64_t {
            if (i < format.size() && format[i] == '*') {
                ++i;
                return starArgument();
            }
            int64_t digits = 0;
            while (i < format.size() && format[i] >= '0' && format[i] <= '9') {
                digits = (digits * 10 + (format[i] - '0')) & 0x7fffffff;
                ++i;
            }
            return digits;
        };
        work += number();
        if (i < format.size() && format[i] == '.') {
            ++i;
            work += number();
        }
        while (i < format.size() && format[i] == 'l') ++i;
        if (i < format.size() && format[i] != '%') ++next;  // the conversion's own argument
    }
    return work;
}

void printfFunction(sqlite3_context* context, int argc, sqlite3_value** argv)
{
    const int64_t steps = printfWork(argc, argv) * 2 / kPrintfCharsPerStep;
    if (!chargeOrFail(context, steps, [&] {
            return fmt::format("printf() with widths and precisions this large needs about {} VM steps", steps);
        }))
        return;
    self(context).delegate(context, "printf", argc, argv);
}

struct Replacement {
    const char* name;
    int argc;
    void (*function)(sqlite3_context*, int, sqlite3_value**);
};

constexpr Replacement kReplacements[] = {
    {"printf", -1, &printfFunction}, {"format", -1, &printfFunction},    {"instr", 2, &instrFunction},
    {"replace", 3, &replaceFunction}, {"like", 2, &likeFunction},        {"like", 3, &likeFunction},
    {"glob", 2, &globFunction},       {"trim", 2, &trimFunction<kTrim>}, {"ltrim", 2, &trimFunction<kLtrim>},
    {"rtrim", 2, &trimFunction<kRtrim>},
};

} // namespace

GuardedFunctions::GuardedFunctions(sqlite3* db) : m_db(db)
{
    // Innocuous: views and CHECKs of an untrusted schema (trusted_schema=OFF)
    // may call them, as they may call the built-ins they replace.
    const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    for (const Replacement& r : kReplacements)
        sqlite3_create_function_v2(m_db, r.name, r.argc, flags, this, r.function, nullptr, nullptr, nullptr);
}

GuardedFunctions::~GuardedFunctions()
{
    for (auto& [key, stmt] : m_statements) sqlite3_finalize(stmt);
    if (m_helper != nullptr) sqlite3_close_v2(m_helper);
}

bool GuardedFunctions::charge(int64_t steps, const std::string& what)
{
    if (m_guard != nullptr && m_guard->isArmed()) return m_guard->chargeSteps(steps, what);
    return steps <= kUnbudgetedCallSteps;
}

sqlite3_stmt* GuardedFunctions::helperStatement(const char* name, int argc)
{
    std::string key(name);  // "name/argc", short enough to stay off the heap: asked for on every call
    key += '/';
    key += std::to_string(argc);
    if (const auto it = m_statements.find(key); it != m_statements.end()) return it->second;
    if (m_helper == nullptr) {
        const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
        if (sqlite3_open_v2(":memory:", &m_helper, flags, nullptr) != SQLITE_OK) {
            sqlite3_close_v2(m_helper);
            m_helper = nullptr;
            return nullptr;
        }
        sqlite3_limit(m_helper, SQLITE_LIMIT_FUNCTION_ARG, sqlite3_limit(m_db, SQLITE_LIMIT_FUNCTION_ARG, -1));
    }
    std::string sql = fmt::format("SELECT {}(", name);
    for (int i = 1; i <= argc; ++i) sql += fmt::format("{}?{}", i > 1 ? ", " : "", i);
    sql += ")";
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(m_helper, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return nullptr;
    }
    m_statements.emplace(key, stmt);
    return stmt;
}

void GuardedFunctions::delegate(sqlite3_context* context, const char* name, int argc, sqlite3_value** argv)
{
    sqlite3_stmt* stmt = helperStatement(name, argc);
    if (stmt == nullptr) {
        sqlite3_result_error(context, fmt::format("{}() could not be evaluated", name).c_str(), -1);
        return;
    }
    // The built-in's value-length and LIKE-pattern limits are the caller's.
    for (const int id : {SQLITE_LIMIT_LENGTH, SQLITE_LIMIT_LIKE_PATTERN_LENGTH})
        sqlite3_limit(m_helper, id, sqlite3_limit(m_db, id, -1));
    int rc = SQLITE_OK;
    for (int i = 0; i < argc && rc == SQLITE_OK; ++i) rc = sqlite3_bind_value(stmt, i + 1, argv[i]);
    if (rc == SQLITE_OK) rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        sqlite3_result_value(context, sqlite3_column_value(stmt, 0));
    } else if ((rc & 0xFF) == SQLITE_NOMEM) {
        sqlite3_result_error_nomem(context);
    } else if ((rc & 0xFF) == SQLITE_TOOBIG) {
        sqlite3_result_error_toobig(context);
    } else {
        sqlite3_result_error(context, sqlite3_errmsg(m_helper), -1);
        sqlite3_result_error_code(context, rc & 0xFF);
    }
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
}

} // namespace sqleq::exec
