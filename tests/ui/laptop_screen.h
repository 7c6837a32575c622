// Layout tests run on a 1280×800 laptop screen: the offscreen platform configured with
// one such screen whose windows get a frame (laptop_screen.json), chosen before main()
// creates the application, so that the window fits its frame to the screen the test
// means and not to the offscreen default of 800×600.
#pragma once

#include <QRect>
#include <QtGlobal>

namespace sqleq::test {

/// The laptop screen's available geometry.
inline const QRect kLaptop(0, 0, 1280, 800);

/// True once the platform was chosen (every layout test checks it, which also keeps the
/// initializer from being dropped).
inline const bool kLaptopScreen = [] {
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" SQLEQ_SOURCE_DIR "/tests/ui/laptop_screen.json");
    return true;
}();

} // namespace sqleq::test
