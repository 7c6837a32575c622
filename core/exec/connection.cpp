// Opening, configuring, scripting and copying SQLite connections. Every
// connection is hardened the same way on open (defensive mode, no extension
// loading, untrusted schema, temp data in memory, the guarded built-ins of
// guarded_functions.h) so no caller can forget it.
#include "core/exec/connection.h"

#include "core/exec/guarded_functions.h"
#include "core/exec/heap_budget.h"
#include "core/exec/query_guard.h"
#include "core/exec/sql_text.h"
#include "core/exec/statement_cache.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <cctype>
#include <array>
#include <optional>
#include <cstring>
#include <fstream>
#include <system_error>

namespace sqleq::exec {

namespace {

Diagnostic makeError(std::string code, std::string message)
{
    return Diagnostic{std::move(code), std::move(message), {}, {}};
}

/// Percent-encodes a path for a file: URI; '?', '#' and '%' would otherwise
/// be read as URI syntax.
std::string fileUri(const std::filesystem::path& path)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out = "file:";
    for (const unsigned char c : path.string()) {
        if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
        }
    }
    return out + "?mode=ro";
}

/// Settings every connection gets, trusted or not. Writes to the schema,
/// extension loading and functions smuggled in through a hostile schema are off.
void harden(sqlite3* db)
{
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    // Sorters and temp b-trees stay in memory: running a query never touches disk.
    sqlite3_exec(db, "PRAGMA temp_store = MEMORY", nullptr, nullptr, nullptr);
}

/// A regular file that starts with SQLite's 16-byte header, or why not. Checked
/// before SQLite opens it: a FIFO would block the open, and a device such as
/// /dev/zero (size 0) or an empty file would open as an empty database.
std::optional<Diagnostic> notASqliteFile(const std::filesystem::path& path)
{
    const std::string name = path.string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return makeError("exec.not_database",
                         fmt::format("\"{}\" is not a regular file, so not a SQLite database", name));
    static constexpr std::array<char, 16> kHeader = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f',
                                                     'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
    std::array<char, 16> header{};
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError("exec.open", fmt::format("cannot read database file \"{}\"", name));
    in.read(header.data(), static_cast<std::streamsize>(header.size()));
    if (in.gcount() == 0)
        return makeError("exec.not_database", fmt::format("\"{}\" is empty, not a SQLite database", name));
    if (in.gcount() != static_cast<std::streamsize>(header.size()) || header != kHeader)
        return makeError("exec.not_database",
                         fmt::format("\"{}\" is not a SQLite database (no \"SQLite format 3\" header)", name));
    return std::nullopt;
}

/// Reads the schema once so that "not a database" surfaces at open time.
int probe(sqlite3* db)
{
    return sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
}

} // namespace

Connection::Connection() = default;

Connection::Connection(sqlite3* db, std::string label) : m_db(db), m_label(std::move(label))
{
    // Every connection, trusted or not: trusted SQL may still evaluate an
    // untrusted schema's CHECKs and views.
    if (m_db != nullptr) m_functions = std::make_unique<GuardedFunctions>(m_db);
}

Connection::~Connection()
{
    close();
}

Connection::Connection(Connection&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr)), m_label(std::move(other.m_label)),
      m_guard(std::move(other.m_guard)), m_statements(std::move(other.m_statements)),
      m_functions(std::move(other.m_functions))
{
}

Connection& Connection::operator=(Connection&& other) noexcept
{
    if (this != &other) {
        close();
        m_db = std::exchange(other.m_db, nullptr);
        m_label = std::move(other.m_label);
        m_guard = std::move(other.m_guard);
        m_statements = std::move(other.m_statements);
        m_functions = std::move(other.m_functions);
    }
    return *this;
}

void Connection::close()
{
    // Statements first, then the callbacks, then the handle they refer to.
    m_statements.reset();
    m_guard.reset();
    if (m_db != nullptr) sqlite3_close_v2(m_db);
    m_db = nullptr;
    m_functions.reset();  // after the handle: SQLite may call them until it closes
}

QueryGuard& Connection::queryGuard()
{
    if (!m_guard) {
        m_guard = std::make_unique<QueryGuard>(m_db);
        if (m_functions) m_functions->setGuard(m_guard.get());
    }
    return *m_guard;
}

StatementCache& Connection::statementCache()
{
    if (!m_statements) m_statements = std::make_unique<StatementCache>();
    return *m_statements;
}

void Connection::keepStatements(std::size_t capacity, std::size_t maxBytes)
{
    m_statements = std::make_unique<StatementCache>(capacity, maxBytes);
}

std::size_t Connection::cachedStatementCount() const
{
    return m_statements ? m_statements->size() : 0;
}

