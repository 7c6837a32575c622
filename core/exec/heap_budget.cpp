// The counting allocator: SQLite's default allocator wrapped so that a thread
// with an armed budget is charged the usable size of each block it allocates and
// credited each block it frees (also blocks allocated before, so the count may
// dip below zero: it is a net figure over the query). Threads without a budget
// pay one thread-local load per call.
#include "core/exec/heap_budget.h"

#include <sqlite3.h>

#include <mutex>

namespace sqleq::exec {

namespace {

struct ThreadHeap {
    int64_t used = 0;
    int64_t limit = 0;
    bool armed = false;
    bool exceeded = false;
    bool failed = false;
};

thread_local ThreadHeap t_heap;
sqlite3_mem_methods g_base{};
bool g_installed = false;

void* countedMalloc(int size)
{
    ThreadHeap& heap = t_heap;
    if (heap.armed && heap.used + size > heap.limit) {
        heap.exceeded = true;
        return nullptr;
    }
    void* block = g_base.xMalloc(size);
    if (block == nullptr) {
        heap.failed = true;
        return nullptr;
    }
    if (heap.armed) heap.used += g_base.xSize(block);
    return block;
}

void countedFree(void* block)
{
    if (block != nullptr && t_heap.armed) t_heap.used -= g_base.xSize(block);
    g_base.xFree(block);
}

void* countedRealloc(void* block, int size)
{
    ThreadHeap& heap = t_heap;
    const int64_t old = g_base.xSize(block);
    if (heap.armed && size > old && heap.used + (size - old) > heap.limit) {
        heap.exceeded = true;
        return nullptr;
    }
    void* moved = g_base.xRealloc(block, size);
    if (moved == nullptr) {
        heap.failed = true;
        return nullptr;
    }
    if (heap.armed) heap.used += g_base.xSize(moved) - old;
    return moved;
}

int baseSize(void* block)
{
    return g_base.xSize(block);
}

int baseRoundup(int size)
{
    return g_base.xRoundup(size);
}

int baseInit(void* appData)
{
    return g_base.xInit(appData);
}

void baseShutdown(void* appData)
{
    g_base.xShutdown(appData);
}

void install()
{
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &g_base) != SQLITE_OK || g_base.xMalloc == nullptr) return;
    sqlite3_mem_methods counted = g_base;
    counted.xMalloc = &countedMalloc;
    counted.xFree = &countedFree;
    counted.xRealloc = &countedRealloc;
    counted.xSize = &baseSize;
    counted.xRoundup = &baseRoundup;
    counted.xInit = &baseInit;
    counted.xShutdown = &baseShutdown;
    g_installed = sqlite3_config(SQLITE_CONFIG_MALLOC, &counted) == SQLITE_OK;
}

// Before main(): nothing in sqleq can have initialized SQLite yet.
[[maybe_unused]] const bool kConfiguredAtStart = (configureSqliteLibrary(), true);

} // namespace

void configureSqliteLibrary()
{
    static std::once_flag once;
    std::call_once(once, install);
}

bool heapBudgetsEnforced()
{
    return g_installed;
}

HeapBudget::HeapBudget(int64_t maxBytes) : m_maxBytes(maxBytes)
{
    ThreadHeap& heap = t_heap;
    m_saved = Saved{heap.used, heap.limit, heap.armed, heap.exceeded, heap.failed};
    heap = ThreadHeap{0, maxBytes, maxBytes > 0 && g_installed, false, false};
}

HeapBudget::~HeapBudget()
{
    ThreadHeap& heap = t_heap;
    // An enclosing budget is charged what this one still holds.
    const int64_t held = heap.used;
    heap = ThreadHeap{m_saved.used + (m_saved.armed ? held : 0), m_saved.limit, m_saved.armed, m_saved.exceeded,
                      m_saved.failed};
}

void HeapBudget::restart()
{
    t_heap.used = 0;
    t_heap.exceeded = false;
    t_heap.failed = false;
}

bool HeapBudget::exceeded() const
{
    return t_heap.exceeded;
}

bool HeapBudget::allocatorFailed() const
{
    return t_heap.failed;
}

} // namespace sqleq::exec
