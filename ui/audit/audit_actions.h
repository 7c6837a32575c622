// AuditActions: the Audit menu — open or build a project, move between items and
// disagreements, give verdicts, export/import/compare — with its keyboard shortcuts
// (shown in the menu and the tooltips). Shortcuts are chosen not to collide with typing
// in the SQL editors or the note field: function keys, Alt+arrows, Ctrl+digits,
// Ctrl+Shift+Del to clear a verdict (Ctrl+Del deletes a word in a text field). No
// audit key is one of the inspector's: Ctrl+F finds, Ctrl+0 resets the zoom.
// No behaviour of its own: every action calls an AuditMode slot.
#pragma once

#include <QObject>

class QAction;
class QMainWindow;
class QMenu;

namespace sqleq::ui {

class AppSettings;
class AuditMode;

class AuditActions : public QObject {
    Q_OBJECT

public:
    /// Adds the Audit menu to `window`'s menu bar, before `before` (null: at the end).
    AuditActions(QMainWindow* window, AuditMode* mode, AppSettings* settings, QMenu* before);

    /// Enables the actions that need an open project.
    void update(bool hasProject, bool building);

    QMenu* menu = nullptr;
    QAction* newProject = nullptr;
    QAction* openProject = nullptr;
    QAction* openExample = nullptr;
    QAction* nextItem = nullptr;
    QAction* previousItem = nullptr;
    QAction* nextDisagreement = nullptr;
    QAction* previousDisagreement = nullptr;
    QAction* equivalent = nullptr;
    QAction* notEquivalent = nullptr;
    QAction* unsure = nullptr;
    QAction* clearVerdict = nullptr;
    QAction* focusNote = nullptr;
    QAction* focusReason = nullptr;
    QAction* focusSearch = nullptr;
    QAction* exportTsv = nullptr;
    QAction* exportJson = nullptr;
    QAction* exportMetrics = nullptr;
    QAction* importTsv = nullptr;
    QAction* compare = nullptr;
    QAction* changeAnnotator = nullptr;
    QAction* closeProject = nullptr;

private:
    QAction* add(const QString& text, const QList<QKeySequence>& shortcuts, const QString& tip);
    void fillRecentMenu();

    QMainWindow* m_window;
    AuditMode* m_mode;
    AppSettings* m_settings;
    QMenu* m_recent = nullptr;
    QList<QAction*> m_projectActions;
};

} // namespace sqleq::ui
