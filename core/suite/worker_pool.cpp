// WorkerPool: the distiller's threads. Work is handed out one index at a time under
// a mutex (most tasks are milliseconds long, a targeted gold lane seconds, so the lock
// is not contended); a task that throws is caught here so no exception ever reaches
// the caller of distill(). With SharedCores a worker holds a core only while it runs.
#include "core/suite/worker_pool.h"

#include <algorithm>
#include <chrono>

namespace sqleq::suite {

SharedCores::SharedCores(unsigned cores)
    : m_free(std::clamp<std::ptrdiff_t>(cores, 1, kMostCores))
{
}

WorkerPool::WorkerPool(unsigned threads, SharedCores* cores) : m_cores(cores)
{
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    m_threads.reserve(threads);
    for (unsigned w = 0; w < threads; ++w) m_threads.emplace_back([this, w] { workerLoop(w); });
}

WorkerPool::~WorkerPool()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    for (auto& thread : m_threads) thread.join();
}

bool WorkerPool::run(std::size_t count, const Task& task, const Tick& tick)
{
    if (count == 0) return true;
    std::unique_lock lock(m_mutex);
    m_task = &task;
    m_count = count;
    m_next = 0;
    m_done = 0;
    m_failed = false;
    m_wake.notify_all();
    while (m_done < m_count) {
        m_finished.wait_for(lock, std::chrono::milliseconds(100));
        if (tick && m_done < m_count) {
            const std::size_t done = m_done;
            lock.unlock();
            tick(done);
            lock.lock();
        }
    }
    m_task = nullptr;
    m_count = 0;
    return !m_failed;
}

void WorkerPool::workerLoop(unsigned worker)
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_stop || (m_task != nullptr && m_next < m_count); });
        if (m_stop) return;
        const std::size_t index = m_next++;
        const Task* task = m_task;
        lock.unlock();
        bool failed = false;
        if (m_cores) m_cores->acquire();
        try {
            (*task)(index, worker);
        } catch (...) {
            failed = true;  // bad_alloc and the like; reported by run()
        }
        if (m_cores) m_cores->release();
        lock.lock();
        if (failed) m_failed = true;
        if (++m_done == m_count) m_finished.notify_all();
    }
}

} // namespace sqleq::suite
