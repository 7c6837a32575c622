// The store's connection: opening a project file as untrusted input. The order
// matters: limits and defences are armed before the first statement, the file is
// verified before any of its tables is read, and only a verified file is upgraded
// or switched to WAL — a refused file is never changed.
//
// Read-only and WAL: a plain SQLITE_OPEN_READONLY connection to a WAL database
// creates the -wal and -shm files when they are missing and, unable to checkpoint,
// leaves them behind. So when no -wal exists (nobody has the project open, the
// last writer checkpointed and removed it) the file holds every committed edit and
// is read with `immutable=1`, which takes no locks and creates nothing; since no
// lock keeps a writer out, every read compares the file's stamp afterwards and is
// repeated if a writer changed the file meanwhile. When a -wal exists, some
// connection is live (or crashed) and the committed edits may be in it: then the
// reader uses `mode=ro` and shares the -wal/-shm like any reader.

#include "core/audit/store_connection.h"

#include "core/audit/audit.h"
#include "core/audit/store_schema.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <sys/stat.h>

#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <utility>

namespace sqleq::audit::detail {
namespace {

namespace fs = std::filesystem;

// SQLite calls the progress handler every this many VM steps.
constexpr int kProgressInterval = 1000;
constexpr int kReadAttempts = 3;

// Budgets by connection, so that an error message can name the one that ran out.
std::mutex g_budgetsMutex;
std::map<sqlite3*, const Budget*> g_budgets;

int onProgress(void* context)
{
    auto* budget = static_cast<Budget*>(context);
    if (++budget->steps > budget->maxSteps / kProgressInterval) {
        budget->hit = Budget::Hit::Steps;
        return 1;
    }
    if (budget->heap != nullptr && budget->heap->exceeded()) {
        budget->hit = Budget::Hit::Heap;
        return 1;
    }
    return 0;
}

std::optional<FileStamp> stampOf(const fs::path& file)
{
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0) return std::nullopt;
    return FileStamp{static_cast<std::uint64_t>(info.st_dev), static_cast<std::uint64_t>(info.st_ino),
                     static_cast<std::uint64_t>(info.st_size),
                     static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec,
                     static_cast<std::int64_t>(info.st_ctim.tv_sec) * 1'000'000'000 + info.st_ctim.tv_nsec};
}

// A URI filename ("file:…?immutable=1"): every byte outside the unreserved set is
// percent-encoded, so a path with '?', '#' or '%' stays one path.
std::string uriOf(const fs::path& file, std::string_view parameters)
{
    std::string uri = "file:";
    for (const unsigned char c : file.string()) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                           c == '/' || c == '-' || c == '.' || c == '_' || c == '~';
        uri += plain ? std::string(1, static_cast<char>(c)) : fmt::format("%{:02X}", c);
    }
    return fmt::format("{}?{}", uri, parameters);
}

std::string mebibytes(std::uint64_t bytes)
{
    return fmt::format("{} MiB", bytes >> 20);
}

// SQLite's own limits, small enough for the store's statements and schema: a
// hostile value, schema or query hits one of them instead of growing without end.
void armLimits(sqlite3* db)
{
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, StoreLimits::kMaxValueBytes);
    sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, static_cast<int>(input_limits::kSqlText));
    sqlite3_limit(db, SQLITE_LIMIT_COLUMN, 100);
    sqlite3_limit(db, SQLITE_LIMIT_EXPR_DEPTH, 100);
    sqlite3_limit(db, SQLITE_LIMIT_COMPOUND_SELECT, 10);
    sqlite3_limit(db, SQLITE_LIMIT_VDBE_OP, 100'000);
    sqlite3_limit(db, SQLITE_LIMIT_FUNCTION_ARG, 8);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_limit(db, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100);
    sqlite3_limit(db, SQLITE_LIMIT_VARIABLE_NUMBER, 100);
    sqlite3_limit(db, SQLITE_LIMIT_TRIGGER_DEPTH, 1);
    sqlite3_limit(db, SQLITE_LIMIT_WORKER_THREADS, 0);
}

// The project's own tables hold neither triggers nor views, so switching both off
// costs nothing and keeps a planted one from ever running, verified or not.
void armDefences(sqlite3* db)
{
    sqlite3_extended_result_codes(db, 1);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    armLimits(db);
    // busy_timeout: another process (the GUI next to a CLI) may hold the write lock.
    sqlite3_busy_timeout(db, 5000);
}

// The file must be a regular file within the size limit (with its -wal) before
// SQLite reads a byte of it: quick_check's time grows with the size.
Status checkFile(const fs::path& file, bool& walPresent)
{
    std::error_code error;
    const auto status = fs::status(file, error);
    if (!fs::exists(status)) return openError(file, "no such file");
    if (!fs::is_regular_file(status)) return openError(file, "not a file");
    const auto size = fs::file_size(file, error);
    if (error) return openError(file, fmt::format("cannot read its size: {}", error.message()));
    if (size == 0) return openError(file, "an empty file, not an sqleq audit project");
    const fs::path wal(file.string() + "-wal");
    walPresent = fs::exists(wal, error);
    const auto walSize = walPresent ? fs::file_size(wal, error) : 0;
    if (size + (error ? 0 : walSize) > StoreLimits::kMaxFileBytes) {
        return openError(file, fmt::format("{} bytes (with its -wal), more than the {} a project may have",
                                           size + walSize, mebibytes(StoreLimits::kMaxFileBytes)));
    }
    return {};
}

} // namespace

