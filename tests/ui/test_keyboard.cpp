// Keyboard use of the main window, offscreen, in the inspector and in audit mode (the
// bundled example): no two items of one menu share a mnemonic; the menu bar's titles and
// the visible controls' mnemonics (buttons, labels with a buddy, group boxes, tab texts)
// are unique across the window; every visible control that takes focus has a name a
// screen reader can announce; Tab moves through the inspection in reading order; and no
// enabled window shortcut is claimed twice (Qt would ignore an ambiguous key).

#include "ui/audit/audit_mode.h"
#include "ui/main_window.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/sql_editor.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextEdit>
#include <QtTest>

#include <map>

using namespace sqleq;

namespace {

constexpr int kRunTimeoutMs = 120'000;

/// The mnemonic letter of a menu or widget text ("&File" → 'f'); null without one ("&&" is a literal &).
QChar mnemonicOf(const QString& text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&')) continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return text[i + 1].toLower();
    }
    return {};
}

/// Adds `text`'s mnemonic under `owner`; a second owner of the same letter is reported.
void claim(std::map<QChar, QString>& taken, const QString& text, const QString& owner, QStringList& clashes)
{
    const QChar key = mnemonicOf(text);
    if (key.isNull()) return;
    const auto [it, inserted] = taken.emplace(key, owner);
    if (!inserted) clashes << QStringLiteral("Alt+%1: %2 and %3").arg(key.toUpper(), it->second, owner);
}

void checkMenu(QMenu* menu, const QString& path, QStringList& clashes)
{
    emit menu->aboutToShow();  // menus filled on opening (recent files, View) fill now
    std::map<QChar, QString> taken;
    for (QAction* action : menu->actions()) {
        if (action->isSeparator() || !action->isVisible()) continue;
        claim(taken, action->text(), path + QStringLiteral(" ▸ ") + action->text(), clashes);
        if (action->menu() != nullptr) checkMenu(action->menu(), path + QStringLiteral(" ▸ ") + action->text(), clashes);
    }
}

QStringList menuClashes(ui::MainWindow& window)
{
    QStringList clashes;
    for (QAction* top : window.menuBar()->actions())
        if (top->menu() != nullptr && top->isVisible()) checkMenu(top->menu(), top->text(), clashes);
    return clashes;
}

bool inWindow(const QWidget* widget, const ui::MainWindow& window)
{
    return widget->window() == &window && widget->isVisible();
}

QStringList windowClashes(ui::MainWindow& window)
{
    QStringList clashes;
    std::map<QChar, QString> taken;
    for (QAction* top : window.menuBar()->actions())
        if (top->isVisible()) claim(taken, top->text(), QStringLiteral("menu ") + top->text(), clashes);
    for (QWidget* widget : window.findChildren<QWidget*>()) {
        if (!inWindow(widget, window)) continue;
        if (qobject_cast<QMenu*>(widget) != nullptr) continue;
        const QString name = widget->metaObject()->className() + QStringLiteral(" ");
        if (auto* button = qobject_cast<QAbstractButton*>(widget)) claim(taken, button->text(), name + button->text(), clashes);
        if (auto* label = qobject_cast<QLabel*>(widget); label != nullptr && label->buddy() != nullptr)
            claim(taken, label->text(), name + label->text(), clashes);
        if (auto* box = qobject_cast<QGroupBox*>(widget)) claim(taken, box->title(), name + box->title(), clashes);
        if (auto* tabs = qobject_cast<QTabBar*>(widget))
            for (int i = 0; i < tabs->count(); ++i) claim(taken, tabs->tabText(i), name + tabs->tabText(i), clashes);
    }
    return clashes;
}

bool isControl(QWidget* widget)
{
    return qobject_cast<QAbstractButton*>(widget) || qobject_cast<QLineEdit*>(widget) || qobject_cast<QComboBox*>(widget)
        || qobject_cast<QAbstractItemView*>(widget) || qobject_cast<QPlainTextEdit*>(widget)
        || qobject_cast<QTextEdit*>(widget) || qobject_cast<QAbstractSpinBox*>(widget);
}

/// The visible focusable controls without a name: what a screen reader announces
/// (Qt's accessible name: accessibleName, else the text, else a buddy label's text).
QStringList unnamedControls(ui::MainWindow& window)
{
    QStringList unnamed;
    for (QWidget* widget : window.findChildren<QWidget*>()) {
        if (!inWindow(widget, window) || widget->focusPolicy() == Qt::NoFocus || !isControl(widget)) continue;
        // A table's cell editor or a combo box's own line edit is named by its owner.
        if (qobject_cast<QAbstractItemView*>(widget->parentWidget()) || qobject_cast<QComboBox*>(widget->parentWidget()))
            continue;
        QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(widget);
        const QString name = accessible != nullptr ? accessible->text(QAccessible::Name).trimmed() : QString();
        if (name.isEmpty()) {
            QString where;
            for (QWidget* up = widget->parentWidget(); up != nullptr && up != &window; up = up->parentWidget())
                if (!up->objectName().isEmpty() || up->metaObject()->className() != QByteArray("QWidget"))
                    where += QStringLiteral(" < ") + up->metaObject()->className();
            unnamed << widget->metaObject()->className() + QStringLiteral(" '") + widget->objectName() + QLatin1Char('\'')
                           + where;
        }
    }
    return unnamed;
}

