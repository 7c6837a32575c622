// MainWindowActions: icons come from the style's standard set or the freedesktop theme
// (with the standard one as fallback), so the toolbar looks native everywhere and still
// has icons offscreen, where no icon theme is installed.

#include "ui/main_window_actions.h"

#include "ui/app_file_actions.h"
#include "ui/app_settings.h"
#include "ui/audit/audit_mode.h"
#include "ui/edit_view_actions.h"
#include "ui/main_window.h"
#include "ui/widgets/about_dialog.h"
#include "ui/widgets/manual_window.h"
#include "ui/widgets/shortcuts_dialog.h"
#include "ui/widgets/sql_editor.h"
#include "ui/widgets/verdict_banner.h"

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
    if (name == QLatin1String("document-new")) return themedIcon(name, QStyle::SP_FileIcon);
    if (name == QLatin1String("help-contents")) return themedIcon(name, QStyle::SP_DialogHelpButton);
    return {};
}

} // namespace

MainWindowActions::MainWindowActions(MainWindow* window, FileActions* files, AppSettings* settings)
    : QObject(window), m_window(window), m_files(files), m_settings(settings)
{
    createFileMenu();
    editView = new EditViewActions(window, settings);
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
    newSession = addAction(file, tr("&New session"), QKeySequence::New, QStringLiteral("document-new"));
    newSession->setToolTip(tr("Clear the queries and results, keeping the schema (Ctrl+N)"));
    connect(newSession, &QAction::triggered, this, &MainWindowActions::startNewSession);
    m_openSchema = addAction(file, tr("Open sc&hema…"), QKeySequence(tr("Ctrl+Shift+O")), QStringLiteral("folder-open"));
    connect(m_openSchema, &QAction::triggered, m_files, &FileActions::openSchemaDialog);
    m_openSession = addAction(file, tr("&Open session…"), QKeySequence::Open, QStringLiteral("document-open"));
    connect(m_openSession, &QAction::triggered, m_files, &FileActions::openSessionDialog);
    save = addAction(file, tr("&Save session"), QKeySequence::Save, QStringLiteral("document-save"));
    connect(save, &QAction::triggered, m_files, &FileActions::save);
    // Spelled out: QKeySequence::SaveAs is empty outside GNOME and KDE (under openbox, say).
    QAction* saveAs = addAction(file, tr("Save session &as…"), QKeySequence(tr("Ctrl+Shift+S")), {});
    connect(saveAs, &QAction::triggered, m_files, &FileActions::saveAs);
    m_recent = file->addMenu(tr("&Recent files"));
    connect(m_recent, &QMenu::aboutToShow, this, &MainWindowActions::fillRecentMenu);
    file->addSeparator();
    exportSqlite = addAction(file, tr("Export counterexample as SQLite &database…"), {}, {});
    connect(exportSqlite, &QAction::triggered, m_files, &FileActions::exportSqlite);
    exportSql = addAction(file, tr("Export counterexample as SQL scr&ipt…"), {}, {});
    connect(exportSql, &QAction::triggered, m_files, &FileActions::exportSqlScript);
    copySql = addAction(file, tr("&Copy counterexample as SQL"), QKeySequence(tr("Ctrl+Shift+C")), {});
    connect(copySql, &QAction::triggered, m_files, &FileActions::copySqlScript);
    file->addSeparator();
    QAction* quit = addAction(file, tr("&Quit"), QKeySequence::Quit, {});
    connect(quit, &QAction::triggered, m_window, &QWidget::close);
}

void MainWindowActions::createRunMenu()
{
    QMenu* menu = m_window->menuBar()->addMenu(tr("R&un"));
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
    manual = addAction(help, tr("&Manual"), QKeySequence::HelpContents, QStringLiteral("help-contents"));
    connect(manual, &QAction::triggered, this, &MainWindowActions::showManual);
    shortcuts = addAction(help, tr("&Keyboard shortcuts"), {}, {});
    connect(shortcuts, &QAction::triggered, m_window, [this] { ShortcutsDialog(m_window, m_window).exec(); });
    help->addSeparator();
    QMenu* examplesMenu = help->addMenu(tr("&Examples"));
    for (const BundledExample& example : examples()) {
        QAction* action = examplesMenu->addAction(example.title);
        const QString path = example.path;
        connect(action, &QAction::triggered, m_window, [this, path] {
            if (!m_files->confirmDiscardEdits()) return;
            m_window->audit()->leaveForNewInputs(tr("Help ▸ Examples"));
            m_window->openSession(path, true, nullptr);
        });
    }
    help->addSeparator();
    about = help->addAction(tr("&About sqleq"));
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, m_window, [this] { AboutDialog::show(m_window); });
    QAction* aboutQt = help->addAction(tr("About &Qt"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(aboutQt, &QAction::triggered, m_window, [this] { QMessageBox::aboutQt(m_window, tr("About Qt")); });
}

void MainWindowActions::createToolBar()
{
    // Two bars: audit mode hides the session one (its items are not session files) and
    // keeps Run.
    sessionToolBar = m_window->addToolBar(tr("Session toolbar"));
    sessionToolBar->setObjectName(QStringLiteral("mainToolBar"));
    sessionToolBar->toggleViewAction()->setText(tr("&Session toolbar"));
    QToolBar* runBar = m_window->addToolBar(tr("Run toolbar"));
    runBar->setObjectName(QStringLiteral("runToolBar"));
    runBar->toggleViewAction()->setText(tr("R&un toolbar"));
    for (QToolBar* bar : {sessionToolBar, runBar}) {
        bar->setMovable(false);
        bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    }
    sessionToolBar->addAction(m_openSchema);
    sessionToolBar->addAction(m_openSession);
    sessionToolBar->addAction(save);
    runBar->addAction(run);
    runBar->addAction(cancel);
    runBar->addSeparator();
    runBar->addAction(m_settingsAction);
}

void MainWindowActions::showAuditMode(bool auditing)
{
    sessionToolBar->setVisible(!auditing);
    newSession->setEnabled(!auditing);
}

void MainWindowActions::startNewSession()
{
    if (!m_files->confirmDiscardEdits()) return;
    Session session = m_window->currentSession();
    session.gold.clear();
    session.candidate.clear();
    session.question.clear();
    // A new session starts from the user's own settings, not from those of the session
    // it replaces (a bundled example pins its own).
    session.settings = m_settings->runSettings();
    // inspect() clears every panel and reloads the schema; its run of the empty gold
    // ends at once, and the banner then invites the user to type the queries.
    const auto settled = connect(m_window, &MainWindow::runSettled, this, [this] {
        m_window->verdictBanner()->showIdle(tr("New session: type a gold and a candidate query, then press Run."));
        m_window->showMessage(tr("New session on the same schema."));
    }, Qt::SingleShotConnection);
    m_window->inspect(session, QString());
    if (!m_window->isRunning()) disconnect(settled);  // the schema failed to load: no run to wait for
    m_window->goldEditor()->setFocus();
}

void MainWindowActions::showManual()
{
    if (m_manual == nullptr) m_manual = new ManualWindow(m_window);
    m_manual->show();
    m_manual->raise();
    m_manual->activateWindow();
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
            m_window->audit()->leaveForNewInputs(tr("File ▸ Recent files"));
            QString error;
            if (!m_window->openSession(path, true, &error)) QMessageBox::warning(m_window, tr("Open session"), error);
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
