// ShortcutsDialog: Help ▸ Keyboard Shortcuts — every action of a window that has a
// shortcut, with its menu, its text and its keys, read from the actions themselves so the
// list cannot drift from what the keys really do. It triggers nothing.
#pragma once

#include <QDialog>
#include <QString>

#include <vector>

class QAction;
class QKeySequence;
class QTreeWidget;
class QWidget;

namespace sqleq::ui {

struct ShortcutEntry {
    QString menu;    ///< the menu the action sits in ("File", "Audit"), or "Other"
    QString action;  ///< the action's text without mnemonics and ellipses
    QString keys;    ///< every shortcut, in the platform's notation, comma-separated
};

class ShortcutsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutsDialog(QWidget* window, QWidget* parent = nullptr);

    /// The actions of `window` and its children that have a shortcut, in menu order.
    static std::vector<ShortcutEntry> collect(QWidget* window);
    /// The shortcuts of `action` a user can press, comma-separated.
    static QString keysOf(const QAction* action);
    /// False for keys only exotic keyboards have (F13 to F35: X11 names Sun keyboards'
    /// Undo, Copy, Paste and Cut keys F14, F16, F18 and F20).
    static bool isOnOrdinaryKeyboard(const QKeySequence& sequence);

    [[nodiscard]] QTreeWidget* tree() const { return m_tree; }

private:
    QTreeWidget* m_tree = nullptr;
};

} // namespace sqleq::ui
