// AuditMode and the inspector's inputs: a verdict is recorded only for the item whose
// schema, gold and prediction are on screen. Whatever replaces them leaves audit mode
// first; an edit of the item's queries makes the verdict buttons refuse; the item keeps
// the project's profile and seed whatever Settings say, and the Verdict panel says so.
// (AuditMode's other members are in audit_mode.cpp.)

#include "ui/audit/audit_mode.h"

#include "ui/app_file_actions.h"
#include "ui/app_settings.h"
#include "ui/audit/annotation_panel.h"
#include "ui/audit/audit_project.h"
#include "ui/audit/audit_session.h"
#include "ui/main_window.h"

#include <QFileInfo>
#include <QTimer>

namespace sqleq::ui {

QString AuditMode::leaveForNewInputs(const QString& what)
{
    if (!m_project) return {};
    const QString name = QFileInfo(m_project->path()).fileName();
    closeProject();
    const QString message = tr("Left audit mode: %1 replaces the item's inputs, so %2 was closed (Audit ▸ Recent audit "
                               "projects reopens it where you were).")
                                .arg(what, name);
    m_window->showMessage(message);
    // The new inputs usually run at once and "Done in 0.1 s" would hide why audit mode
    // ended: say it again when that run settles. No run started: nothing to wait for.
    const auto again = connect(m_window, &MainWindow::runSettled, m_window,
                               [window = m_window, message] { window->showMessage(message); }, Qt::SingleShotConnection);
    QTimer::singleShot(0, this, [this, again] {
        if (!m_window->isRunning()) disconnect(again);
    });
    return message;
}

QString AuditMode::itemInputsChanged() const
{
    if (!m_project || !m_loadedItem) return {};
    const audit::AuditItem* item = m_project->item(*m_loadedItem);
    if (!item) return tr("item %1 is not in the project").arg(*m_loadedItem);
    return inputsDifferFromItem(m_window->currentSession(), sessionForItem(*item, m_project->sources(), m_settings->runSettings()));
}

bool AuditMode::mayReplaceSession() { return m_window->fileActions()->confirmDiscardEdits(); }

void AuditMode::showSettingsNote()
{
    m_annotation->showSettingsNote(m_project ? projectSettingsNote(m_project->sources(), m_settings->runSettings()) : QString());
}

void AuditMode::reapplyProjectSettings()
{
    showSettingsNote();
    if (!m_project || !m_loadedItem || !itemInputsChanged().isEmpty()) return;
    const audit::AuditItem* item = m_project->item(*m_loadedItem);
    if (!item) return;
    const Session session = sessionForItem(*item, m_project->sources(), m_settings->runSettings());
    if (session.settings == m_window->currentSession().settings) return;
    m_window->inspect(session, tr("%1 · item %2").arg(QFileInfo(m_project->path()).fileName()).arg(*m_loadedItem));
}

} // namespace sqleq::ui
