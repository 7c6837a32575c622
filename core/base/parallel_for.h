// parallelFor: runs body(i, worker) for every i in [0, count) on `jobs` threads and
// reports how many are done to `onProgress` on the calling thread, which only waits
// and reports. `worker` (0..jobs-1) lets a body keep per-thread state, such as its own
// sqlite connections, without locks. Order of execution is unspecified: bodies must
// write only to their own slot of the output so results do not depend on `jobs`.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace sqleq {

/// How many workers parallelFor(count, jobs, ...) starts: `jobs`, 0 meaning one per
/// hardware thread, never more than `count` and at least one.
inline unsigned parallelWorkerCount(std::size_t count, unsigned jobs)
{
    if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::min<std::size_t>(jobs, std::max<std::size_t>(count, 1)));
}

/// Blocks until every body(i, worker) has returned. Bodies must not throw.
/// onProgress(done, count) runs on the calling thread about every 200 ms and once
/// at the end.
template <typename Body, typename OnProgress>
void parallelFor(std::size_t count, unsigned jobs, Body&& body, OnProgress&& onProgress)
{
    const unsigned workerCount = parallelWorkerCount(count, jobs);
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    std::mutex mutex;
    std::condition_variable finished;
    std::vector<std::jthread> workers;
    for (unsigned worker = 0; worker < workerCount; ++worker) {
        workers.emplace_back([&, worker] {
            for (std::size_t i = next++; i < count; i = next++) {
                body(i, worker);
                if (++done == count) {
                    std::lock_guard lock(mutex);
                    finished.notify_all();
                }
            }
        });
    }
    std::unique_lock lock(mutex);
    do {
        finished.wait_for(lock, std::chrono::milliseconds(200), [&] { return done >= count; });
        onProgress(done.load(), count);
    } while (done < count);
}

} // namespace sqleq
