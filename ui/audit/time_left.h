// Time left of a long job with counted steps in stages (building an audit project:
// distilling the suites, then computing the metrics): the whole job's remaining work,
// every stage left weighted by its known share, at the rate measured so far, and shown
// smoothed so that it counts down with the clock instead of jumping with each step.
// Pure arithmetic and one small class fed by an injected clock, so tests need no
// waiting and no timing assertions.
#pragma once

#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace sqleq::ui {

/// Steps that must be done before an estimate is given: the first steps of a phase are
/// often not typical (a cold cache, the first schema's suite), and an early figure that
/// keeps jumping misleads more than none.
inline constexpr int kStepsBeforeEstimate = 3;

/// The stages of an audit build in order, each with its share of the work, from
/// `bench_audit_build` on Spider dev (docs/benchmarks.md: distilling 16.1 s, metrics
/// 23.2 s). A build with released suites skips the first; plug-value makes the metrics
/// far longer, which the measured rate of the metrics stage then corrects.
enum class AuditBuildStage { Distilling = 0, Metrics = 1 };
inline const std::vector<double>& auditBuildShares()
{
    static const std::vector<double> shares{16.1, 23.2};
    return shares;
}

/// Seconds left when `done` of `total` steps took `elapsedSeconds`; nullopt before
/// kStepsBeforeEstimate steps, when the total is unknown (≤ 0) or nothing is left.
std::optional<double> estimateSecondsLeft(int done, int total, double elapsedSeconds);

/// Seconds left of a job in stages, without smoothing: `shares` the stages' shares of
/// the work (any unit), `stageSeconds[k]` how long each finished stage took (k <
/// `stage`; a skipped stage has share 0), and in the current stage `done` of `total`
/// steps after `stageElapsedSeconds`. The current stage's rest runs at its own rate once
/// it has kStepsBeforeEstimate steps, else at the finished stages' rate; the stages after
/// it at the rate of all the work done so far. Nullopt with no rate to go by yet.
std::optional<double> stagedSecondsLeft(const std::vector<double>& shares, const std::vector<double>& stageSeconds,
                                        int stage, int done, int total, double stageElapsedSeconds);

/// "about 3 min left", "about 40 s left", "less than 10 s left".
QString timeLeftText(double seconds);

/// Follows one job through its stages. What it shows counts down with the clock between
/// reports and moves toward each new figure gradually, faster down than up: one slow
/// schema or one fast batch does not make it jump.
class TimeLeftEstimator {
public:
    /// `nowMs`: a monotonic clock in milliseconds (tests pass their own); `shares`: the
    /// stages' shares of the work (one stage when empty).
    explicit TimeLeftEstimator(std::function<std::int64_t()> nowMs, std::vector<double> shares = {});

    void start();
    /// The seconds shown for `done` of `total` steps of `stage` now; nullopt while there
    /// is no estimate. A stage after the last reported one finishes those before it; a
    /// stage never reported (skipped) weighs nothing.
    std::optional<double> secondsLeft(int done, int total, int stage = 0);
    /// The same as text; empty while there is no estimate.
    QString update(int done, int total, int stage = 0);

private:
    std::function<std::int64_t()> m_nowMs;
    std::vector<double> m_shares;         ///< as given; a skipped stage's is zeroed
    std::vector<double> m_stageSeconds;   ///< per finished stage
    int m_stage = -1;                     ///< the stage reported last; -1 before any
    std::int64_t m_stageStartMs = 0;
    std::optional<double> m_shown;        ///< the last figure shown
    std::int64_t m_shownAtMs = 0;
};

} // namespace sqleq::ui
