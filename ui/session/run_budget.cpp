// RunBudget's wording: elapsed seconds beside the limit, and what a cut run lacks.

#include "ui/session/run_budget.h"

#include <QCoreApplication>

namespace sqleq::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("RunBudget", text); }

} // namespace

void RunBudget::start(int64_t limitSeconds)
{
    m_limitSeconds = limitSeconds;
    m_clock.start();
}

QString RunBudget::suffix() const
{
    return m_clock.isValid() ? suffixFor(m_clock.elapsed(), m_limitSeconds) : QString();
}

QString RunBudget::suffixFor(qint64 elapsedMs, int64_t limitSeconds)
{
    const qint64 seconds = elapsedMs / 1000;
    if (limitSeconds <= 0) return tr(" · %1 s").arg(seconds);
    return tr(" · %1 s of %2 s").arg(seconds).arg(limitSeconds);
}

QString timeLimitNote(const RunResult& result)
{
    if (result.verdictCutShort)
        return tr("The time limit (%1 s) stopped the run in its %2 phase: the verdict rests on the databases "
                  "tried before it and may differ on another machine (Settings ▸ Time limit per run).")
            .arg(result.timeLimitSeconds)
            .arg(result.phaseAtTimeLimit);
    if (result.timeLimitReached)
        return tr("The time limit (%1 s) stopped the run in its %2 phase, after the verdict: the verdict is "
                  "whole, what follows it may not be.")
            .arg(result.timeLimitSeconds)
            .arg(result.phaseAtTimeLimit);
    if (result.diagnosis.stepBudgetSpent)
        return tr("The diagnosis spent its step budget before trying every neighbor.");
    return {};
}

} // namespace sqleq::ui
