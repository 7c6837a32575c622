// The main() of every GUI test (SQLEQ_GUI_TEST_MAIN instead of QTEST_MAIN): the same
// QApplication QTEST_MAIN makes, then one pinned font — DejaVu Sans, and DejaVu Sans
// Mono for what asks for "monospace", loaded from the packaged files (fonts-dejavu-core)
// at a fixed size — so that what fontconfig happens to prefer on the machine (Noto,
// URW, Droid…) never decides whether a layout test passes. A missing font file fails
// the test program loudly; it never falls back to whatever is installed.
#pragma once

#include "tests/ui/modal_dialogs.h"

#include <QApplication>
#include <QFont>
#include <QFontDatabase>
#include <QFontInfo>
#include <QStringList>
#include <QtTest>

#include <cstdio>

namespace sqleq::test {

inline constexpr double kPinnedPointSize = 9.0;
inline const QString kPinnedFamily = QStringLiteral("DejaVu Sans");
inline const QString kPinnedFixedFamily = QStringLiteral("DejaVu Sans Mono");
/// The generic family QFontDatabase::systemFont(FixedFont) asks fontconfig for.
inline const QString kGenericMonospace = QStringLiteral("monospace");

/// The application font as fontconfig resolved it before the pin: what a user's
/// desktop would give (layout tests also check the window with it).
inline QFont& systemDefaultFont()
{
    static QFont font;
    return font;
}

/// Uses `family` (and `fixedFamily` for monospace text) at `pointSize` from now on;
/// an empty `fixedFamily` leaves monospace to fontconfig. Widgets made afterwards get it.
inline void useFonts(const QString& family, const QString& fixedFamily, double pointSize)
{
    QFont font(family);
    font.setPointSizeF(pointSize);
    QApplication::setFont(font);
    QFont::removeSubstitutions(kGenericMonospace);
    if (!fixedFamily.isEmpty()) QFont::insertSubstitution(kGenericMonospace, fixedFamily);
}

/// The desktop's own fonts, as fontconfig resolves them, with no pin.
inline void useSystemFonts()
{
    QApplication::setFont(systemDefaultFont());
    QFont::removeSubstitutions(kGenericMonospace);
}

/// Back to the pinned fonts (after a test that tried others).
inline void usePinnedFonts() { useFonts(kPinnedFamily, kPinnedFixedFamily, kPinnedPointSize); }

/// Loads the pinned fonts from SQLEQ_TEST_FONT_DIR and makes them the application's;
/// false, with the reason on stderr, when a file is missing or not the expected family.
inline bool pinFonts()
{
    systemDefaultFont() = QApplication::font();
    const QString dir = QStringLiteral(SQLEQ_TEST_FONT_DIR);
    const struct { const char* file; const QString& family; } fonts[] = {
        {"DejaVuSans.ttf", kPinnedFamily},
        {"DejaVuSansMono.ttf", kPinnedFixedFamily},
    };
    for (const auto& font : fonts) {
        const QString path = dir + QLatin1Char('/') + QLatin1String(font.file);
        const int id = QFontDatabase::addApplicationFont(path);
        if (id < 0 || !QFontDatabase::applicationFontFamilies(id).contains(font.family)) {
            std::fprintf(stderr,
                         "FAIL: GUI tests pin the font %s from %s, which could not be loaded: "
                         "install fonts-dejavu-core (or configure SQLEQ_TEST_FONT_DIR)\n",
                         qPrintable(font.family), qPrintable(path));
            return false;
        }
    }
    usePinnedFonts();
    if (QFontInfo(QApplication::font()).family() != kPinnedFamily) {
        std::fprintf(stderr, "FAIL: the pinned font resolved to %s, not %s\n",
                     qPrintable(QFontInfo(QApplication::font()).family()), qPrintable(kPinnedFamily));
        return false;
    }
    return true;
}

} // namespace sqleq::test

/// QTEST_MAIN with the pinned fonts (Qt 6.4's QTEST_MAIN: a QApplication at 96 dpi), and
/// the guard that fails a test on a modal dialog nothing answered (modal_dialogs.h).
#define SQLEQ_GUI_TEST_MAIN(TestObject)                       \
    int main(int argc, char* argv[])                          \
    {                                                         \
        QApplication app(argc, argv);                         \
        app.setAttribute(Qt::AA_Use96Dpi, true);              \
        if (!sqleq::test::pinFonts()) return 1;               \
        sqleq::test::UnansweredModalGuard unansweredModals;   \
        TestObject tc;                                        \
        QTEST_SET_MAIN_SOURCE_PATH                            \
        return QTest::qExec(&tc, argc, argv);                 \
    }
