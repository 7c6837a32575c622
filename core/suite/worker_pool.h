// WorkerPool: a fixed set of threads that run the tasks of one batch at a time for
// the distiller. The calling thread blocks in run() but keeps control: it gets a
// periodic tick so that progress callbacks stay on it. Tasks own no shared state;
// each gets its worker's id so per-worker connections never cross threads.
// SharedCores lets several pools (schemas distilled side by side) share the cores:
// which worker runs a task never changes what the task computes.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <semaphore>
#include <thread>
#include <vector>

namespace sqleq::suite {

/// The cores that the pools of one dataset distillation share: a worker holds one
/// while it runs a task, so all pools together run at most `cores` tasks at once, and
/// the pool of the last schema still running gets every core instead of its share.
/// Thread-safe; must outlive the pools that use it.
class SharedCores {
public:
    explicit SharedCores(unsigned cores);
    void acquire() { m_free.acquire(); }
    void release() { m_free.release(); }

private:
    static constexpr std::ptrdiff_t kMostCores = 4096;
    std::counting_semaphore<kMostCores> m_free;
};

class WorkerPool {
public:
    using Task = std::function<void(std::size_t index, unsigned worker)>;
    using Tick = std::function<void(std::size_t done)>;

    /// `threads` workers (at least one); 0 means one per hardware thread. With `cores`,
    /// each task first waits for one of those shared cores (not owned).
    explicit WorkerPool(unsigned threads, SharedCores* cores = nullptr);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    [[nodiscard]] unsigned size() const { return static_cast<unsigned>(m_threads.size()); }

    /// Runs task(i, worker) for every i in [0, count), in increasing i across the pool,
    /// and returns when all are done. `tick(done)` runs on the calling thread about
    /// every 100 ms while waiting. Returns false when a task threw (the others still run).
    bool run(std::size_t count, const Task& task, const Tick& tick = {});

private:
    void workerLoop(unsigned worker);

    SharedCores* m_cores = nullptr;
    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_finished;
    const Task* m_task = nullptr;
    std::size_t m_count = 0;
    std::size_t m_next = 0;
    std::size_t m_done = 0;
    bool m_failed = false;
    bool m_stop = false;
};

} // namespace sqleq::suite
