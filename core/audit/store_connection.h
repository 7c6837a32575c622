// store_connection: the one sqlite3 connection of an AnnotationStore, with the
// defences an untrusted project file needs — SQLite's limits, DEFENSIVE,
// trusted_schema=OFF, triggers and views switched off, a step and heap budget per
// store call — and the read-only mode that leaves the file and its directory as
// they were. Opening verifies the file (verifyProject) before any query touches
// its tables. Internal to core/audit; one caller at a time.
#pragma once

#include "core/base/result.h"
#include "core/exec/heap_budget.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

struct sqlite3;

namespace sqleq::audit::detail {

enum class OpenMode { ReadWrite, ReadOnly };

/// What a store call may spend before SQLite is interrupted (see StoreLimits).
struct Budget {
    std::uint64_t maxSteps = 0;
    std::int64_t maxHeapGrowth = 0;
    std::uint64_t steps = 0;      ///< VM steps of the current call, in units of kProgressInterval
    const exec::HeapBudget* heap = nullptr;  ///< the current call's, while it runs
    enum class Hit { None, Steps, Heap } hit = Hit::None;
};

/// One store call: the step count restarts, and SQLite's allocations on this thread
/// are charged to the call's own heap budget (exec::HeapBudget, the executor's
/// counting allocator) until the scope ends.
class CallScope {
public:
    explicit CallScope(Budget& budget);
    ~CallScope();
    CallScope(const CallScope&) = delete;
    CallScope& operator=(const CallScope&) = delete;

private:
    Budget& m_budget;
    exec::HeapBudget m_heap;
};

/// The file's identity and last change, to notice a writer under an immutable read.
struct FileStamp {
    std::uint64_t device = 0, inode = 0, size = 0;
    std::int64_t modifiedNs = 0, changedNs = 0;
    bool operator==(const FileStamp&) const = default;
};

class Connection {
public:
    /// Opens an existing project in `mode` and verifies it; ReadWrite then upgrades
    /// an older format and switches to WAL (configureConnection). ReadOnly reads a
    /// project that no one has open (no -wal) as immutable, so SQLite creates no
    /// -wal/-shm. Errors "audit.open" name the file.
    static Result<std::unique_ptr<Connection>> open(const std::filesystem::path& file, OpenMode mode);
    /// Opens the empty file create() has just claimed, read-write, defences armed.
    static Result<std::unique_ptr<Connection>> openNew(const std::filesystem::path& file);

    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    ~Connection();

    [[nodiscard]] sqlite3* db() const { return m_db; }
    [[nodiscard]] std::int32_t formatVersion() const { return m_formatVersion; }

    /// Starts a store call, which lasts as long as the returned scope.
    [[nodiscard]] CallScope beginCall();
    /// Runs `read` (sqlite3* → Result<T>) as one store call. On an immutable
    /// connection, checks afterwards that the file is unchanged; if a writer changed
    /// it meanwhile, reopens and runs `read` again (three attempts in all).
    template <typename Read>
    auto read(Read&& read) -> decltype(read(static_cast<sqlite3*>(nullptr)));

    /// For tests: a smaller budget than StoreLimits'.
    void setBudget(std::uint64_t maxSteps, std::int64_t maxHeapGrowth);

private:
    Connection(std::filesystem::path file, OpenMode mode);
    Status connect(bool verify);
    /// True when a read may stand; false when it must be repeated (after a reopen).
    Result<bool> settle(int attempt);
    void close();

    std::filesystem::path m_file;
    OpenMode m_mode;
    sqlite3* m_db = nullptr;
    std::unique_ptr<Budget> m_budget;  ///< on the heap: SQLite's progress handler holds its address
    bool m_immutable = false;
    FileStamp m_stamp;
    std::int32_t m_formatVersion = 0;
};

/// Why the last statement on `db` was interrupted, naming the budget that ran out;
/// empty when no budget did (e.g. another kind of error).
std::string budgetExceeded(sqlite3* db);

template <typename Read>
auto Connection::read(Read&& read) -> decltype(read(static_cast<sqlite3*>(nullptr)))
{
    for (int attempt = 1;; ++attempt) {
        auto result = [&] {
            const CallScope call = beginCall();
            return read(m_db);
        }();
        auto settled = settle(attempt);
        if (!settled) return settled.error();
        if (*settled) return result;
    }
}

} // namespace sqleq::audit::detail
