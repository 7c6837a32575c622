// Cancellation: long jobs of core take an optional `const std::atomic<bool>*` that the
// caller sets to ask them to stop; they poll it between units of work. A relaxed load
// suffices: the flag carries no data, and a job that sees it a little late only does
// a little more work before it stops.
#pragma once

#include <atomic>

namespace sqleq {

/// Whether `flag` (may be null: the job cannot be cancelled) has been set.
inline bool cancelRequested(const std::atomic<bool>* flag)
{
    return flag != nullptr && flag->load(std::memory_order_relaxed);
}

} // namespace sqleq
