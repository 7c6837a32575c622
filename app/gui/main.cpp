// sqleq: the desktop inspector. Parses the command line under a QCoreApplication first,
// so --help and --version work without a display; only then creates the QApplication.
// --screenshot opens a session (or an audit project), runs it to its verdict, saves a
// PNG of the window, exits. --audit opens a .sqleq-audit project at start. --palette dark
// draws the window in a dark Fusion palette (the desktop's own colours otherwise).

#include "core/base/version.h"
#include "ui/audit/audit_mode.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QPalette>
#include <QStyleFactory>
#include <QTimer>

#include <cstdio>
#include <optional>

namespace {

struct Options {
    QString session;     ///< a .sqleq file to open; empty: the last state or the bundled example
    QString screenshot;  ///< PNG to write, then exit
    QString audit;       ///< a .sqleq-audit project to open
    bool auditExample = false;
    int auditItem = -1;  ///< the audit item to show first; -1: where the annotator was
    QSize size{1280, 800};
    bool noRun = false;
    bool darkPalette = false;
};

/// Exits (with QCommandLineParser's own messages) on --help, --version and errors.
Options parseCommandLine(int& argc, char** argv)
{
    QCoreApplication core(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Inspector for SQL query equivalence: distills a test suite for a gold query and shows\n"
        "the (minimal) database that separates a candidate from it."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Open SESSION (default: the bundled example), run it to its "
                                                       "verdict, save a PNG of the window to FILE and exit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size for --screenshot (default 1280x800)."),
                                  QStringLiteral("WxH"));
    const QCommandLineOption noRun(QStringLiteral("no-run"), QStringLiteral("Open the session without running it."));
    const QCommandLineOption audit(QStringLiteral("audit"),
                                   QStringLiteral("Open the audit project PROJECT (.sqleq-audit) where you left it: the "
                                                  "same item, filters, search and scroll position; the first time, its "
                                                  "first item not yet reviewed."),
                                   QStringLiteral("PROJECT"));
    const QCommandLineOption auditExample(QStringLiteral("audit-example"),
                                          QStringLiteral("Open the bundled audit example (built on first use)."));
    const QCommandLineOption auditItem(QStringLiteral("audit-item"),
                                       QStringLiteral("With --audit or --audit-example: show item N first."),
                                       QStringLiteral("N"));
    const QCommandLineOption palette(QStringLiteral("palette"),
                                     QStringLiteral("Colours: \"dark\" (Fusion style, dark palette) or \"system\" (default)."),
                                     QStringLiteral("NAME"));
    parser.addOptions({screenshot, size, noRun, audit, auditExample, auditItem, palette});
    parser.addPositionalArgument(QStringLiteral("SESSION"), QStringLiteral("A .sqleq session file to open."),
                                 QStringLiteral("[SESSION]"));
    parser.process(core);

    Options options;
    options.screenshot = parser.value(screenshot);
    options.noRun = parser.isSet(noRun);
    if (parser.isSet(palette)) {
        const QString name = parser.value(palette);
        if (name != QLatin1String("dark") && name != QLatin1String("system")) {
            std::fprintf(stderr, "sqleq: --palette expects dark or system\n");
            std::exit(2);
        }
        options.darkPalette = name == QLatin1String("dark");
    }
    if (parser.isSet(audit)) options.audit = QFileInfo(parser.value(audit)).absoluteFilePath();
    options.auditExample = parser.isSet(auditExample);
    if (parser.isSet(auditItem)) options.auditItem = parser.value(auditItem).toInt();
    if (!parser.positionalArguments().isEmpty()) {
        const QString path = parser.positionalArguments().constFirst();
        options.session = path.startsWith(QLatin1Char(':')) ? path : QFileInfo(path).absoluteFilePath();
    }
    if (parser.isSet(size)) {
        const QStringList parts = parser.value(size).split(QLatin1Char('x'));
        const int width = parts.value(0).toInt();
        const int height = parts.value(1).toInt();
        if (parts.size() != 2 || width < 200 || height < 200) {
            std::fprintf(stderr, "sqleq: --size expects WxH, e.g. 1280x800\n");
            std::exit(2);
        }
        options.size = {width, height};
    }
    return options;
}

