// Keyboard shortcuts of the main window: no two actions share a key, neither in the
// plain inspector nor with an audit project open (Qt calls a shared key ambiguous and
// does neither), and Help ▸ Keyboard Shortcuts names only keys a user can press (no
// F14/F16/F18/F20, X11's names for the Undo/Copy/Paste/Cut keys of Sun keyboards).

#include "ui/audit/audit_actions.h"
#include "ui/audit/audit_mode.h"
#include "ui/edit_view_actions.h"
#include "ui/main_window.h"
#include "ui/main_window_actions.h"
#include "ui/widgets/shortcuts_dialog.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QAction>
#include <QDialog>
#include <QMap>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;

namespace {

/// Every key sequence of every action that is live in `window` (dialogs' own keys, such
/// as the Find window's F3, excepted: they act only inside that dialog), with the
/// actions holding it.
QMap<QString, QStringList> keysInUse(QWidget& window)
{
    QMap<QString, QStringList> holders;
    for (const QAction* action : window.findChildren<QAction*>()) {
        if (auto* owner = qobject_cast<QWidget*>(action->parent()); owner && qobject_cast<QDialog*>(owner->window())) continue;
        for (const QKeySequence& key : action->shortcuts())
            holders[key.toString(QKeySequence::PortableText)] << QString(action->text()).remove(QLatin1Char('&'));
    }
    return holders;
}

QString clashes(const QMap<QString, QStringList>& holders)
{
    QStringList out;
    for (auto it = holders.cbegin(); it != holders.cend(); ++it)
        if (it.value().size() > 1) out << QStringLiteral("%1: %2").arg(it.key(), it.value().join(QStringLiteral(", ")));
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TestShortcuts : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
        test::startAuditAsAlice();
    }

    void noTwoActionsShareAKeyInEitherMode()
    {
        ui::MainWindow window;
        window.show();
        QMap<QString, QStringList> plain = keysInUse(window);
        QVERIFY2(clashes(plain).isEmpty(), qPrintable(clashes(plain)));
        QVERIFY(plain.contains(QStringLiteral("Ctrl+0")) && plain.contains(QStringLiteral("Ctrl+F")));

        QVERIFY(test::openBundledAuditExample(window));
        QMap<QString, QStringList> auditing = keysInUse(window);
        QVERIFY2(clashes(auditing).isEmpty(), qPrintable(clashes(auditing)));
        // Reset zoom and Find keep their keys; audit mode's own are elsewhere.
        QCOMPARE(auditing.value(QStringLiteral("Ctrl+0")), QStringList{QStringLiteral("Reset zoom")});
        QCOMPARE(auditing.value(QStringLiteral("Ctrl+F")), QStringList{QStringLiteral("Find…")});
        QCOMPARE(window.audit()->actions()->clearVerdict->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+Del")));
        QCOMPARE(window.audit()->actions()->focusSearch->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+F")));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), test::kRunTimeoutMs);
    }

    void theShortcutListNamesKeysAUserCanPress()
    {
        ui::MainWindow window;
        QVERIFY(test::openBundledAuditExample(window));
        // What Qt's X11 key bindings give Undo and Copy under a real X server (offscreen
        // has other bindings): the keyboard's own keys, and a Sun keyboard's.
        auto* edit = window.findChild<ui::MainWindowActions*>()->editView;
        edit->undo->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Z), QKeySequence(Qt::Key_F14)});
        edit->copy->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_C), QKeySequence(Qt::CTRL | Qt::Key_Insert),
                                  QKeySequence(Qt::Key_F16)});
        QStringList listed;
        for (const ui::ShortcutEntry& entry : ui::ShortcutsDialog::collect(&window)) {
            for (const QString& key : entry.keys.split(QStringLiteral(", "))) {
                const QKeySequence sequence(key, QKeySequence::NativeText);
                QVERIFY2(!sequence.isEmpty(), qPrintable(entry.action + QStringLiteral(": ") + key));
                QVERIFY2(ui::ShortcutsDialog::isOnOrdinaryKeyboard(sequence), qPrintable(entry.action + QStringLiteral(": ") + key));
            }
            listed << entry.action + QStringLiteral(" = ") + entry.keys;
        }
        for (const char* sunKey : {"F14", "F16", "F18", "F20"})
            QVERIFY2(!listed.join(QLatin1Char('\n')).contains(QLatin1String(sunKey)), qPrintable(listed.join(QLatin1Char('\n'))));
        QVERIFY2(listed.contains(QStringLiteral("Undo = Ctrl+Z")), qPrintable(listed.join(QLatin1Char('\n'))));
        QVERIFY(listed.contains(QStringLiteral("Copy = Ctrl+C, Ctrl+Ins")));
        QVERIFY(listed.contains(QStringLiteral("Clear verdict = Ctrl+Shift+Del")));
        QVERIFY(!ui::ShortcutsDialog::isOnOrdinaryKeyboard(QKeySequence(Qt::Key_F14)));
        QVERIFY(ui::ShortcutsDialog::isOnOrdinaryKeyboard(QKeySequence(Qt::SHIFT | Qt::Key_F8)));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), test::kRunTimeoutMs);
    }
};

SQLEQ_GUI_TEST_MAIN(TestShortcuts)
#include "test_shortcuts.moc"
