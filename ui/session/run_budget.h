// RunBudget: the time a run has taken and the limit it runs under, in the words the
// status bar shows beside its progress ("sampling 120/1000 · 12 s of 120 s"), and the
// sentence a finished run carries when its time limit cut it short. Wording only: the
// limit itself is core's (inspect::CheckSettings::timeLimitSeconds).
#pragma once

#include "ui/session/run_result.h"

#include <QElapsedTimer>
#include <QString>

#include <cstdint>

namespace sqleq::ui {

class RunBudget {
public:
    /// A run starts now under `limitSeconds` (0: none).
    void start(int64_t limitSeconds);
    /// " · 12 s of 120 s", or " · 12 s" without a limit; empty before start().
    [[nodiscard]] QString suffix() const;
    /// The same for a given elapsed time: what suffix() shows, for tests.
    [[nodiscard]] static QString suffixFor(qint64 elapsedMs, int64_t limitSeconds);

private:
    QElapsedTimer m_clock;
    int64_t m_limitSeconds = 0;
};

/// Why a finished run is incomplete, in one sentence: "The time limit (120 s) stopped the
/// run in its sampling phase: the verdict rests on the databases tried before it and may differ on
/// another machine." Empty when the limit did not pass and the diagnosis was whole.
QString timeLimitNote(const RunResult& result);

} // namespace sqleq::ui