Result<Connection> Connection::openReadOnly(const std::filesystem::path& path)
{
    const std::string name = path.string();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return makeError("exec.not_found", fmt::format("database file \"{}\" does not exist", name));
    if (std::filesystem::is_directory(path, ec))
        return makeError("exec.not_database",
                         fmt::format("\"{}\" is a directory, not a database file", name));
    if (auto why = notASqliteFile(path)) return *why;

    configureSqliteLibrary();
    sqlite3* db = nullptr;
    const int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;
    const int rc = sqlite3_open_v2(fileUri(path).c_str(), &db, flags, nullptr);
    Connection conn(db, name);
    if (rc != SQLITE_OK) {
        const char* why = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
        return makeError("exec.open", fmt::format("cannot open database file \"{}\": {}", name, why));
    }
    harden(db);
    const int probeRc = probe(db);
    if (probeRc == SQLITE_NOTADB)
        return makeError("exec.not_database",
                         fmt::format("\"{}\" is not a SQLite database", name));
    if (probeRc != SQLITE_OK)
        return makeError("exec.open", fmt::format("cannot read database file \"{}\": {}", name,
                                                  sqlite3_errmsg(db)));
    return conn;
}

Result<Connection> Connection::openMemory()
{
    configureSqliteLibrary();
    sqlite3* db = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    const int rc = sqlite3_open_v2(":memory:", &db, flags, nullptr);
    Connection conn(db, ":memory:");
    if (rc != SQLITE_OK)
        return makeError("exec.open",
                         fmt::format("cannot open an in-memory database: {}", sqlite3_errstr(rc)));
    harden(db);
    return conn;
}

Result<Connection> Connection::deserializeCopy(const Bytes& bytes)
{
    auto conn = openMemory();
    if (!conn || bytes.empty()) return conn;
    const auto size = static_cast<sqlite3_int64>(bytes.size());
    auto* buffer = static_cast<unsigned char*>(sqlite3_malloc64(bytes.size()));
    if (buffer == nullptr)
        return makeError("exec.deserialize",
                         fmt::format("out of memory copying a {}-byte database", bytes.size()));
    std::memcpy(buffer, bytes.data(), bytes.size());
    // FREEONCLOSE hands the buffer to SQLite, also when deserialize fails.
    const unsigned flags = SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE;
    sqlite3* db = conn->handle();
    if (sqlite3_deserialize(db, "main", buffer, size, size, flags) != SQLITE_OK)
        return makeError("exec.deserialize",
                         fmt::format("cannot load database bytes: {}", sqlite3_errmsg(db)));
    if (probe(db) != SQLITE_OK)
        return makeError("exec.not_database",
                         fmt::format("the {} bytes are not a SQLite database: {}", bytes.size(),
                                     sqlite3_errmsg(db)));
    return conn;
}

Result<Bytes> Connection::serialize() const
{
    if (m_db == nullptr) return makeError("exec.serialize", "cannot serialize a closed connection");
    sqlite3_int64 size = 0;
    unsigned char* data = sqlite3_serialize(m_db, "main", &size, 0);
    if (data == nullptr) {
        // A database with no pages yet serializes to nothing; anything else is an error.
        if (size == 0 && sqlite3_errcode(m_db) == SQLITE_OK) return Bytes{};
        return makeError("exec.serialize",
                         fmt::format("cannot serialize \"{}\": {}", m_label, sqlite3_errmsg(m_db)));
    }
    Bytes out(data, data + size);
    sqlite3_free(data);
    return out;
}

Status Connection::executeScript(std::string_view sql)
{
    if (m_db == nullptr) return makeError("exec.script", "cannot run a script on a closed connection");
    if (m_statements) m_statements->clear();
    std::size_t pos = 0;
    for (int index = 1;; ++index) {
        pos = skipBlank(sql, pos, true);
        if (pos >= sql.size()) return {};
        sqlite3_stmt* stmt = nullptr;
        const char* start = sql.data() + pos;
        const char* tail = nullptr;
        const int rc = sqlite3_prepare_v2(m_db, start, static_cast<int>(sql.size() - pos), &stmt,
                                          &tail);
        if (rc != SQLITE_OK) {
            const int offset = sqlite3_error_offset(m_db);
            const std::size_t at = offset >= 0 ? pos + static_cast<std::size_t>(offset) : pos;
            const std::size_t len = offset >= 0 ? wordLengthAt(sql, at) : sql.size() - pos;
            return Diagnostic{"exec.script",
                              fmt::format("statement {} failed: {}", index, sqlite3_errmsg(m_db)),
                              {static_cast<uint32_t>(at), static_cast<uint32_t>(at + len)},
                              {}};
        }
        const std::size_t end = static_cast<std::size_t>(tail - sql.data());
        if (stmt == nullptr) {  // only a comment was left
            pos = end;
            continue;
        }
        int stepRc = SQLITE_ROW;
        while (stepRc == SQLITE_ROW) stepRc = sqlite3_step(stmt);
        const std::string why = stepRc == SQLITE_DONE ? std::string() : sqlite3_errmsg(m_db);
        sqlite3_finalize(stmt);
        if (stepRc != SQLITE_DONE)
            return Diagnostic{"exec.script", fmt::format("statement {} failed: {}", index, why),
                              {static_cast<uint32_t>(pos), static_cast<uint32_t>(end)},
                              {}};
        pos = end;
    }
}

} // namespace sqleq::exec
