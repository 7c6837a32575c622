// EditViewActions: the Edit and View menus of the main window. Edit acts on whatever
// has the keyboard focus (an SQL editor, a text field, a table) and finds text in the
// SQL editor last used; View toggles the toolbars and the audit docks and zooms the
// whole window's content (editors, tables, the verdict banner, the "why" text),
// remembering the zoom between launches. No engine logic.
#pragma once

#include <QKeySequence>
#include <QObject>
#include <QPointer>

class QAction;
class QMenu;
class QPlainTextEdit;
class QTableView;
class QWidget;

namespace sqleq::ui {

class AppSettings;
class FindDialog;
class MainWindow;

class EditViewActions : public QObject {
    Q_OBJECT

public:
    /// Adds Edit and View to `window`'s menu bar (after the menus already there).
    EditViewActions(MainWindow* window, AppSettings* settings);

    /// Applies the remembered zoom to everything in the window's panels and docks (the
    /// banner, the "why" text, editors, tables); new widgets inherit it, call again after
    /// a panel created widgets with a font size of their own.
    void applyZoom();
    /// The find window, created on first use.
    FindDialog* findDialog();
    /// The SQL editor Find searches: the one that last had the focus.
    [[nodiscard]] QPlainTextEdit* findTarget() const;

    QMenu* editMenu = nullptr;
    QMenu* viewMenu = nullptr;
    QAction* undo = nullptr;
    QAction* redo = nullptr;
    QAction* cut = nullptr;
    QAction* copy = nullptr;
    QAction* paste = nullptr;
    QAction* selectAll = nullptr;
    QAction* find = nullptr;
    QAction* findNext = nullptr;
    QAction* findPrevious = nullptr;
    QAction* zoomIn = nullptr;
    QAction* zoomOut = nullptr;
    QAction* zoomReset = nullptr;

private:
    void createEditMenu();
    void createViewMenu();
    void fillViewMenu();
    QAction* addEditAction(const QString& text, QKeySequence::StandardKey keys, const char* slot);
    void changeZoom(int step);
    /// A table's row height (and room for its rows) after its font changed.
    static void refitRows(QTableView* table, int zoom);
    void openFind();

    MainWindow* m_window;
    AppSettings* m_settings;
    QPointer<QPlainTextEdit> m_lastEditor;
    FindDialog* m_find = nullptr;
    QList<QAction*> m_zoomActions;
};

} // namespace sqleq::ui
