// MainWindowActions: the menus, toolbars and keyboard shortcuts of the main window —
// File, Edit and View (through EditViewActions), Run, Help (manual, shortcut list,
// bundled examples, About) — created in one place and connected to the window's public
// slots and to FileActions. No behaviour of its own beyond opening the help windows.
#pragma once

#include <QObject>
#include <QString>

#include <vector>

class QAction;
class QMenu;
class QToolBar;

namespace sqleq::ui {

class AppSettings;
class EditViewActions;
class FileActions;
class ManualWindow;
class MainWindow;

struct BundledExample {
    QString path;   ///< ":/examples/….sqleq"
    QString title;  ///< menu text
};

class MainWindowActions : public QObject {
    Q_OBJECT

public:
    MainWindowActions(MainWindow* window, FileActions* files, AppSettings* settings);

    /// The sessions compiled into the application, in menu order.
    static const std::vector<BundledExample>& examples();

    /// Enables what makes sense now: Cancel only while running, exports only with a
    /// separating database.
    void update(bool running, bool hasCounterexample);

    QAction* run = nullptr;
    QAction* cancel = nullptr;
    QAction* save = nullptr;
    QAction* exportSqlite = nullptr;
    QAction* exportSql = nullptr;
    QAction* copySql = nullptr;
    QAction* newSession = nullptr;
    QAction* manual = nullptr;
    QAction* shortcuts = nullptr;
    QAction* about = nullptr;
    QMenu* runMenu = nullptr;  ///< other menus (Audit) are inserted before it
    /// Open schema, Open session, Save: hidden in audit mode, where Run stays.
    QToolBar* sessionToolBar = nullptr;
    EditViewActions* editView = nullptr;

    /// Run ▸ Settings…
    [[nodiscard]] QAction* settingsAction() const { return m_settingsAction; }

    /// Audit mode on or off: hides the session toolbar and New session while auditing.
    void showAuditMode(bool auditing);
    /// File ▸ New session: asks to save unsaved edits, then clears the queries, the
    /// question and the results; the schema and the run settings stay.
    void startNewSession();
    void showManual();

private:
    void createFileMenu();
    void createRunMenu();
    void createHelpMenu();
    void createToolBar();
    void fillRecentMenu();
    QAction* addAction(QMenu* menu, const QString& text, const QKeySequence& shortcut, const QString& icon);

    MainWindow* m_window;
    FileActions* m_files;
    AppSettings* m_settings;
    QMenu* m_recent = nullptr;
    QAction* m_openSession = nullptr;
    QAction* m_openSchema = nullptr;
    QAction* m_settingsAction = nullptr;
    ManualWindow* m_manual = nullptr;
};

} // namespace sqleq::ui
