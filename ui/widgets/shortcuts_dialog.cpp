// ShortcutsDialog: walks the menu bar first, so entries come in the order a user sees
// the menus; actions outside any menu (toolbar-only, widget-local) come last under
// "Other". An action listed twice (menu and toolbar) appears once.

#include "ui/widgets/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

QString plainText(QString text)
{
    text.remove(QStringLiteral("…"));
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text.trimmed();
}

} // namespace

bool ShortcutsDialog::isOnOrdinaryKeyboard(const QKeySequence& sequence)
{
    // Qt's X11 bindings add the Undo, Copy, Paste and Cut keys of Sun keyboards, which
    // X names F14, F16, F18 and F20; a list that showed them would name keys nobody has.
    for (int i = 0; i < sequence.count(); ++i) {
        const Qt::Key key = sequence[i].key();
        if (key >= Qt::Key_F13 && key <= Qt::Key_F35) return false;
    }
    return !sequence.isEmpty();
}

QString ShortcutsDialog::keysOf(const QAction* action)
{
    QStringList keys;
    for (const QKeySequence& sequence : action->shortcuts())
        if (isOnOrdinaryKeyboard(sequence)) keys << sequence.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

namespace {

void collectMenu(const QMenu* menu, const QString& title, QSet<const QAction*>& seen, std::vector<ShortcutEntry>& out)
{
    for (QAction* action : menu->actions()) {
        if (action->menu() != nullptr) {
            collectMenu(action->menu(), title, seen, out);
            continue;
        }
        const QString keys = ShortcutsDialog::keysOf(action);
        if (action->isSeparator() || keys.isEmpty() || seen.contains(action)) continue;
        seen.insert(action);
        out.push_back({title, plainText(action->text()), keys});
    }
}

} // namespace

std::vector<ShortcutEntry> ShortcutsDialog::collect(QWidget* window)
{
    std::vector<ShortcutEntry> entries;
    QSet<const QAction*> seen;
    if (auto* bar = window->findChild<QMenuBar*>()) {
        for (QAction* top : bar->actions())
            if (top->menu() != nullptr) collectMenu(top->menu(), plainText(top->text()), seen, entries);
    }
    for (const QAction* action : window->findChildren<QAction*>()) {
        if (keysOf(action).isEmpty() || seen.contains(action) || action->text().isEmpty()) continue;
        // A dialog's own keys (the Find window's F3) repeat a menu's; they are not the window's.
        if (auto* owner = qobject_cast<QWidget*>(action->parent()); owner != nullptr && qobject_cast<QDialog*>(owner->window()))
            continue;
        seen.insert(action);
        entries.push_back({tr("Other"), plainText(action->text()), keysOf(action)});
    }
    return entries;
}

ShortcutsDialog::ShortcutsDialog(QWidget* window, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_tree = new QTreeWidget(this);
    m_tree->setAccessibleName(tr("Keyboard shortcuts"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Action"), tr("Keys")});
    m_tree->setRootIsDecorated(true);
    QTreeWidgetItem* group = nullptr;
    for (const ShortcutEntry& entry : collect(window)) {
        if (group == nullptr || group->text(0) != entry.menu) {
            group = new QTreeWidgetItem(m_tree, {entry.menu});
            group->setFirstColumnSpanned(true);
            QFont bold = group->font(0);
            bold.setBold(true);
            group->setFont(0, bold);
        }
        new QTreeWidgetItem(group, {entry.action, entry.keys});
    }
    m_tree->expandAll();
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tree);
    layout->addWidget(buttons);
    resize(520, 600);
}

} // namespace sqleq::ui
