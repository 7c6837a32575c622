// Keyboard navigation: each panel names its own controls for screen readers; this file
// only orders them for Tab and tells the session actions when audit mode starts and
// ends. No two actions share a key (test_shortcuts), so no key changes meaning by mode.

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
        QObject::connect(window.audit(), &AuditMode::projectOpened, actions, [actions] { actions->showAuditMode(true); });
        QObject::connect(window.audit(), &AuditMode::projectClosed, actions, [actions] { actions->showAuditMode(false); });
        actions->showAuditMode(window.audit()->project() != nullptr);
    }
}

} // namespace sqleq::ui
