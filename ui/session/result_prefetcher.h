// ResultPrefetcher: runs the session an annotator will most likely open next (audit
// mode's next disagreement) while they read the current one, with its own
// SessionController, so that F8 shows a finished inspection at once. It keeps one
// result and hands it out only for an equal Session: same inputs, same result, so a
// prefetched result is exactly what a fresh run would show.
#pragma once

#include "ui/session/run_result.h"
#include "ui/session/session.h"

#include <QObject>

#include <optional>

namespace sqleq::ui {

class SessionController;

class ResultPrefetcher : public QObject {
    Q_OBJECT

public:
    explicit ResultPrefetcher(QObject* parent = nullptr);

    /// Starts computing `session` in the background unless it is already held or under
    /// way; a different prefetch in progress is cancelled.
    void prefetch(const Session& session);
    /// The finished result for `session`, handed over once; null when there is none
    /// (then any prefetch under way is cancelled: the window runs the session itself).
    RunResultPtr take(const Session& session);
    /// Drops the held result and cancels a prefetch in progress.
    void clear();

    [[nodiscard]] bool holds(const Session& session) const;
    [[nodiscard]] bool isRunning() const;

signals:
    /// A prefetched result is ready (for tests and benchmarks that wait for it).
    void ready();

private:
    SessionController* m_controller = nullptr;
    std::optional<Session> m_pending;  ///< the session being computed
    RunResultPtr m_held;
};

} // namespace sqleq::ui
