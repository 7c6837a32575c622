// EditViewActions: the Edit actions are window-wide, so text widgets take their own
// standard keys first (Qt's shortcut override) and the actions serve the menu and the
// tables; a table has no cut or paste, only copy (its column names, then the values as
// stored, tab-separated) and select all. Zoom sets one font on each panel and lets
// children inherit it; a widget with a size of its own is scaled from the size it had
// before any zoom, recorded once, so zooming never compounds.

#include "ui/edit_view_actions.h"

#include "ui/app_settings.h"
#include "ui/audit/audit_mode.h"
#include "ui/main_window.h"
#include "ui/widgets/find_dialog.h"
#include "ui/widgets/sql_editor.h"
#include "ui/widgets/table_copy.h"
#include "ui/widgets/table_rows.h"

#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

namespace sqleq::ui {
namespace {

/// The point size a widget with a font size of its own had before any zoom.
constexpr const char* kBaseFontSize = "sqleqBaseFontSize";
/// A table's row height less its font's height, kept as the font grows.
constexpr const char* kRowPadding = "sqleqRowPadding";
/// The rows a fitted table keeps in sight before any zoom.
constexpr const char* kUnzoomedRows = "sqleqUnzoomedRows";

/// Calls `slot` (undo, copy, selectAll…) on the focused widget when it has one; tables get copy and select all.
void dispatchToFocus(const char* slot)
{
    QWidget* focus = QApplication::focusWidget();
    if (focus == nullptr) return;
    const QByteArray signature = QByteArray(slot) + "()";
    if (focus->metaObject()->indexOfMethod(signature.constData()) >= 0) {
        QMetaObject::invokeMethod(focus, slot);
        return;
    }
    auto* view = qobject_cast<QAbstractItemView*>(focus);
    if (view == nullptr) return;
    if (qstrcmp(slot, "copy") == 0) {
        copySelection(view, CopyFormat::Tsv);
    } else if (qstrcmp(slot, "selectAll") == 0) {
        view->selectAll();
    }
}

} // namespace

EditViewActions::EditViewActions(MainWindow* window, AppSettings* settings)
    : QObject(window), m_window(window), m_settings(settings)
{
    createEditMenu();
    createViewMenu();
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
        if (auto* editor = qobject_cast<SqlEditor*>(now); editor != nullptr && editor->window() == m_window)
            m_lastEditor = editor;
    });
    // Tables are created as results arrive and audit mode builds its panels after the
    // menus: zoom them once the window is complete and after every run.
    QTimer::singleShot(0, this, &EditViewActions::applyZoom);
    connect(window, &MainWindow::runSettled, this, &EditViewActions::applyZoom);
}

QAction* EditViewActions::addEditAction(const QString& text, QKeySequence::StandardKey keys, const char* slot)
{
    QAction* action = editMenu->addAction(text);
    action->setShortcuts(keys);  // every binding of the platform (Redo: Ctrl+Shift+Z and Ctrl+Y)
    connect(action, &QAction::triggered, this, [slot] { dispatchToFocus(slot); });
    return action;
}

void EditViewActions::createEditMenu()
{
    editMenu = m_window->menuBar()->addMenu(tr("&Edit"));
    undo = addEditAction(tr("&Undo"), QKeySequence::Undo, "undo");
    redo = addEditAction(tr("&Redo"), QKeySequence::Redo, "redo");
    editMenu->addSeparator();
    cut = addEditAction(tr("Cu&t"), QKeySequence::Cut, "cut");
    copy = addEditAction(tr("&Copy"), QKeySequence::Copy, "copy");
    paste = addEditAction(tr("&Paste"), QKeySequence::Paste, "paste");
    selectAll = addEditAction(tr("Select &all"), QKeySequence::SelectAll, "selectAll");
    editMenu->addSeparator();
    find = editMenu->addAction(tr("&Find…"));
    find->setObjectName(QStringLiteral("findAction"));
    find->setShortcuts(QKeySequence::Find);
    connect(find, &QAction::triggered, this, &EditViewActions::openFind);
    findNext = editMenu->addAction(tr("Find &next"));
    findNext->setShortcut(QKeySequence(Qt::Key_F3));
    connect(findNext, &QAction::triggered, this, [this] {
        findDialog()->setTarget(findTarget());
        findDialog()->findNext();
    });
    findPrevious = editMenu->addAction(tr("Find pre&vious"));
    findPrevious->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3));
    connect(findPrevious, &QAction::triggered, this, [this] {
        findDialog()->setTarget(findTarget());
        findDialog()->findPrevious();
    });
}

void EditViewActions::createViewMenu()
{
    viewMenu = m_window->menuBar()->addMenu(tr("&View"));
    zoomIn = new QAction(tr("Zoo&m in"), this);
    zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    connect(zoomIn, &QAction::triggered, this, [this] { changeZoom(1); });
    zoomOut = new QAction(tr("Zoom ou&t"), this);
    zoomOut->setShortcuts(QKeySequence::ZoomOut);
    connect(zoomOut, &QAction::triggered, this, [this] { changeZoom(-1); });
    zoomReset = new QAction(tr("&Reset zoom"), this);
    zoomReset->setObjectName(QStringLiteral("zoomResetAction"));
    zoomReset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(zoomReset, &QAction::triggered, this, [this] { changeZoom(0); });
    m_zoomActions = {zoomIn, zoomOut, zoomReset};
    // Rebuilt on each opening: the toolbars and docks (audit mode's) come and go.
    connect(viewMenu, &QMenu::aboutToShow, this, &EditViewActions::fillViewMenu);
    fillViewMenu();
}

