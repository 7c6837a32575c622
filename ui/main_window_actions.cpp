// MainWindowActions: icons come from the style's standard set or the freedesktop theme
// (with the standard one as fallback), so the toolbar looks native everywhere and still
// has icons offscreen, where no icon theme is installed.

#include "ui/main_window_actions.h"

#include "ui/app_file_actions.h"
#include "ui/app_settings.h"
#include "ui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStyle>
#include <QToolBar>

namespace sqleq::ui {
namespace {

QIcon themedIcon(const QString& name, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(name, QApplication::style()->standardIcon(fallback));
}

QIcon iconFor(const QString& name)
{
    if (name == QLatin1String("document-open")) return themedIcon(name, QStyle::SP_DialogOpenButton);
    if (name == QLatin1String("document-save")) return themedIcon(name, QStyle::SP_DialogSaveButton);
    if (name == QLatin1String("media-playback-start")) return themedIcon(name, QStyle::SP_MediaPlay);
    if (name == QLatin1String("process-stop")) return themedIcon(name, QStyle::SP_BrowserStop);
    if (name == QLatin1String("preferences-system")) return themedIcon(name, QStyle::SP_FileDialogDetailedView);
    if (name == QLatin1String("folder-open")) return themedIcon(name, QStyle::SP_DirOpenIcon);
    return {};
}

} // namespace

MainWindowActions::MainWindowActions(MainWindow* window, FileActions* files, AppSettings* settings)
    : QObject(window), m_window(window), m_files(files), m_settings(settings)
{
    createFileMenu();
    createRunMenu();
    createHelpMenu();
    createToolBar();
    update(false, false);
}

const std::vector<BundledExample>& MainWindowActions::examples()
{
    static const std::vector<BundledExample> list{
        {QStringLiteral(":/examples/figure1-different.sqleq"), tr("Figure 1: age > 34 vs all people (different)")},
        {QStringLiteral(":/examples/figure1-equivalent.sqleq"), tr("Figure 1: age > 34 vs age >= 35 (equivalent)")},
        {QStringLiteral(":/examples/oldest-singer.sqleq"), tr("Oldest singer: MAX vs ORDER BY … LIMIT 1")},
        {QStringLiteral(":/examples/like-vs-equals.sqleq"), tr("From France: = vs LIKE (a test-suite false positive)")},
        {QStringLiteral(":/examples/stadiums-without-concerts.sqleq"), tr("NOT IN vs EXCEPT (spider profile)")},
        {QStringLiteral(":/examples/stadiums-without-concerts-strict.sqleq"), tr("NOT IN vs EXCEPT (strict profile, NULLs)")},
        {QStringLiteral(":/examples/concert-count-join.sqleq"), tr("Redundant join with the parent table")},
    };
    return list;
}

QAction* MainWindowActions::addAction(QMenu* menu, const QString& text, const QKeySequence& shortcut, const QString& icon)
{
    auto* action = menu->addAction(iconFor(icon), text);
    action->setShortcut(shortcut);
    return action;
}

void MainWindowActions::createFileMenu()
{
    QMenu* file = m_window->menuBar()->addMenu(tr("&File"));
    m_openSchema = addAction(file, tr("Open &schema…"), QKeySequence(tr("Ctrl+Shift+O")), QStringLiteral("folder-open"));
    connect(m_openSchema, &QAction::triggered, m_files, &FileActions::openSchemaDialog);
    m_openSession = addAction(file, tr("&Open session…"), QKeySequence::Open, QStringLiteral("document-open"));
    connect(m_openSession, &QAction::triggered, m_files, &FileActions::openSessionDialog);
    save = addAction(file, tr("&Save session"), QKeySequence::Save, QStringLiteral("document-save"));
    connect(save, &QAction::triggered, m_files, &FileActions::save);
    QAction* saveAs = addAction(file, tr("Save session &as…"), QKeySequence::SaveAs, {});
    connect(saveAs, &QAction::triggered, m_files, &FileActions::saveAs);
    m_recent = file->addMenu(tr("&Recent files"));
    connect(m_recent, &QMenu::aboutToShow, this, &MainWindowActions::fillRecentMenu);
    file->addSeparator();
    exportSqlite = addAction(file, tr("Export counterexample as SQLite &database…"), {}, {});
    connect(exportSqlite, &QAction::triggered, m_files, &FileActions::exportSqlite);
    exportSql = addAction(file, tr("Export counterexample as SQL &script…"), {}, {});
    connect(exportSql, &QAction::triggered, m_files, &FileActions::exportSqlScript);
    copySql = addAction(file, tr("&Copy counterexample as SQL"), QKeySequence(tr("Ctrl+Shift+C")), {});
    connect(copySql, &QAction::triggered, m_files, &FileActions::copySqlScript);
    file->addSeparator();
    QAction* quit = addAction(file, tr("&Quit"), QKeySequence::Quit, {});
    connect(quit, &QAction::triggered, m_window, &QWidget::close);
}

void MainWindowActions::createRunMenu()
{
    QMenu* menu = m_window->menuBar()->addMenu(tr("&Run"));
    runMenu = menu;
    run = addAction(menu, tr("&Run"), QKeySequence(tr("Ctrl+Return")), QStringLiteral("media-playback-start"));
    run->setShortcuts({QKeySequence(tr("Ctrl+Return")), QKeySequence(tr("Ctrl+Enter")), QKeySequence(tr("F5"))});
    run->setToolTip(tr("Distill a test suite for the gold and check the candidate (Ctrl+Return)"));
    connect(run, &QAction::triggered, m_window, &MainWindow::run);
    cancel = addAction(menu, tr("&Cancel"), QKeySequence(Qt::Key_Escape), QStringLiteral("process-stop"));
    cancel->setToolTip(tr("Stop the run (Esc)"));
    connect(cancel, &QAction::triggered, m_window, &MainWindow::cancelRun);
    menu->addSeparator();
    m_settingsAction = addAction(menu, tr("&Settings…"), QKeySequence(tr("Ctrl+,")), QStringLiteral("preferences-system"));
    connect(m_settingsAction, &QAction::triggered, m_window, &MainWindow::editSettings);
}

void MainWindowActions::createHelpMenu()
{
    QMenu* help = m_window->menuBar()->addMenu(tr("&Help"));
    QMenu* examplesMenu = help->addMenu(tr("&Examples"));
    for (const BundledExample& example : examples()) {
        QAction* action = examplesMenu->addAction(example.title);
        const QString path = example.path;
        connect(action, &QAction::triggered, m_window, [this, path] {
            if (m_files->confirmDiscardEdits()) m_window->openSession(path, true, nullptr);
        });
    }
    help->addSeparator();
    QAction* about = help->addAction(tr("&About sqleq"));
    connect(about, &QAction::triggered, m_window, [this] {
        QMessageBox::about(m_window, tr("About sqleq"),
                           tr("<h3>sqleq %1</h3><p>An inspector for SQL query equivalence.</p>"
                              "<p>A candidate query is judged correct when no database of a test suite "
                              "distilled for the gold query separates them (test-suite accuracy, "
                              "Zhong, Yu and Klein, EMNLP 2020). sqleq shows the separating database, "
                              "shrunk to a minimal counterexample.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindowActions::createToolBar()
{
    QToolBar* bar = m_window->addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_openSchema);
    bar->addAction(m_openSession);
    bar->addAction(save);
    bar->addSeparator();
    bar->addAction(run);
    bar->addAction(cancel);
    bar->addSeparator();
    bar->addAction(m_settingsAction);
}

void MainWindowActions::fillRecentMenu()
{
    m_recent->clear();
    const QStringList files = m_settings->recentFiles();
    for (const QString& path : files) {
        QAction* action = m_recent->addAction(QFileInfo(path).fileName());
        action->setToolTip(path);
        connect(action, &QAction::triggered, m_window, [this, path] {
            if (!m_files->confirmDiscardEdits()) return;
            QString error;
            if (!m_window->openSession(path, true, &error)) m_window->showError(error);
        });
    }
    if (files.isEmpty()) m_recent->addAction(tr("(none)"))->setEnabled(false);
    m_recent->addSeparator();
    connect(m_recent->addAction(tr("Clear list")), &QAction::triggered, this, [this] { m_settings->clearRecentFiles(); });
}

void MainWindowActions::update(bool running, bool hasCounterexample)
{
    cancel->setEnabled(running);
    exportSqlite->setEnabled(hasCounterexample);
    exportSql->setEnabled(hasCounterexample);
    copySql->setEnabled(hasCounterexample);
}

} // namespace sqleq::ui
