// HeapBudget: a cap on the SQLite heap one query may hold, charged to the thread
// that runs it. sqlite3_hard_heap_limit64 is process-wide (and needs the memory
// statistics that sqleq switches off for parallelism), while queries run on
// several threads at once; so sqleq installs a thin counting allocator over
// SQLite's own (SQLITE_CONFIG_MALLOC) that charges a thread-local budget, armed
// only while the executor runs a query. It never frees or moves memory itself.
#pragma once

#include <cstdint>

namespace sqleq::exec {

/// Configures the SQLite library once per process, before it initializes: the
/// counting allocator, and no memory statistics (one global lock per allocation
/// made two worker threads run at the speed of one). A static initializer calls
/// it at program start; calling it again is free. If something initialized SQLite
/// first, the configuration cannot be changed and heap budgets are not enforced
/// (heapBudgetsEnforced() says so).
void configureSqliteLibrary();

/// Whether the counting allocator is installed.
bool heapBudgetsEnforced();

/// Arms a heap budget of `maxBytes` on the calling thread for its lifetime:
/// every SQLite allocation the thread makes meanwhile is charged, every free
/// credited, and an allocation past the cap fails (SQLite then reports
/// SQLITE_NOMEM). `maxBytes` <= 0: nothing is capped. Nestable: the previous
/// budget of the thread is restored on destruction. Not movable.
class HeapBudget {
public:
    explicit HeapBudget(int64_t maxBytes);
    ~HeapBudget();
    HeapBudget(const HeapBudget&) = delete;
    HeapBudget& operator=(const HeapBudget&) = delete;

    /// Starts counting from zero (the statement's own step phase).
    void restart();
    /// True once an allocation was refused because of this budget.
    [[nodiscard]] bool exceeded() const;
    /// True once SQLite's own allocator failed (real memory exhaustion).
    [[nodiscard]] bool allocatorFailed() const;
    /// The cap, in bytes.
    [[nodiscard]] int64_t maxBytes() const { return m_maxBytes; }

private:
    struct Saved {
        int64_t used;
        int64_t limit;
        bool armed;
        bool exceeded;
        bool failed;
    };
    int64_t m_maxBytes;
    Saved m_saved;
};

} // namespace sqleq::exec