void EditViewActions::fillViewMenu()
{
    viewMenu->clear();
    for (QToolBar* bar : m_window->findChildren<QToolBar*>(QString(), Qt::FindDirectChildrenOnly))
        viewMenu->addAction(bar->toggleViewAction());
    // The docks belong to audit mode: without a project they have nothing to show.
    if (m_window->audit() != nullptr && m_window->audit()->project() != nullptr) {
        viewMenu->addSeparator();
        viewMenu->addActions(m_window->audit()->dockToggleActions());
    }
    viewMenu->addSeparator();
    viewMenu->addActions(m_zoomActions);
}

void EditViewActions::changeZoom(int step)
{
    m_settings->setZoom(step == 0 ? 0 : m_settings->zoom() + step);
    applyZoom();
}

void EditViewActions::applyZoom()
{
    const int zoom = m_settings->zoom();
    const double base = QApplication::font().pointSizeF();
    if (base <= 0) return;  // a pixel-sized application font: left alone
    QList<QWidget*> panels{m_window->centralWidget()};
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) panels << dock;
    panels.removeAll(nullptr);
    // A widget that chose its own size (the SQL editors' fixed font, the banner's title)
    // inherits no panel font: it gets the same points added to the size it chose,
    // recorded before the panels change. A font set at its parent's size only changed
    // the weight or family (a bold caption): that size is still inherited.
    QList<QWidget*> sized;
    for (QWidget* panel : panels) {
        for (QWidget* widget : panel->findChildren<QWidget*>()) {
            if (!widget->property(kBaseFontSize).isValid()) {
                const QWidget* parent = widget->parentWidget();
                const double size = widget->font().pointSizeF();
                if (!widget->testAttribute(Qt::WA_SetFont) || parent == nullptr || size <= 0
                    || qFuzzyCompare(size, parent->font().pointSizeF()))
                    continue;
                widget->setProperty(kBaseFontSize, size);
            }
            sized << widget;
        }
    }
    // Each panel (the central widget, every dock) gets the application font `zoom` points
    // larger, and everything else in it inherits that: the banner's details, the "why"
    // text, captions, tables. Reset gives the inheritance back.
    for (QWidget* panel : panels) {
        QFont font = QApplication::font();
        font.setPointSizeF(std::max(4.0, base + zoom));
        panel->setFont(zoom == 0 ? QFont() : font);
    }
    for (QWidget* widget : sized) {
        QFont font = widget->font();
        font.setPointSizeF(std::max(4.0, widget->property(kBaseFontSize).toDouble() + zoom));
        widget->setFont(font);
    }
    for (QTableView* table : m_window->findChildren<QTableView*>()) refitRows(table, zoom);
    // The explanation under the editors shows whole lines of its present font: three at
    // most, and squeezed (a zoomed font on a laptop screen) one, the rest scrolled, so that
    // it gives up height before the tables and the red summary under the results do.
    if (auto* scroll = m_window->findChild<QAbstractScrollArea*>(QStringLiteral("explanationScroll"))) {
        const int line = scroll->fontMetrics().lineSpacing() + 2;  // code and bold spans set lines apart a little
        scroll->setMinimumHeight(line + 2);
        scroll->setMaximumHeight(3 * line + 2);
    }
}

void EditViewActions::refitRows(QTableView* table, int zoom)
{
    // Rows sized by fitRows keep their count in sight; others keep their padding. Zoomed,
    // a table keeps one row fewer (never under two): three taller rows in the database and
    // in both results took the red summary and the status bar below a 1280×800 screen.
    if (const int rows = table->property(kFittedRows).toInt(); rows > 0) {
        if (!table->property(kUnzoomedRows).isValid()) table->setProperty(kUnzoomedRows, rows);
        const int unzoomed = table->property(kUnzoomedRows).toInt();
        fitRows(table, zoom > 0 ? std::max(std::min(unzoomed, 2), unzoomed - 1) : unzoomed);
        return;
    }
    QHeaderView* header = table->verticalHeader();
    if (!table->property(kRowPadding).isValid())
        table->setProperty(kRowPadding, header->defaultSectionSize() - table->fontMetrics().height());
    header->setDefaultSectionSize(table->fontMetrics().height() + table->property(kRowPadding).toInt());
}

QPlainTextEdit* EditViewActions::findTarget() const
{
    if (auto* focused = qobject_cast<SqlEditor*>(QApplication::focusWidget())) return focused;
    if (!m_lastEditor.isNull()) return m_lastEditor;
    return m_window->findChild<SqlEditor*>();
}

FindDialog* EditViewActions::findDialog()
{
    if (m_find == nullptr) m_find = new FindDialog(m_window);
    return m_find;
}

void EditViewActions::openFind()
{
    FindDialog* dialog = findDialog();
    QPlainTextEdit* target = findTarget();
    dialog->setTarget(target);
    if (target != nullptr && target->textCursor().hasSelection())
        dialog->patternEdit()->setText(target->textCursor().selectedText());
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    dialog->patternEdit()->selectAll();
    dialog->patternEdit()->setFocus();
}

} // namespace sqleq::ui