/// A dark palette for the Fusion style (which, unlike the native styles, draws every
/// widget from the palette). Widgets derive their accents from it (ThemeColors).
QPalette darkPalette()
{
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    const QColor disabled(0x7a, 0x7e, 0x85);
    const QColor highlight(0x3d, 0x6d, 0xb5);
    QPalette palette;
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::ToolTipBase, base);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabled);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::white);
    palette.setColor(QPalette::Light, window.lighter(150));
    palette.setColor(QPalette::Midlight, window.lighter(125));
    palette.setColor(QPalette::Mid, window.darker(125));
    palette.setColor(QPalette::Dark, window.darker(160));
    palette.setColor(QPalette::Shadow, Qt::black);
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xf0));
    palette.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xf0));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, disabled);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, window.lighter(130));
    return palette;
}

/// Opens what the options name: an audit project, the audit example, or a session.
bool openRequested(sqleq::ui::MainWindow& window, const Options& options, bool screenshot)
{
    if (options.auditItem >= 0) {
        // Also after a background build: the project opens when it is done.
        QObject::connect(window.audit(), &sqleq::ui::AuditMode::projectOpened, &window, [&window, options] {
            window.audit()->selectItem(static_cast<std::size_t>(options.auditItem));
        }, Qt::QueuedConnection);
    }
    QString error;
    QString title = QObject::tr("Open session");
    if (!options.audit.isEmpty()) {
        if (window.audit()->openProject(options.audit, &error)) return true;
        error = QStringLiteral("cannot open the audit project: %1").arg(error);
        title = QObject::tr("Open audit project");
    } else if (options.auditExample) {
        window.audit()->openBundledExample();
        return true;
    } else {
        QString session = options.session;
        if (session.isEmpty() && screenshot) session = sqleq::ui::MainWindow::defaultExample();
        if (session.isEmpty()) {
            window.openStartupSession();
            return true;
        }
        if (window.openSession(session, !options.noRun, &error)) return true;
    }
    if (screenshot)
        std::fprintf(stderr, "sqleq: %s\n", qPrintable(error));
    else
        QMessageBox::warning(&window, title, error);
    return false;
}

int takeScreenshot(sqleq::ui::MainWindow& window, const Options& options)
{
    window.resize(options.size);
    window.show();
    if (!openRequested(window, options, true)) return 1;
    // Saved once the run has settled (verdict, failure or no run at all), after a short
    // pause so that queued repaints and the editors' debounced parse have happened.
    const auto save = [&window, &options] {
        QTimer::singleShot(400, &window, [&window, &options] {
            const bool saved = window.grab().save(options.screenshot, "PNG");
            if (!saved) std::fprintf(stderr, "sqleq: cannot write %s\n", qPrintable(options.screenshot));
            QCoreApplication::exit(saved ? 0 : 1);
        });
    };
    const auto saveAfterRun = [&window, save] {
        if (window.isRunning())
            QObject::connect(&window, &sqleq::ui::MainWindow::runSettled, &window, save, Qt::SingleShotConnection);
        else
            save();
    };
    if (window.audit()->isBuilding())
        QObject::connect(window.audit(), &sqleq::ui::AuditMode::buildSettled, &window, saveAfterRun,
                         Qt::SingleShotConnection);
    else
        saveAfterRun();
    // A run that never settles must not hang a CI job.
    QTimer::singleShot(120'000, &window, [] {
        std::fprintf(stderr, "sqleq: the run did not finish within 120 s\n");
        QCoreApplication::exit(1);
    });
    return QApplication::exec();
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication::setOrganizationName(QStringLiteral("sqleq"));
    QCoreApplication::setApplicationName(QStringLiteral("sqleq"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(sqleq::kVersion.data(), static_cast<qsizetype>(sqleq::kVersion.size())));
    const Options options = parseCommandLine(argc, argv);

    QApplication app(argc, argv);
    if (options.darkPalette) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    }
    QApplication::setDesktopFileName(QStringLiteral("io.github.sqleq"));
    sqleq::ui::MainWindow window;
    if (!options.screenshot.isEmpty()) return takeScreenshot(window, options);

    window.show();
    openRequested(window, options, false);
    return QApplication::exec();
}
