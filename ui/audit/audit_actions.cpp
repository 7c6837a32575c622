// AuditActions: a shortcut's text is appended to the tooltip by add(), so the menu
// (Qt shows shortcuts there itself) and the tooltips always name the same keys.

#include "ui/audit/audit_actions.h"

#include "ui/app_settings.h"
#include "ui/audit/audit_mode.h"

#include <QAction>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

namespace sqleq::ui {

AuditActions::AuditActions(QMainWindow* window, AuditMode* mode, AppSettings* settings, QMenu* before)
    : QObject(mode), m_window(window), m_mode(mode), m_settings(settings)
{
    menu = new QMenu(tr("&Audit"), window);
    if (before)
        window->menuBar()->insertMenu(before->menuAction(), menu);
    else
        window->menuBar()->addMenu(menu);

    newProject = add(tr("&New Audit Project…"), {QKeySequence(tr("Ctrl+Alt+N"))},
                     tr("Compute the metrics of a gold file and predictions and start judging them"));
    connect(newProject, &QAction::triggered, mode, &AuditMode::newProjectDialog);
    openProject = add(tr("&Open Audit Project…"), {QKeySequence(tr("Ctrl+Alt+O"))}, tr("Open a .sqleq-audit project"));
    connect(openProject, &QAction::triggered, mode, &AuditMode::openProjectDialog);
    m_recent = menu->addMenu(tr("Recent audit projects"));
    connect(m_recent, &QMenu::aboutToShow, this, &AuditActions::fillRecentMenu);
    openExample = add(tr("Open the &bundled example"), {}, tr("Eleven questions on the concerts schema where the metrics disagree"));
    connect(openExample, &QAction::triggered, mode, &AuditMode::openBundledExample);
    menu->addSeparator();

    nextItem = add(tr("Ne&xt item"), {QKeySequence(tr("Alt+Down")), QKeySequence(tr("F7"))}, {});
    connect(nextItem, &QAction::triggered, mode, &AuditMode::nextItem);
    previousItem = add(tr("Pre&vious item"), {QKeySequence(tr("Alt+Up")), QKeySequence(tr("Shift+F7"))}, {});
    connect(previousItem, &QAction::triggered, mode, &AuditMode::previousItem);
    nextDisagreement = add(tr("Next &disagreement"), {QKeySequence(tr("F8"))}, tr("The next item whose metrics disagree"));
    connect(nextDisagreement, &QAction::triggered, mode, &AuditMode::nextDisagreement);
    previousDisagreement = add(tr("Previous d&isagreement"), {QKeySequence(tr("Shift+F8"))}, {});
    connect(previousDisagreement, &QAction::triggered, mode, &AuditMode::previousDisagreement);
    menu->addSeparator();

    equivalent = add(tr("Verdict: &Equivalent"), {QKeySequence(tr("Ctrl+1"))}, {});
    connect(equivalent, &QAction::triggered, mode, [mode] { mode->chooseVerdict(audit::Verdict::Equivalent); });
    notEquivalent = add(tr("Verdict: Not e&quivalent"), {QKeySequence(tr("Ctrl+2"))}, {});
    connect(notEquivalent, &QAction::triggered, mode, [mode] { mode->chooseVerdict(audit::Verdict::NotEquivalent); });
    unsure = add(tr("Verdict: &Unsure"), {QKeySequence(tr("Ctrl+3"))}, {});
    connect(unsure, &QAction::triggered, mode, [mode] { mode->chooseVerdict(audit::Verdict::Unsure); });
    clearVerdict = add(tr("&Clear verdict"), {QKeySequence(tr("Ctrl+Shift+Del"))}, {});
    connect(clearVerdict, &QAction::triggered, mode, &AuditMode::clearVerdict);
    focusReason = add(tr("Edit &reason"), {QKeySequence(tr("Ctrl+Shift+R"))}, {});
    connect(focusReason, &QAction::triggered, mode, &AuditMode::focusReason);
    focusNote = add(tr("Edit no&te"), {QKeySequence(tr("Ctrl+Shift+N"))}, {});
    connect(focusNote, &QAction::triggered, mode, &AuditMode::focusNote);
    focusSearch = add(tr("&Search items"), {QKeySequence(tr("Ctrl+Shift+F"))}, {});
    connect(focusSearch, &QAction::triggered, mode, &AuditMode::focusSearch);
    menu->addSeparator();

    exportTsv = add(tr("Ex&port annotations as TSV…"), {}, tr("esm_false_negatives.tsv layout, plus verdict, annotator, index"));
    connect(exportTsv, &QAction::triggered, mode, &AuditMode::exportTsv);
    exportJson = add(tr("Export annotations as &JSON…"), {}, {});
    connect(exportJson, &QAction::triggered, mode, &AuditMode::exportJson);
    exportMetrics = add(tr("Export &metrics table…"), {},
                        tr("Every item's metrics, as sqleq-cli eval --out writes them (TSV or JSON)"));
    connect(exportMetrics, &QAction::triggered, mode, &AuditMode::exportMetrics);
    importTsv = add(tr("Import &annotations from TSV…"), {}, {});
    connect(importTsv, &QAction::triggered, mode, &AuditMode::importTsv);
    compare = add(tr("Compare &with another annotator…"), {}, tr("Agreement rate, Cohen's kappa and the items judged differently"));
    connect(compare, &QAction::triggered, mode, &AuditMode::compareAnnotators);
    changeAnnotator = add(tr("C&hange annotator…"), {}, {});
    connect(changeAnnotator, &QAction::triggered, mode, [mode] { mode->askAnnotator(); });
    menu->addSeparator();
    closeProject = add(tr("C&lose audit project"), {}, {});
    connect(closeProject, &QAction::triggered, mode, &AuditMode::closeProject);

    m_projectActions = {nextItem, previousItem, nextDisagreement, previousDisagreement, equivalent, notEquivalent,
                        unsure, clearVerdict, focusReason, focusNote, focusSearch, exportTsv, exportJson, exportMetrics, importTsv,
                        compare, changeAnnotator, closeProject};
    update(false, false);
}

QAction* AuditActions::add(const QString& text, const QList<QKeySequence>& shortcuts, const QString& tip)
{
    auto* action = menu->addAction(text);
    action->setShortcuts(shortcuts);
    // Window-wide, so the keys work from the items table, the editors and the panels alike.
    action->setShortcutContext(Qt::WindowShortcut);
    QString toolTip = tip.isEmpty() ? QString(text).remove(QLatin1Char('&')).remove(QStringLiteral("…")) : tip;
    if (!shortcuts.isEmpty()) toolTip += QStringLiteral(" (%1)").arg(shortcuts.constFirst().toString(QKeySequence::NativeText));
    action->setToolTip(toolTip);
    action->setStatusTip(toolTip);
    return action;
}

void AuditActions::fillRecentMenu()
{
    m_recent->clear();
    const QStringList files = m_settings->recentAuditProjects();
    for (const QString& path : files) {
        QAction* action = m_recent->addAction(QFileInfo(path).fileName());
        action->setToolTip(path);
        connect(action, &QAction::triggered, m_mode, [this, path] {
            if (m_mode->mayReplaceSession()) m_mode->openProjectReporting(path);
        });
    }
    if (files.isEmpty()) m_recent->addAction(tr("(none)"))->setEnabled(false);
}

void AuditActions::update(bool hasProject, bool building)
{
    for (QAction* action : m_projectActions) action->setEnabled(hasProject);
    newProject->setEnabled(!building);
    openExample->setEnabled(!building);
}

} // namespace sqleq::ui