/// Enabled shortcuts claimed by more than one enabled action of the window.
QStringList ambiguousShortcuts(ui::MainWindow& window)
{
    std::map<QString, QString> owners;
    QStringList clashes;
    for (QAction* action : window.findChildren<QAction*>()) {
        if (!action->isEnabled() || action->shortcutContext() == Qt::WidgetShortcut) continue;
        // Actions of a dialog (the Find window) only compete within that dialog.
        if (auto* owner = qobject_cast<QWidget*>(action->parent()); owner != nullptr && qobject_cast<QDialog*>(owner->window()))
            continue;
        for (const QKeySequence& key : action->shortcuts()) {
            const auto [it, inserted] = owners.emplace(key.toString(), action->text());
            if (!inserted && it->second != action->text())
                clashes << QStringLiteral("%1: %2 and %3").arg(key.toString(), it->second, action->text());
        }
    }
    return clashes;
}

/// The widget Tab moves to from `widget`.
QWidget* nextTabStop(QWidget* widget)
{
    QWidget* next = widget->nextInFocusChain();
    while (next != nullptr && next != widget && !(next->focusPolicy() & Qt::TabFocus && next->isVisible()))
        next = next->nextInFocusChain();
    return next;
}

void checkWindow(ui::MainWindow& window)
{
    const QStringList menus = menuClashes(window);
    QVERIFY2(menus.isEmpty(), qPrintable(menus.join(QLatin1Char('\n'))));
    const QStringList widgets = windowClashes(window);
    QVERIFY2(widgets.isEmpty(), qPrintable(widgets.join(QLatin1Char('\n'))));
    const QStringList unnamed = unnamedControls(window);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QLatin1Char('\n'))));
    const QStringList keys = ambiguousShortcuts(window);
    QVERIFY2(keys.isEmpty(), qPrintable(keys.join(QLatin1Char('\n'))));
}

} // namespace

class TestKeyboard : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void mnemonicParsing()
    {
        QCOMPARE(mnemonicOf(QStringLiteral("&File")), QChar(u'f'));
        QCOMPARE(mnemonicOf(QStringLiteral("Save &As")), QChar(u'a'));
        QVERIFY(mnemonicOf(QStringLiteral("Fish && chips")).isNull());
        QCOMPARE(mnemonicOf(QStringLiteral("A && &B")), QChar(u'b'));
        QVERIFY(mnemonicOf(QStringLiteral("Plain")).isNull());
    }

    void clashesAreFound()
    {
        // The checks themselves: a window with a second "&File" must fail them.
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* extra = new QPushButton(QStringLiteral("&Fetch"), window.statusBar());
        window.statusBar()->addWidget(extra);
        extra->show();
        QVERIFY(!windowClashes(window).isEmpty());
        auto* unnamed = new QLineEdit(window.statusBar());
        window.statusBar()->addWidget(unnamed);
        unnamed->show();
        QVERIFY(!unnamedControls(window).isEmpty());
        auto* twin = new QAction(QStringLiteral("Open twice"), &window);
        twin->setShortcut(QKeySequence::Open);
        window.addAction(twin);
        QVERIFY(!ambiguousShortcuts(window).isEmpty());
    }

    void inspectorMode()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QString error;
        QSignalSpy settled(&window, &ui::MainWindow::runSettled);
        QVERIFY2(window.openSession(ui::MainWindow::defaultExample(), true, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(settled.count() == 1, kRunTimeoutMs);
        checkWindow(window);
    }

    void tabOrderFollowsTheInspection()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The editors take Tab as text; Ctrl+Tab moves on along the same chain.
        QCOMPARE(nextTabStop(window.questionEditor()), static_cast<QWidget*>(window.goldEditor()));
        QCOMPARE(nextTabStop(window.goldEditor()), static_cast<QWidget*>(window.candidateEditor()));
        QCOMPARE(nextTabStop(window.candidateEditor()), static_cast<QWidget*>(window.databasesPanel()->view()));
        QWidget* afterSuite = nextTabStop(window.databasesPanel()->view());
        QVERIFY(afterSuite != nullptr && window.databaseView()->isAncestorOf(afterSuite));
    }

    void auditMode()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(window.audit(), &ui::AuditMode::projectOpened);
        window.audit()->openBundledExample();
        QTRY_VERIFY_WITH_TIMEOUT(opened.count() == 1, kRunTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), kRunTimeoutMs);
        checkWindow(window);
    }
};

SQLEQ_GUI_TEST_MAIN(TestKeyboard)
#include "test_keyboard.moc"
