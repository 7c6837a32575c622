// Keeping the main window on the screen it opens on: a restored geometry (saved on a
// larger screen, or by a version whose window could grow) and the default size are
// brought inside the screen's available geometry, frame included. Geometry only: it
// never reads settings and never decides a layout.
#pragma once

#include <QRect>

class QWidget;

namespace sqleq::ui {

/// `frame` moved, then shrunk where it must be, so that it lies inside `available`
/// (a frame larger than `available` becomes `available`). Pure.
[[nodiscard]] QRect fitFrameToScreen(const QRect& frame, const QRect& available);

/// The first size of the main window on a screen whose available geometry is
/// `available`: 1280×800 on a laptop, most of a larger screen, never more than the
/// screen (the frame is fitted afterwards). Pure.
[[nodiscard]] QSize defaultWindowSize(const QRect& available);

/// Resizes and moves top-level `window` so that its frame fits the available geometry of
/// its screen. Before the window manager has framed it, the frame is estimated from the
/// style's title bar height. GUI thread.
void fitWindowToScreen(QWidget* window);

/// fitWindowToScreen(window) now and again once the window manager has framed it: a
/// window manager frames a window after it is mapped, and a window placed before with an
/// estimated frame (or none) can then stick out of the screen, its title bar above the
/// top edge and its bottom rows below the bottom. Only that first framing: a window the
/// user moves later is left where it is put. GUI thread.
void fitWindowToScreenOnceFramed(QWidget* window);

} // namespace sqleq::ui
