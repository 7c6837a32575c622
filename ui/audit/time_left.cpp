// Time left: rounded coarsely on purpose (10 s steps under two minutes, whole minutes
// above), since the rate of the next items is only guessed from the last ones; and
// smoothed over time, rising more slowly than it falls, so it reads as a countdown.

#include "ui/audit/time_left.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sqleq::ui {
namespace {

/// How fast the figure shown follows a new estimate, as the time constant of an
/// exponential average: a lower estimate is taken within seconds, a higher one over
/// half a minute, since one slow step says less about the rest than a run of fast ones.
constexpr double kFallSeconds = 4.0;
constexpr double kRiseSeconds = 30.0;
/// A stage's own rate is trusted once this much of it is done: the distillation counts a
/// thousand steps per schema, and three of them say nothing yet.
constexpr double kFractionBeforeEstimate = 0.02;

double sum(const std::vector<double>& values, std::size_t from, std::size_t to)
{
    return std::accumulate(values.begin() + static_cast<std::ptrdiff_t>(from),
                           values.begin() + static_cast<std::ptrdiff_t>(to), 0.0);
}

} // namespace

std::optional<double> estimateSecondsLeft(int done, int total, double elapsedSeconds)
{
    if (total <= 0 || done < kStepsBeforeEstimate || done >= total || elapsedSeconds <= 0) return std::nullopt;
    return elapsedSeconds / done * (total - done);
}

std::optional<double> stagedSecondsLeft(const std::vector<double>& shares, const std::vector<double>& stageSeconds,
                                        int stage, int done, int total, double stageElapsedSeconds)
{
    if (stage < 0 || static_cast<std::size_t>(stage) >= shares.size() || total <= 0) return std::nullopt;
    const auto current = static_cast<std::size_t>(stage);
    const double fraction = std::clamp(static_cast<double>(done) / total, 0.0, 1.0);
    const double finishedShare = sum(shares, 0, current);
    const double finishedSeconds = std::accumulate(stageSeconds.begin(), stageSeconds.end(), 0.0);
    const double share = shares[current];
    const double laterShare = sum(shares, current + 1, shares.size());
    // Seconds per unit of share: the finished stages', and all the work's so far.
    const std::optional<double> finishedRate
        = finishedShare > 0 && finishedSeconds > 0 ? std::optional(finishedSeconds / finishedShare) : std::nullopt;
    const bool ownRate = done >= kStepsBeforeEstimate && fraction >= kFractionBeforeEstimate && stageElapsedSeconds > 0;
    if (!ownRate && !finishedRate) return std::nullopt;
    const double currentRate = ownRate ? stageElapsedSeconds / (share * fraction) : *finishedRate;
    const double workDone = finishedShare + share * fraction;
    const double overallRate = workDone > 0 ? (finishedSeconds + stageElapsedSeconds) / workDone : currentRate;
    const double left = currentRate * share * (1 - fraction) + overallRate * laterShare;
    if (left <= 0) return std::nullopt;
    return left;
}

QString timeLeftText(double seconds)
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("TimeLeft", text); };
    if (seconds < 10) return tr("less than 10 s left");
    if (seconds < 120) return tr("about %1 s left").arg(static_cast<int>(std::round(seconds / 10) * 10));
    return tr("about %1 min left").arg(static_cast<int>(std::round(seconds / 60)));
}

TimeLeftEstimator::TimeLeftEstimator(std::function<std::int64_t()> nowMs, std::vector<double> shares)
    : m_nowMs(std::move(nowMs)), m_shares(shares.empty() ? std::vector<double>{1.0} : std::move(shares))
{
}

void TimeLeftEstimator::start()
{
    m_stageStartMs = m_nowMs();
    m_stage = -1;
    m_stageSeconds.clear();
    m_shown.reset();
}

std::optional<double> TimeLeftEstimator::secondsLeft(int done, int total, int stage)
{
    const std::int64_t now = m_nowMs();
    stage = std::clamp(stage, std::max(m_stage, 0), static_cast<int>(m_shares.size()) - 1);
    if (stage > m_stage) {
        // The stage reported last is finished now (the first runs from start()); those
        // between it and this one were never reported: skipped, as distilling is for a
        // build given released suites, so they weigh nothing.
        if (m_stage >= 0) {
            m_stageSeconds.push_back(static_cast<double>(now - m_stageStartMs) / 1000.0);
            m_stageStartMs = now;
        }
        for (int skipped = m_stage + 1; skipped < stage; ++skipped) {
            m_shares[static_cast<std::size_t>(skipped)] = 0;
            m_stageSeconds.push_back(0);
        }
        m_stage = stage;
    }
    const auto raw = stagedSecondsLeft(m_shares, m_stageSeconds, m_stage, done, total,
                                       static_cast<double>(now - m_stageStartMs) / 1000.0);
    const double sinceShown = static_cast<double>(now - m_shownAtMs) / 1000.0;
    if (!raw) return m_shown ? std::optional(std::max(0.0, *m_shown - sinceShown)) : std::nullopt;
    if (!m_shown) {
        m_shown = *raw;
    } else {
        const double countedDown = std::max(0.0, *m_shown - sinceShown);
        const double timeConstant = *raw < countedDown ? kFallSeconds : kRiseSeconds;
        m_shown = countedDown + (1 - std::exp(-sinceShown / timeConstant)) * (*raw - countedDown);
    }
    m_shownAtMs = now;
    return m_shown;
}

QString TimeLeftEstimator::update(int done, int total, int stage)
{
    const std::optional<double> left = secondsLeft(done, total, stage);
    return left ? timeLeftText(*left) : QString();
}

} // namespace sqleq::ui
