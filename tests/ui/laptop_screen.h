// The screen the layout tests lay the window out on. Offscreen (the default): a 1280×800
// laptop screen, the offscreen platform configured with one such screen whose windows
// get a frame (laptop_screen.json), chosen before main() creates the application so that
// the window fits the screen the test means and not the offscreen default of 800×600.
// Under tests/run_under_wm.sh (QT_QPA_PLATFORM=xcb): the real X screen at the size the
// script gave it, managed by openbox, whose frame, placement and dock layout are what a
// user gets; the tests then read its geometry from QScreen.
#pragma once

#include <QByteArray>
#include <QGuiApplication>
#include <QRect>
#include <QScreen>
#include <QWidget>
#include <QtTest>

namespace sqleq::test {

/// True once the platform was chosen (every layout test checks it, which also keeps the
/// initializer from being dropped).
inline const bool kLaptopScreen = [] {
    if (qgetenv("QT_QPA_PLATFORM") != "xcb")
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" SQLEQ_SOURCE_DIR "/tests/ui/laptop_screen.json");
    return true;
}();

/// Whether the tests run on a real display with a window manager (run_under_wm.sh).
inline bool underWindowManager() { return QGuiApplication::platformName() == QLatin1String("xcb"); }

/// The area a window may cover on the test screen: the screen's available geometry
/// (1280×800 offscreen; under a window manager, what it leaves free of its panels).
inline QRect screenArea()
{
    const QScreen* screen = QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect();
}

/// "1280×800 offscreen", "1920×1080 under openbox": the screen a failure happened on.
inline QString screenName()
{
    const QRect area = screenArea();
    return QStringLiteral("%1×%2 %3").arg(area.width()).arg(area.height())
        .arg(underWindowManager() ? QStringLiteral("under a window manager") : QStringLiteral("offscreen"));
}

/// Shows `window` covering the screen's available area, frame included, and waits until
/// it is exposed and, under a window manager, framed and settled inside the screen (the
/// window manager frames it after it is mapped; the window then fits itself again).
/// Empty when it settled, else what is wrong (with the screen's name).
[[nodiscard]] inline QString showOnScreen(QWidget& window)
{
    window.setGeometry(screenArea());
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return QStringLiteral("never exposed on ") + screenName();
    const auto framed = [&] {
        return window.frameGeometry() != window.geometry() && screenArea().contains(window.frameGeometry());
    };
    if (!QTest::qWaitFor(framed, 10'000)) {
        const QRect frame = window.frameGeometry();
        const QRect client = window.geometry();
        return QStringLiteral("frame %1,%2 %3×%4, client %5,%6 %7×%8 on %9")
            .arg(frame.x()).arg(frame.y()).arg(frame.width()).arg(frame.height())
            .arg(client.x()).arg(client.y()).arg(client.width()).arg(client.height()).arg(screenName());
    }
    // The title bar and borders as the window manager drew them, and the layout of the
    // docks in the size the window settled at.
    QCoreApplication::processEvents();
    return {};
}

} // namespace sqleq::test

/// showOnScreen(window) as a test step: fails the test function with what went wrong.
#define SQLEQ_VERIFY_SHOWN_ON_SCREEN(window)                                    \
    do {                                                                        \
        const QString sqleqShowProblem = sqleq::test::showOnScreen(window);     \
        QVERIFY2(sqleqShowProblem.isEmpty(), qPrintable(sqleqShowProblem));     \
    } while (false)
