// fitWindowToScreen works on the frame, because the available geometry is what a frame
// may cover: a client area of exactly the screen's size opens a title bar taller.

#include "ui/screen_fit.h"

#include <QEvent>
#include <QScreen>
#include <QStyle>
#include <QTimer>
#include <QWidget>
#include <QWindow>

#include <algorithm>

namespace sqleq::ui {

QRect fitFrameToScreen(const QRect& frame, const QRect& available)
{
    if (!available.isValid()) return frame;
    const int width = std::min(frame.width(), available.width());
    const int height = std::min(frame.height(), available.height());
    const int x = std::clamp(frame.x(), available.left(), available.left() + available.width() - width);
    const int y = std::clamp(frame.y(), available.top(), available.top() + available.height() - height);
    return {x, y, width, height};
}

QSize defaultWindowSize(const QRect& available)
{
    const QSize laptop(1280, 800);
    if (!available.isValid()) return laptop;
    // Most of a large screen: the tables are what needs the room.
    const QSize most(available.width() * 85 / 100, available.height() * 85 / 100);
    return laptop.expandedTo(most).boundedTo(available.size());
}

void fitWindowToScreen(QWidget* window)
{
    const QScreen* screen = window->screen();
    if (screen == nullptr || window->isMaximized() || window->isFullScreen()) return;
    const QRect client = window->geometry();
    QRect frame = window->frameGeometry();
    if (!window->isVisible()) {
        // Not framed yet: allow for the title bar a window manager will most likely add.
        const int titleBar = window->style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, window);
        frame = client.adjusted(0, -titleBar, 0, 0);
    }
    const QMargins margins(client.left() - frame.left(), client.top() - frame.top(), frame.right() - client.right(),
                           frame.bottom() - client.bottom());
    const QRect fitted = fitFrameToScreen(frame, screen->availableGeometry());
    if (fitted == frame) return;
    const QRect fittedClient = fitted.marginsRemoved(margins);
    window->resize(fittedClient.size());
    window->move(fitted.topLeft());
}

namespace {

/// Watches a top-level window until its frame is known (the frame geometry differs from
/// the client's), fits it then, and removes itself. The window manager may frame the
/// window without moving the client (openbox keeps a client placed at 0,0 there and puts
/// its title bar above the screen): the exposure that follows the framing is watched too.
class FitWhenFramed : public QObject {
public:
    explicit FitWhenFramed(QWidget* window) : QObject(window), m_window(window)
    {
        setObjectName(QStringLiteral("fitWindowWhenFramed"));
        window->installEventFilter(this);
        if (QWindow* handle = window->windowHandle()) handle->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        const QEvent::Type type = event->type();
        if ((type == QEvent::Move || type == QEvent::Resize || type == QEvent::Expose) && !m_done
            && m_window->frameGeometry() != m_window->geometry()) {
            m_done = true;
            // After the event: fitting resizes the window, which must not happen inside its expose.
            QTimer::singleShot(0, m_window, [window = m_window] { fitWindowToScreen(window); });
            deleteLater();
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QWidget* m_window;
    bool m_done = false;
};

} // namespace

void fitWindowToScreenOnceFramed(QWidget* window)
{
    fitWindowToScreen(window);
    if (window->frameGeometry() != window->geometry()) return;  // framed already: fitted with the real frame
    if (window->findChild<QObject*>(QStringLiteral("fitWindowWhenFramed"), Qt::FindDirectChildrenOnly)) return;
    new FitWhenFramed(window);
}

} // namespace sqleq::ui
