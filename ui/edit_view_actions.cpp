// EditViewActions: the Edit actions are window-wide, so text widgets take their own
// standard keys first (Qt's shortcut override) and the actions serve the menu and the
// tables; a table has no cut or paste, only copy (tab-separated) and select all.
// Zoom records each widget's own font size once, so zooming never compounds.

#include "ui/edit_view_actions.h"

#include "ui/app_settings.h"
#include "ui/audit/audit_mode.h"
#include "ui/main_window.h"
#include "ui/widgets/find_dialog.h"
#include "ui/widgets/sql_editor.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QTimer>
#include <QToolBar>

#include <algorithm>
#include <map>

namespace sqleq::ui {
namespace {

constexpr const char* kBaseFontSize = "sqleqBaseFontSize";

/// The selected cells of `view`, rows by newline and columns by tab, as a spreadsheet pastes them.
QString selectionAsTsv(const QAbstractItemView* view)
{
    if (view->selectionModel() == nullptr) return {};
    QModelIndexList indexes = view->selectionModel()->selectedIndexes();
    if (indexes.isEmpty() && view->currentIndex().isValid()) indexes << view->currentIndex();
    std::sort(indexes.begin(), indexes.end());
    std::map<int, std::map<int, QString>> cells;
    for (const QModelIndex& index : indexes) cells[index.row()][index.column()] = index.data().toString();
    QStringList lines;
    for (const auto& [row, columns] : cells) {
        QStringList values;
        for (const auto& [column, text] : columns) values << text;
        lines << values.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n'));
}

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
        const QString text = selectionAsTsv(view);
        if (!text.isEmpty()) QGuiApplication::clipboard()->setText(text);
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
    QList<QWidget*> targets;
    for (auto* editor : m_window->findChildren<SqlEditor*>()) targets << editor;
    for (auto* view : m_window->findChildren<QAbstractItemView*>()) targets << view;
    for (QWidget* widget : targets) {
        QFont font = widget->font();
        if (!widget->property(kBaseFontSize).isValid()) widget->setProperty(kBaseFontSize, font.pointSizeF());
        const double base = widget->property(kBaseFontSize).toDouble();
        if (base <= 0) continue;  // a pixel-sized font: left alone
        font.setPointSizeF(std::max(4.0, base + zoom));
        widget->setFont(font);
    }
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
