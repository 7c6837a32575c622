// Time left: rounded coarsely on purpose (10 s steps under two minutes, whole minutes
// above), since the rate of the next items is only guessed from the last ones.

#include "ui/audit/time_left.h"

#include <QCoreApplication>

#include <cmath>

namespace sqleq::ui {

std::optional<double> estimateSecondsLeft(int done, int total, double elapsedSeconds)
{
    if (total <= 0 || done < kStepsBeforeEstimate || done >= total || elapsedSeconds <= 0) return std::nullopt;
    return elapsedSeconds / done * (total - done);
}

QString timeLeftText(double seconds)
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("TimeLeft", text); };
    if (seconds < 10) return tr("less than 10 s left");
    if (seconds < 120) return tr("about %1 s left").arg(static_cast<int>(std::round(seconds / 10) * 10));
    return tr("about %1 min left").arg(static_cast<int>(std::round(seconds / 60)));
}

TimeLeftEstimator::TimeLeftEstimator(std::function<std::int64_t()> nowMs) : m_nowMs(std::move(nowMs)) {}

void TimeLeftEstimator::start()
{
    m_phaseStartMs = m_nowMs();
    m_phaseTotal = -1;
    m_lastDone = 0;
}

QString TimeLeftEstimator::update(int done, int total)
{
    const std::int64_t now = m_nowMs();
    if (total != m_phaseTotal || done < m_lastDone) {
        m_phaseStartMs = now;
        m_phaseTotal = total;
    }
    m_lastDone = done;
    const std::optional<double> left = estimateSecondsLeft(done, total, static_cast<double>(now - m_phaseStartMs) / 1000.0);
    return left ? timeLeftText(*left) : QString();
}

} // namespace sqleq::ui
