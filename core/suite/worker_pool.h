// WorkerPool: a fixed set of threads that run the tasks of one batch at a time for
// the distiller. The calling thread blocks in run() but keeps control: it gets a
// periodic tick so that progress callbacks stay on it. Tasks own no shared state;
// each gets its worker's id so per-worker connections never cross threads.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sqleq::suite {

class WorkerPool {
public:
    using Task = std::function<void(std::size_t index, unsigned worker)>;
    using Tick = std::function<void(std::size_t done)>;

    /// `threads` workers (at least one); 0 means one per hardware thread.
    explicit WorkerPool(unsigned threads);
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
