// sqleq: the desktop inspector. Parses the command line under a QCoreApplication first,
// so --help and --version work without a display; only then creates the QApplication.
// --screenshot opens a session, runs it to its verdict, saves a PNG of the window, exits.

#include "ui/main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>
#include <optional>

namespace {

struct Options {
    QString session;     ///< a .sqleq file to open; empty: the last state or the bundled example
    QString screenshot;  ///< PNG to write, then exit
    QSize size{1280, 800};
    bool noRun = false;
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
    parser.addOptions({screenshot, size, noRun});
    parser.addPositionalArgument(QStringLiteral("SESSION"), QStringLiteral("A .sqleq session file to open."),
                                 QStringLiteral("[SESSION]"));
    parser.process(core);

    Options options;
    options.screenshot = parser.value(screenshot);
    options.noRun = parser.isSet(noRun);
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

int takeScreenshot(sqleq::ui::MainWindow& window, const Options& options)
{
    window.resize(options.size);
    window.show();
    const QString session = options.session.isEmpty() ? sqleq::ui::MainWindow::defaultExample() : options.session;
    QString error;
    if (!window.openSession(session, !options.noRun, &error)) {
        std::fprintf(stderr, "sqleq: %s\n", qPrintable(error));
        return 1;
    }
    // Saved once the run has settled (verdict, failure or no run at all), after a short
    // pause so that queued repaints and the editors' debounced parse have happened.
    const auto save = [&window, &options] {
        QTimer::singleShot(400, &window, [&window, &options] {
            const bool saved = window.grab().save(options.screenshot, "PNG");
            if (!saved) std::fprintf(stderr, "sqleq: cannot write %s\n", qPrintable(options.screenshot));
            QCoreApplication::exit(saved ? 0 : 1);
        });
    };
    if (window.isRunning())
        QObject::connect(&window, &sqleq::ui::MainWindow::runSettled, &window, save, Qt::SingleShotConnection);
    else
        save();
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
    QCoreApplication::setApplicationVersion(QStringLiteral(SQLEQ_VERSION));
    const Options options = parseCommandLine(argc, argv);

    QApplication app(argc, argv);
    QApplication::setDesktopFileName(QStringLiteral("io.github.sqleq"));
    sqleq::ui::MainWindow window;
    if (!options.screenshot.isEmpty()) return takeScreenshot(window, options);

    window.show();
    if (!options.session.isEmpty()) {
        QString error;
        if (!window.openSession(options.session, !options.noRun, &error)) window.showError(error);
    } else {
        window.openStartupSession();
    }
    return QApplication::exec();
}
