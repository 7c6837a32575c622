// MainWindowActions: the menus, toolbar and keyboard shortcuts of the main window —
// File, Run, Settings, Help (with the bundled examples) — created in one place and
// connected to the window's public slots and to FileActions. No behaviour of its own.
#pragma once

#include <QObject>
#include <QString>

#include <vector>

class QAction;
class QMenu;

namespace sqleq::ui {

class AppSettings;
class FileActions;
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
    QMenu* runMenu = nullptr;  ///< other menus (Audit) are inserted before it

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
};

} // namespace sqleq::ui
