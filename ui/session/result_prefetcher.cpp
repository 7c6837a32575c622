// ResultPrefetcher: a failed or cancelled prefetch is simply dropped — the window will
// run that session itself and report what went wrong there, where the user sees it.

#include "ui/session/result_prefetcher.h"

#include "ui/session/session_controller.h"

namespace sqleq::ui {

ResultPrefetcher::ResultPrefetcher(QObject* parent) : QObject(parent)
{
    m_controller = new SessionController(this);
    connect(m_controller, &SessionController::finished, this, [this](const RunResultPtr& result) {
        m_pending.reset();
        m_held = result;
        emit ready();
    });
    connect(m_controller, &SessionController::failed, this, [this] { m_pending.reset(); });
    connect(m_controller, &SessionController::cancelled, this, [this] { m_pending.reset(); });
}

void ResultPrefetcher::prefetch(const Session& session)
{
    if (holds(session) || (m_pending && *m_pending == session)) return;
    m_held.reset();
    m_pending = session;
    m_controller->run(session);  // cancels a different prefetch still running
}

RunResultPtr ResultPrefetcher::take(const Session& session)
{
    if (!holds(session)) {
        clear();
        return nullptr;
    }
    return std::exchange(m_held, nullptr);
}

void ResultPrefetcher::clear()
{
    m_held.reset();
    if (m_pending) m_controller->cancel();
    m_pending.reset();
}

bool ResultPrefetcher::holds(const Session& session) const { return m_held && m_held->session == session; }

bool ResultPrefetcher::isRunning() const { return m_controller->isRunning(); }

} // namespace sqleq::ui
