// AuditMode: the main window's audit mode — an open `.sqleq-audit` project shown as an
// items dock (filters, table, progress) and an annotation dock, with the selected item
// loaded into the inspector as a Session run by the window's SessionController (a
// running job is superseded, the list never waits for it). It owns the project, builds
// new ones in the background with progress and Cancel in the status bar, and routes the
// Audit menu's actions. The window stays a composer: it only creates this object.
#pragma once

#include "core/audit/audit.h"
#include "ui/audit/audit_build.h"

#include <QList>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QAction;
class QBoxLayout;
class QDockWidget;
class QMenu;
class QTimer;

namespace sqleq::ui {

class AnnotationPanel;
class AppSettings;
class AuditActions;
class AuditBuildRunner;
class AuditBuildStatus;
class AuditExchange;
class AuditItemExplainer;
class AuditItemsPanel;
class EarlierTurnsPanel;
class AuditProject;
class MainWindow;
class ResultPrefetcher;

class AuditMode : public QObject {
    Q_OBJECT

public:
    /// Creates the (hidden) docks and the Audit menu, placed before `menuBefore`.
    AuditMode(MainWindow* window, AppSettings* settings, QMenu* menuBefore);
    ~AuditMode() override;

    /// Opens the project at `path`, shows the docks and goes back to where the annotator
    /// was (item, filters, scroll), else to the first item not yet reviewed (which starts
    /// its run). False with `error` naming the file.
    bool openProject(const QString& path, QString* error);
    /// openProject, with a message box on failure.
    void openProjectReporting(const QString& path);
    /// Shows the item with `itemIndex` in the list and the inspector.
    bool selectItem(std::size_t itemIndex);
    /// Starts building a project in the background; it opens when done.
    bool startBuild(const AuditBuildRequest& request);

    [[nodiscard]] AuditProject* project() const { return m_project.get(); }
    [[nodiscard]] AuditItemsPanel* itemsPanel() const { return m_items; }
    [[nodiscard]] AnnotationPanel* annotationPanel() const { return m_annotation; }
    /// A multi-turn project's position and earlier turns of the loaded item.
    [[nodiscard]] EarlierTurnsPanel* earlierTurnsPanel() const { return m_earlierTurns; }
    [[nodiscard]] AuditActions* actions() const { return m_actions; }
    [[nodiscard]] AuditExchange* exchange() const { return m_exchange; }
    [[nodiscard]] AuditItemExplainer* explainer() const { return m_explainer; }
    [[nodiscard]] QDockWidget* itemsDock() const { return m_itemsDock; }
    [[nodiscard]] QDockWidget* annotationDock() const { return m_annotationDock; }
    /// The actions that show or hide the audit docks (listed in the Audit menu; a View
    /// menu may list them too).
    [[nodiscard]] QList<QAction*> dockToggleActions() const;
    [[nodiscard]] bool isBuilding() const;
    /// The item loaded into the inspector.
    [[nodiscard]] std::optional<std::size_t> loadedItem() const { return m_loadedItem; }
    /// Computes the next disagreement while the annotator reads the current item.
    [[nodiscard]] ResultPrefetcher* prefetcher() const { return m_prefetcher; }

    /// Hides the docks when no project is open (after the window restored its layout).
    void syncDocks();
    /// Writes a reason or note typed but not yet confirmed (e.g. before closing).
    void commitPending();
    /// Something is about to replace the inspector's inputs (`what`: "Help ▸ Examples"):
    /// with a project open, audit mode is left first (pending edits written, the project
    /// closed, the status bar saying why), so no verdict can land on an item whose
    /// inputs are no longer on screen. Returns the message shown (empty: no project).
    QString leaveForNewInputs(const QString& what);
    /// Why the inputs on screen are not the loaded item's; empty when they are (or no
    /// item is loaded).
    [[nodiscard]] QString itemInputsChanged() const;
    /// Before a project replaces the session on screen: asks to save a modified one.
    /// True when it is fine to go on.
    bool mayReplaceSession();

public slots:
    void newProjectDialog();
    void openProjectDialog();
    /// Opens the bundled example's project, building it first when it does not exist yet.
    void openBundledExample();
    void closeProject();
    void cancelBuild();

    void nextItem();
    void previousItem();
    void nextDisagreement();
    void previousDisagreement();
    void chooseVerdict(audit::Verdict verdict);
    void clearVerdict();
    void focusNote();
    void focusReason();
    void focusSearch();
    /// Asks for the annotator's name (prefilled); false when the user cancelled.
    bool askAnnotator();
    void setAnnotator(const QString& name);

    void exportTsv();
    void exportJson();
    void exportMetrics();
    void importTsv();
    void compareAnnotators();

signals:
    void projectOpened(const QString& path);
    /// The open project was closed; the window is back to the plain inspector.
    void projectClosed();
    /// A background build ended (opened, failed or cancelled).
    void buildSettled();

private:
    void buildDocks();
    void shareInspectorHeight();
    void showBuildState(bool building);
    /// The Verdict panel says when the user's Settings differ from the project's.
    void showSettingsNote();
    /// After Run ▸ Settings: the item keeps the project's profile and seed, and takes the
    /// rest (budget, timeout) from the new Settings.
    void reapplyProjectSettings();
    void onBuildFinished(const QString& path, int items, int disagreeing, const QString& distilledSuites);
    void onItemSelected(std::size_t itemIndex);
    /// The inspector is idle: start computing the item F8 would show next.
    void prefetchNextDisagreement();
    void move(int step, bool disagreeing);
    void selectStartItem();
    /// Restores the place saved for the open project; false when none was saved.
    bool restorePlace();
    void savePlace();
    void updateActions();

    MainWindow* m_window;
    AppSettings* m_settings;
    std::unique_ptr<AuditProject> m_project;
    AuditItemsPanel* m_items = nullptr;
    AnnotationPanel* m_annotation = nullptr;
    EarlierTurnsPanel* m_earlierTurns = nullptr;
    QDockWidget* m_itemsDock = nullptr;
    QDockWidget* m_annotationDock = nullptr;
    QBoxLayout* m_verdictColumn = nullptr;  ///< the verdict panel's column: the banner joins it
    AuditActions* m_actions = nullptr;
    AuditExchange* m_exchange = nullptr;
    AuditItemExplainer* m_explainer = nullptr;
    AuditBuildRunner* m_builder = nullptr;
    ResultPrefetcher* m_prefetcher = nullptr;
    AuditBuildStatus* m_buildStatus = nullptr;
    std::optional<std::size_t> m_loadedItem;
    /// Debounces saving the annotator's place: a scroll emits many changes a second.
    QTimer* m_placeTimer = nullptr;
    bool m_restoringPlace = false;
    bool m_docksPlaced = false;
};

} // namespace sqleq::ui
