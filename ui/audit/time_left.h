// Time left of a long job with counted steps (building an audit project): the rate of
// the steps done so far, projected over the steps left. Pure arithmetic and one small
// class fed by an injected clock, so tests need no waiting and no timing assertions.
#pragma once

#include <QString>

#include <cstdint>
#include <functional>
#include <optional>

namespace sqleq::ui {

/// Steps that must be done before an estimate is given: the first steps of a phase are
/// often not typical (a cold cache, the first schema's suite), and an early figure that
/// keeps jumping misleads more than none.
inline constexpr int kStepsBeforeEstimate = 3;

/// Seconds left when `done` of `total` steps took `elapsedSeconds`; nullopt before
/// kStepsBeforeEstimate steps, when the total is unknown (≤ 0) or nothing is left.
std::optional<double> estimateSecondsLeft(int done, int total, double elapsedSeconds);

/// "about 3 min left", "about 40 s left", "less than 10 s left".
QString timeLeftText(double seconds);

/// Follows one job through its phases: a new phase (another total, or a count that went
/// back) restarts the clock, since each phase runs at its own rate.
class TimeLeftEstimator {
public:
    /// `nowMs`: a monotonic clock in milliseconds (tests pass their own).
    explicit TimeLeftEstimator(std::function<std::int64_t()> nowMs);

    void start();
    /// The text for `done` of `total` steps now; empty while there is no estimate.
    QString update(int done, int total);

private:
    std::function<std::int64_t()> m_nowMs;
    std::int64_t m_phaseStartMs = 0;
    int m_phaseTotal = -1;
    int m_lastDone = 0;
};

} // namespace sqleq::ui
