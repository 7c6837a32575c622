// Keyboard navigation: each panel names its own controls for screen readers; this file
// only orders them for Tab. Where a window shortcut of the inspector (Find: Ctrl+F,
// Reset zoom: Ctrl+0) is also one of audit mode's (Search items, Clear verdict), Qt
// would call the key ambiguous and do neither; the inspector's action gives the key up
// while the audit action is enabled, i.e. while a project is open.

#include "ui/keyboard_navigation.h"

#include "ui/audit/audit_actions.h"
#include "ui/audit/audit_mode.h"
#include "ui/edit_view_actions.h"
#include "ui/main_window.h"
#include "ui/main_window_actions.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/results_view.h"
#include "ui/widgets/sql_editor.h"

#include <QAction>
#include <QLineEdit>
#include <QMenu>

namespace sqleq::ui {
namespace {

/// The first widget inside `container` that takes focus by Tab, or null.
QWidget* firstTabStop(QWidget* container)
{
    if (container == nullptr) return nullptr;
    if (container->focusPolicy() & Qt::TabFocus) return container;
    for (QWidget* child : container->findChildren<QWidget*>())
        if (child->focusPolicy() & Qt::TabFocus) return child;
    return nullptr;
}

/// `ours` keeps its keys except those `theirs` holds while `theirs` is enabled.
void yieldSharedKeys(QAction* ours, QAction* theirs)
{
    if (ours == nullptr || theirs == nullptr) return;
    const QList<QKeySequence> all = ours->shortcuts();
    const auto apply = [ours, theirs, all] {
        QList<QKeySequence> keys;
        for (const QKeySequence& key : all)
            if (!theirs->isEnabled() || !theirs->shortcuts().contains(key)) keys << key;
        ours->setShortcuts(keys);
    };
    QObject::connect(theirs, &QAction::enabledChanged, ours, apply);
    apply();
}

void orderTabs(MainWindow& window)
{
    const QList<QWidget*> chain{window.questionEditor(), window.goldEditor(), window.candidateEditor(),
                                firstTabStop(window.databasesPanel()), firstTabStop(window.databaseView()),
                                firstTabStop(window.resultsView())};
    QWidget* previous = nullptr;
    for (QWidget* next : chain) {
        if (next == nullptr) continue;
        if (previous != nullptr) QWidget::setTabOrder(previous, next);
        previous = next;
    }
}

} // namespace

void setUpKeyboardNavigation(MainWindow& window)
{
    orderTabs(window);
    auto* actions = window.findChild<MainWindowActions*>();
    AuditActions* audit = window.audit()->actions();
    if (actions != nullptr && audit != nullptr) {
        yieldSharedKeys(actions->editView->find, audit->focusSearch);
        yieldSharedKeys(actions->editView->zoomReset, audit->clearVerdict);
        QObject::connect(window.audit(), &AuditMode::projectOpened, actions, [actions] { actions->showAuditMode(true); });
        QObject::connect(window.audit(), &AuditMode::projectClosed, actions, [actions] { actions->showAuditMode(false); });
        actions->showAuditMode(window.audit()->project() != nullptr);
    }
}

} // namespace sqleq::ui
