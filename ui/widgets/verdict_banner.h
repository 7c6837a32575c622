// VerdictBanner: the one-line answer at the top of the window — "Equivalent on all N
// databases", "Different — database #k separates them", "Candidate does not run: …" —
// with an icon, a palette-derived tint and a detail line (profile, seed, suite size).
// It only formats a RunResult; it decides nothing.
#pragma once

#include "ui/session/run_result.h"

#include <QFrame>

class QLabel;

namespace sqleq::ui {

class VerdictBanner : public QFrame {
    Q_OBJECT

public:
    enum class State { Idle, Running, Equivalent, Different, CandidateError, GoldError, Failed, Cancelled, Stale };

    explicit VerdictBanner(QWidget* parent = nullptr);

    void showIdle(const QString& hint);
    void showRunning(const QString& phase);
    void showResult(const RunResult& result);
    /// `goldAtFault`: the gold itself cannot be run, and the title says so.
    void showFailure(const QString& message, bool goldAtFault = false);
    void showCancelled();
    /// The inputs on screen no longer match the result shown: says so and how to update,
    /// naming the old verdict (`previousTitle`) so it is never mistaken for current.
    void showStale(const QString& previousTitle);

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] QString title() const;
    [[nodiscard]] QString detail() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void display(State state, const QString& title, const QString& detail);
    void applyColors();

    State m_state = State::Idle;
    QLabel* m_icon = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_detail = nullptr;
};

} // namespace sqleq::ui
