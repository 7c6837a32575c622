// FileActions: the File menu's work that involves files and dialogs — open and save
// sessions, export the counterexample as an SQLite database or an SQL script, copy it
// as SQL. Errors are shown in message boxes here, so the MainWindow stays a composer.
#pragma once

#include <QObject>
#include <QString>

class QWidget;

namespace sqleq::ui {

class AppSettings;
class MainWindow;

class FileActions : public QObject {
    Q_OBJECT

public:
    FileActions(MainWindow* window, AppSettings* settings);

    void openSessionDialog();
    /// Before the editors' text is replaced or the window closes: when the gold or the
    /// candidate was edited since the session was opened or saved, asks whether to save
    /// it first. True when it is fine to go on (saved, discarded, or nothing to lose).
    bool confirmDiscardEdits();
    /// Saves to the current file, or asks for one when the session has none (or is bundled).
    bool save();
    bool saveAs();
    void exportSqlite();
    void exportSqlScript();
    void copySqlScript();
    void openSchemaDialog();

private:
    QString askSavePath(const QString& title, const QString& filter, const QString& suffix, const QString& name);
    void remember(const QString& path);

    MainWindow* m_window;
    AppSettings* m_settings;
};

} // namespace sqleq::ui
