// DeadlineStop's watcher: one thread per limited job that wakes often enough to pass the
// caller's Cancel on promptly and sets the flag once the deadline has passed.
#include "core/base/deadline_stop.h"

#include "core/base/cancellation.h"

#include <algorithm>

namespace sqleq {
namespace {

/// How late a Cancel of the caller reaches the stages: well under what a person notices.
constexpr auto kCancelPoll = std::chrono::milliseconds(20);

} // namespace

DeadlineStop::DeadlineStop(const std::atomic<bool>* cancel, Clock::duration limit) : m_cancel(cancel)
{
    if (limit <= Clock::duration::zero()) return;
    const Clock::time_point deadline = Clock::now() + limit;
    m_watcher = std::thread([this, deadline] { watch(deadline); });
}

DeadlineStop::~DeadlineStop()
{
    if (!m_watcher.joinable()) return;
    {
        const std::lock_guard lock(m_mutex);
        m_done = true;
    }
    m_finished.notify_all();
    m_watcher.join();
}

void DeadlineStop::watch(Clock::time_point deadline)
{
    std::unique_lock lock(m_mutex);
    while (!m_done) {
        if (cancelRequested(m_cancel)) {
            m_stop.store(true, std::memory_order_relaxed);
            return;
        }
        if (Clock::now() >= deadline) {
            m_deadlinePassed.store(true, std::memory_order_release);
            m_stop.store(true, std::memory_order_relaxed);
            return;
        }
        m_finished.wait_until(lock, std::min(deadline, Clock::now() + kCancelPoll), [this] { return m_done; });
    }
}

} // namespace sqleq
