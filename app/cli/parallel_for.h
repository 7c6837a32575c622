// parallelFor: runs body(i) for i in [0, count) on `jobs` threads and reports how
// many are done to `onProgress` on the calling thread, which only waits and draws.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace sqleq::cli {

template <typename Body, typename OnProgress>
void parallelFor(std::size_t count, unsigned jobs, Body&& body, OnProgress&& onProgress)
{
    if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    std::mutex mutex;
    std::condition_variable finished;
    std::vector<std::jthread> workers;
    for (unsigned worker = 0; worker < std::min<std::size_t>(jobs, std::max<std::size_t>(count, 1)); ++worker) {
        workers.emplace_back([&] {
            for (std::size_t i = next++; i < count; i = next++) {
                body(i);
                if (++done == count) {
                    std::lock_guard lock(mutex);
                    finished.notify_all();
                }
            }
        });
    }
    std::unique_lock lock(mutex);
    while (done < count) {
        finished.wait_for(lock, std::chrono::milliseconds(200), [&] { return done >= count; });
        onProgress(done.load(), count);
    }
}

} // namespace sqleq::cli