Connection::Connection(fs::path file, OpenMode mode)
    : m_file(std::move(file)), m_mode(mode), m_budget(std::make_unique<Budget>())
{
    m_budget->maxSteps = StoreLimits::kStepBudget;
    m_budget->maxHeapGrowth = StoreLimits::kHeapBudget;
}

Connection::~Connection()
{
    close();
}

void Connection::close()
{
    if (m_db == nullptr) return;
    {
        const std::lock_guard lock(g_budgetsMutex);
        g_budgets.erase(m_db);
    }
    sqlite3_close_v2(m_db);
    m_db = nullptr;
}

Status Connection::connect(bool verify)
{
    bool walPresent = false;
    if (verify) {
        if (auto checked = checkFile(m_file, walPresent); !checked) return checked;
    }
    m_immutable = m_mode == OpenMode::ReadOnly && !walPresent;
    if (m_immutable) {
        const auto stamp = stampOf(m_file);
        if (!stamp) return openError(m_file, "cannot read its status");
        m_stamp = *stamp;
    }
    const auto uri = uriOf(m_file, m_immutable ? "immutable=1" : m_mode == OpenMode::ReadOnly ? "mode=ro" : "mode=rw");
    const int flags = (m_mode == OpenMode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) |
                      SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX;
    const int rc = sqlite3_open_v2(uri.c_str(), &m_db, flags, nullptr);
    if (m_db != nullptr) {
        const std::lock_guard lock(g_budgetsMutex);
        g_budgets[m_db] = m_budget.get();
    }
    if (rc != SQLITE_OK) {
        return openError(m_file, fmt::format("cannot open: {}", m_db ? sqlite3_errmsg(m_db) : "out of memory"));
    }
    armDefences(m_db);
    sqlite3_progress_handler(m_db, kProgressInterval, onProgress, m_budget.get());
    if (!verify) return {};
    const CallScope verifying = beginCall();
    auto version = verifyProject(m_db, m_file);
    if (!version) return version.error();
    m_formatVersion = *version;
    if (m_mode == OpenMode::ReadOnly) return {};
    if (m_formatVersion < kFormatVersion) {
        if (auto migrated = migrate(m_db, m_file, m_formatVersion); !migrated) return migrated;
        const CallScope call = beginCall();
        auto upgraded = verifyProject(m_db, m_file);
        if (!upgraded) return upgraded.error();
        m_formatVersion = *upgraded;
    }
    return configureConnection(m_db, m_file);
}

Result<std::unique_ptr<Connection>> Connection::open(const fs::path& file, OpenMode mode)
{
    std::unique_ptr<Connection> connection(new Connection(file, mode));
    if (auto connected = connection->connect(true); !connected) return connected.error();
    return connection;
}

Result<std::unique_ptr<Connection>> Connection::openNew(const fs::path& file)
{
    std::unique_ptr<Connection> connection(new Connection(file, OpenMode::ReadWrite));
    if (auto connected = connection->connect(false); !connected) {
        return Diagnostic{"audit.create", connected.error().message, {}, {}};
    }
    connection->m_formatVersion = kFormatVersion;
    return connection;
}

CallScope::CallScope(Budget& budget) : m_budget(budget), m_heap(budget.maxHeapGrowth)
{
    m_budget.steps = 0;
    m_budget.hit = Budget::Hit::None;
    m_budget.heap = &m_heap;
}

CallScope::~CallScope() { m_budget.heap = nullptr; }

CallScope Connection::beginCall() { return CallScope(*m_budget); }

void Connection::setBudget(std::uint64_t maxSteps, std::int64_t maxHeapGrowth)
{
    m_budget->maxSteps = maxSteps;
    m_budget->maxHeapGrowth = maxHeapGrowth;
}

Result<bool> Connection::settle(int attempt)
{
    if (!m_immutable || stampOf(m_file) == m_stamp) return true;
    if (attempt >= kReadAttempts) {
        return Diagnostic{"audit.sql",
                          fmt::format("{}: changed by another program {} times while being read; try again",
                                      m_file.string(), attempt),
                          {}, {}};
    }
    // A writer got in: read again on a fresh connection, which sees its edits (and
    // shares its -wal if it is still open). The file is verified anew.
    close();
    if (auto connected = connect(true); !connected) return connected.error();
    return false;
}

std::string budgetExceeded(sqlite3* db)
{
    const std::lock_guard lock(g_budgetsMutex);
    const auto found = g_budgets.find(db);
    if (found == g_budgets.end()) return {};
    const Budget& budget = *found->second;
    // A refused allocation surfaces as SQLITE_NOMEM, often before the progress handler runs.
    const bool heapHit = budget.hit == Budget::Hit::Heap || (budget.heap != nullptr && budget.heap->exceeded());
    switch (heapHit ? Budget::Hit::Heap : budget.hit) {
    case Budget::Hit::Steps:
        return fmt::format("stopped after {} SQLite steps, the store's budget per call", budget.maxSteps);
    case Budget::Hit::Heap:
        return fmt::format("stopped: SQLite's memory grew by more than {}, the store's budget per call",
                           mebibytes(static_cast<std::uint64_t>(budget.maxHeapGrowth)));
    case Budget::Hit::None:
        break;
    }
    return {};
}

} // namespace sqleq::audit::detail
