// DeadlineStop: a stop flag for one long job that is set when the caller's own flag is
// set or when the job's wall-clock limit passes, whichever comes first. Stages poll it
// like any cancellation flag (cancellation.h), so a time limit stops a running SQLite
// statement as promptly as Cancel does. It only sets a flag: what a job that ran out of
// time still reports is the job's decision.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace sqleq {

class DeadlineStop {
public:
    using Clock = std::chrono::steady_clock;

    /// Watches `cancel` (may be null) and the deadline `limit` from now; a limit of zero
    /// or less means none, and then flag() is `cancel` itself and no thread is started.
    DeadlineStop(const std::atomic<bool>* cancel, Clock::duration limit);
    ~DeadlineStop();
    DeadlineStop(const DeadlineStop&) = delete;
    DeadlineStop& operator=(const DeadlineStop&) = delete;

    /// The flag to hand to every stage: set on cancel or at the deadline.
    [[nodiscard]] const std::atomic<bool>* flag() const { return m_watcher.joinable() ? &m_stop : m_cancel; }
    /// The deadline, not the caller, set the flag.
    [[nodiscard]] bool deadlinePassed() const { return m_deadlinePassed.load(std::memory_order_acquire); }

private:
    void watch(Clock::time_point deadline);

    const std::atomic<bool>* m_cancel;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_deadlinePassed{false};
    std::mutex m_mutex;
    std::condition_variable m_finished;
    bool m_done = false;
    std::thread m_watcher;
};

} // namespace sqleq
