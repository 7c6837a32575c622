// AuditMode: selection → Session → MainWindow::inspect(). Everything slow happens
// elsewhere: the run in the SessionController's job, a project build in
// AuditBuildRunner's; the GUI thread only reads the store and commits single edits.

#include "ui/audit/audit_mode.h"

#include "ui/app_settings.h"
#include "ui/audit/annotation_panel.h"
#include "ui/audit/audit_actions.h"
#include "ui/audit/audit_build_runner.h"
#include "ui/audit/audit_build_status.h"
#include "ui/audit/audit_exchange.h"
#include "ui/audit/audit_item_explainer.h"
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_project.h"
#include "ui/audit/audit_session.h"
#include "ui/audit/bundled_audit_example.h"
#include "ui/audit/earlier_turns_panel.h"
#include "ui/audit/new_audit_dialog.h"
#include "ui/main_window.h"
#include "ui/main_window_actions.h"
#include "ui/models/database_naming.h"
#include "ui/session/result_prefetcher.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/schema_panel.h"
#include "ui/widgets/sql_editor.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QScrollBar>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

/// The verdict panel's first width, in pixels: its buttons on one line. (The items
/// list's first height comes from its font and the window: AuditItemsPanel::extraHeight.)
constexpr int kVerdictDockWidth = 300;

/// The verdict panel's column, scrolled vertically when a long verdict needs more height
/// than the panel has, never horizontally: the panel is as wide as the column needs.
class VerdictScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;

    [[nodiscard]] QSize minimumSizeHint() const override
    {
        QSize size = QScrollArea::minimumSizeHint();
        if (widget() != nullptr)
            size.setWidth(std::max(size.width(), widget()->minimumSizeHint().width()
                                                     + verticalScrollBar()->sizeHint().width() + 2 * frameWidth()));
        return size;
    }
};

/// How long the list must stay still before its place is saved.
constexpr int kPlaceSaveDelayMs = 300;

/// The login name, a sensible default for the annotator.
QString loginName()
{
    const QString user = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    return user.isEmpty() ? QStringLiteral("annotator") : user;
}

} // namespace

AuditMode::AuditMode(MainWindow* window, AppSettings* settings, QMenu* menuBefore)
    : QObject(window), m_window(window), m_settings(settings)
{
    m_builder = new AuditBuildRunner(this);
    m_prefetcher = new ResultPrefetcher(this);
    connect(window, &MainWindow::runSettled, this, &AuditMode::prefetchNextDisagreement);
    m_buildStatus = new AuditBuildStatus(window->statusBar(), [this] { cancelBuild(); });
    connect(m_builder, &AuditBuildRunner::progress, m_buildStatus, &AuditBuildStatus::showProgress);
    connect(m_builder, &AuditBuildRunner::finished, this, &AuditMode::onBuildFinished);
    connect(m_builder, &AuditBuildRunner::failed, this, [this](const QString& message) {
        showBuildState(false);
        m_window->showError(tr("The audit project was not created: %1").arg(message), tr("New audit project"));
        emit buildSettled();
    });
    connect(m_builder, &AuditBuildRunner::cancelled, this, [this] {
        showBuildState(false);
        m_window->showMessage(tr("Building the audit project was cancelled."));
        emit buildSettled();
    });
    m_exchange = new AuditExchange(window, settings, this);
    connect(m_exchange, &AuditExchange::message, m_window, &MainWindow::showMessage);
    connect(m_exchange, &AuditExchange::itemRequested, this, [this](std::size_t itemIndex) { m_items->selectItem(itemIndex); });
    buildDocks();
    m_actions = new AuditActions(window, this, settings, menuBefore);
    updateActions();
    // Every other way of replacing the inspector's inputs goes through leaveForNewInputs
    // before it happens; a schema picked in the schema panel itself is only known after.
    connect(window->schemaPanel(), &SchemaPanel::sourceChanged, this, [this] {
        if (itemInputsChanged().isEmpty()) return;
        const QString message = leaveForNewInputs(tr("a new schema"));
        // Again once the loader has said "Schema loaded", which would hide why.
        QTimer::singleShot(0, m_window, [window = m_window, message] { window->showMessage(message); });
    });
    // Connected after the window's own handler: runs once the Settings dialog closed.
    if (auto* windowActions = window->findChild<MainWindowActions*>())
        connect(windowActions->settingsAction(), &QAction::triggered, this, &AuditMode::reapplyProjectSettings);
}

AuditMode::~AuditMode() = default;

QList<QAction*> AuditMode::dockToggleActions() const
{
    return {m_itemsDock->toggleViewAction(), m_annotationDock->toggleViewAction()};
}

void AuditMode::buildDocks()
{
    m_items = new AuditItemsPanel(m_window);
    m_placeTimer = new QTimer(this);
    m_placeTimer->setSingleShot(true);
    m_placeTimer->setInterval(kPlaceSaveDelayMs);
    connect(m_placeTimer, &QTimer::timeout, this, &AuditMode::savePlace);
    connect(m_items, &AuditItemsPanel::placeChanged, this, [this] {
        if (m_project && !m_restoringPlace) m_placeTimer->start();
    });
    m_itemsDock = new QDockWidget(tr("Audit items"), m_window);
    m_itemsDock->setObjectName(QStringLiteral("auditItemsDock"));
    m_itemsDock->setWidget(m_items);
    m_itemsDock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea | Qt::LeftDockWidgetArea);
    m_itemsDock->toggleViewAction()->setText(tr("Show audit &items"));
    connect(m_items, &AuditItemsPanel::currentItemChanged, this, &AuditMode::onItemSelected);

    m_annotation = new AnnotationPanel(m_window);
    m_annotation->setAnnotatorPrompt([this] { return askAnnotator(); });
    m_annotation->setItemCheck([this] { return itemInputsChanged(); });
    connect(m_annotation, &AnnotationPanel::verdictRefused, m_window, &MainWindow::showMessage);
    // What the status bar says follows the panel: a refusal is withdrawn once the edit
    // is undone, and a saved verdict replaces it.
    connect(m_annotation, &AnnotationPanel::itemBackOnScreen, m_window, &MainWindow::showMessage);
    connect(m_annotation, &AnnotationPanel::verdictSaved, m_window, &MainWindow::showMessage);
    for (SqlEditor* editor : {m_window->goldEditor(), m_window->candidateEditor()})
        connect(editor, &QPlainTextEdit::textChanged, m_annotation, &AnnotationPanel::recheckItem);
    connect(m_annotation, &AnnotationPanel::annotatorEdited, this, &AuditMode::setAnnotator);
    m_explainer = new AuditItemExplainer(this);
    connect(m_explainer, &AuditItemExplainer::explained, m_annotation, &AnnotationPanel::showExplanation);
    // The Verdict panel names the database whose counterexample the banner names, once
    // the item's own result is on screen (the project's file stays in its tooltip).
    connect(m_window, &MainWindow::runSettled, this, [this] {
        const RunResultPtr result = m_window->lastResult();
        const audit::AuditItem* item = m_project && m_loadedItem ? m_project->item(*m_loadedItem) : nullptr;
        if (!result || !item) return;
        const Session expected = sessionForItem(*item, m_project->sources(), m_settings->runSettings());
        if (inputsDifferFromItem(result->session, expected).isEmpty())
            m_explainer->showDatabaseOnScreen(item->index, separatingDatabaseOnScreenName(*result));
    });
    // A multi-turn project shows the item's earlier turns above the verdict: the
    // question being judged often only makes sense after them.
    m_earlierTurns = new EarlierTurnsPanel(m_window);
    auto* verdictColumn = new QWidget(m_window);
    auto* verdictLayout = new QVBoxLayout(verdictColumn);
    verdictLayout->setContentsMargins(0, 0, 0, 0);
    verdictLayout->addWidget(m_earlierTurns);
    verdictLayout->addWidget(m_annotation, 1);
    m_verdictColumn = verdictLayout;
    // Scrolled when a long verdict needs more height than the panel has: the panel never
    // takes its height from the items list under it.
    auto* verdictScroll = new VerdictScrollArea(m_window);
    verdictScroll->setObjectName(QStringLiteral("verdictScroll"));
    verdictScroll->setWidget(verdictColumn);
    verdictScroll->setWidgetResizable(true);
    verdictScroll->setFrameShape(QFrame::NoFrame);
    verdictScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_annotationDock = new QDockWidget(tr("Verdict"), m_window);
    m_annotationDock->setObjectName(QStringLiteral("auditAnnotationDock"));
    m_annotationDock->setWidget(verdictScroll);
    m_annotationDock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::RightDockWidgetArea);
    m_annotationDock->toggleViewAction()->setText(tr("Show the &verdict panel"));
    // While a project is open the verdict banner heads the verdict panel, the machine's
    // verdict above the annotator's: the inspector keeps its height for the database and
    // results views at 1280×800 whatever the font. With the panel hidden it goes back.
    connect(m_annotationDock->toggleViewAction(), &QAction::toggled, this, [this](bool shown) {
        m_window->placeVerdictBanner(shown && m_project ? m_verdictColumn : nullptr);
    });

    // The items list takes the bottom across the whole window, its filter bar and its
    // question, gold and prediction columns the full width; the verdict panel the right
    // edge above it, beside the inspector.
    m_window->setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    m_window->addDockWidget(Qt::BottomDockWidgetArea, m_itemsDock);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_annotationDock);
    m_itemsDock->hide();
    m_annotationDock->hide();
}

void AuditMode::shareInspectorHeight()
{
    // The database and results views share their column evenly in audit mode: both
    // must show a few rows under the items list (the window's default favours the
    // database).
    auto* splitter = m_window->findChild<QSplitter*>(QStringLiteral("inspectionSplitter"));
    if (splitter && splitter->count() == 2) {
        const int total = splitter->sizes().value(0) + splitter->sizes().value(1);
        const int database = total * 53 / 100;  // its tabs take a line the results do not have
        splitter->setSizes({database, total - database});
    }
    // The schema and neighbors column gives up width to the inspector, which now
    // shares the window with the verdict panel.
    if (auto* outer = m_window->findChild<QSplitter*>(QStringLiteral("outerSplitter")); outer && outer->count() == 2) {
        const int total = outer->sizes().value(0) + outer->sizes().value(1);
        outer->setSizes({total / 4, total - total / 4});
    }
    // The suite table keeps its verdict column in view beside the database (after the
    // outer split, which re-divides this one by its stretch factors).
    if (auto* suite = m_window->findChild<QSplitter*>(QStringLiteral("suiteSplitter")); suite && suite->count() == 2) {
        const int total = suite->sizes().value(0) + suite->sizes().value(1);
        suite->setSizes({total * 36 / 100, total - total * 36 / 100});
    }
    m_items->view()->scrollTo(m_items->view()->currentIndex(), QAbstractItemView::PositionAtCenter);
}

void AuditMode::syncDocks()
{
    if (m_project) return;
    m_itemsDock->hide();
    m_annotationDock->hide();
}

bool AuditMode::isBuilding() const { return m_builder->isRunning(); }

void AuditMode::updateActions()
{
    if (m_actions) m_actions->update(m_project != nullptr, m_builder->isRunning());
}

bool AuditMode::openProject(const QString& path, QString* error)
{
    commitPending();
    if (m_placeTimer->isActive()) {
        m_placeTimer->stop();
        savePlace();
    }
    std::unique_ptr<AuditProject> project = AuditProject::open(path, m_settings->annotator(), error);
    if (!project) return false;
    m_items->setProject(nullptr);
    m_annotation->setProject(nullptr);
    m_loadedItem.reset();
    m_project = std::move(project);
    m_exchange->setProject(m_project.get());
    m_explainer->setProject(m_project.get());
    m_items->setProject(m_project.get());
    m_annotation->setProject(m_project.get());
    m_earlierTurns->setProject(m_project.get());
    m_settings->addRecentAuditProject(path);
    m_itemsDock->show();
    m_annotationDock->show();
    m_window->placeVerdictBanner(m_verdictColumn);
    if (!m_docksPlaced) {
        // A first layout that fits 1280x800: a short list under the inspector, the
        // verdict panel beside it; the user's own layout is restored from then on.
        m_window->resizeDocks({m_itemsDock},
                              {m_itemsDock->sizeHint().height() + AuditItemsPanel::extraHeight(m_window->height())},
                              Qt::Vertical);
        m_window->resizeDocks({m_annotationDock}, {kVerdictDockWidth}, Qt::Horizontal);
        // After the docks took their space, so that the splitters divide what is left.
        QTimer::singleShot(0, this, &AuditMode::shareInspectorHeight);
        m_docksPlaced = true;
    }
    updateActions();
    emit projectOpened(path);
    if (!restorePlace()) selectStartItem();
    m_window->showMessage(tr("Audit project %1: %2 items.").arg(QFileInfo(path).fileName()).arg(m_project->items()->size()));
    return true;
}

void AuditMode::openProjectReporting(const QString& path)
{
    QString error;
    if (openProject(path, &error)) return;
    // A refused project (missing, damaged, tampered with) leaves the open one as it
    // was; the dialog names the file and what is wrong with it.
    m_window->statusBar()->showMessage(tr("Cannot open the audit project %1").arg(QFileInfo(path).fileName()));
    QMessageBox::warning(m_window, tr("Cannot open the audit project"), error);
}

bool AuditMode::restorePlace()
{
    const QVariantMap saved = m_settings->auditPlace(m_project->path());
    if (saved.isEmpty()) return false;
    const AuditPlace place = AuditPlace::fromVariant(saved);
    m_restoringPlace = true;
    m_items->restoreFilters(place);
    const bool selected = place.item && m_items->selectItem(*place.item);
    m_restoringPlace = false;
    if (!selected) return false;
    // The scroll position once the docks have their size; an item chosen meanwhile
    // (--audit-item, a link) keeps the view centred on it instead.
    QTimer::singleShot(0, this, [this, place] {
        if (m_project && m_items->currentItem() == place.item) m_items->view()->verticalScrollBar()->setValue(place.scroll);
    });
    return true;
}

void AuditMode::savePlace()
{
    if (m_project) m_settings->setAuditPlace(m_project->path(), m_items->place().toVariant());
}

void AuditMode::selectStartItem()
{
    // Resume where the work stopped: the first item not yet reviewed, else the first.
    for (const audit::AuditItem& item : *m_project->items()) {
        if (!m_project->annotation(item.index)) {
            m_items->selectItem(item.index);
            return;
        }
    }
    if (!m_project->items()->empty()) m_items->selectItem(m_project->items()->front().index);
}

bool AuditMode::selectItem(std::size_t itemIndex) { return m_project && m_items->selectItem(itemIndex); }

void AuditMode::closeProject()
{
    commitPending();
    if (m_placeTimer->isActive()) {
        m_placeTimer->stop();
        savePlace();
    }
    m_items->setProject(nullptr);
    m_annotation->setProject(nullptr);
    m_earlierTurns->setProject(nullptr);
    m_exchange->setProject(nullptr);
    m_explainer->setProject(nullptr);
    m_prefetcher->clear();
    const QString name = m_project ? QFileInfo(m_project->path()).fileName() : QString();
    m_project.reset();
    m_loadedItem.reset();
    m_itemsDock->hide();
    m_annotationDock->hide();
    m_window->placeVerdictBanner(nullptr);
    // The item's queries stay on screen as an untitled session: the title no longer
    // names a project that is closed.
    m_window->detachFromItem();
    updateActions();
    if (!name.isEmpty()) m_window->showMessage(tr("Audit project %1 closed.").arg(name));
    emit projectClosed();
}

void AuditMode::commitPending() { m_annotation->commitPending(); }

void AuditMode::onItemSelected(std::size_t itemIndex)
{
    if (!m_project || m_loadedItem == itemIndex) return;
    const audit::AuditItem* item = m_project->item(itemIndex);
    if (!item) return;
    m_annotation->showItem(itemIndex);
    m_earlierTurns->showItem(itemIndex);
    m_explainer->explain(*item);
    m_loadedItem = itemIndex;
    showSettingsNote();
    const Session session = sessionForItem(*item, m_project->sources(), m_settings->runSettings());
    m_window->inspect(session, tr("%1 · item %2").arg(QFileInfo(m_project->path()).fileName()).arg(itemIndex),
                      m_prefetcher->take(session));
}

void AuditMode::prefetchNextDisagreement()
{
    if (!m_project || m_window->isRunning()) return;
    const std::optional<std::size_t> next = m_items->itemAfter(1, true);
    if (!next || next == m_loadedItem) return;
    if (const audit::AuditItem* item = m_project->item(*next))
        m_prefetcher->prefetch(sessionForItem(*item, m_project->sources(), m_settings->runSettings()));
}

void AuditMode::move(int step, bool disagreeing)
{
    if (!m_project) return;
    commitPending();
    if (!m_items->moveSelection(step, disagreeing))
        m_window->showMessage(disagreeing ? tr("No further item where the metrics disagree in this list")
                                          : tr("No further item in this list"));
}

void AuditMode::nextItem() { move(1, false); }
void AuditMode::previousItem() { move(-1, false); }
void AuditMode::nextDisagreement() { move(1, true); }
void AuditMode::previousDisagreement() { move(-1, true); }

void AuditMode::chooseVerdict(audit::Verdict verdict)
{
    if (m_project) m_annotation->chooseVerdict(verdict);
}

void AuditMode::clearVerdict()
{
    if (m_project) m_annotation->clearVerdict();
}

void AuditMode::focusNote()
{
    m_annotationDock->show();
    m_annotation->focusNote();
}

void AuditMode::focusReason()
{
    m_annotationDock->show();
    m_annotation->focusReason();
}

void AuditMode::focusSearch()
{
    m_itemsDock->show();
    m_items->focusSearch();
}

bool AuditMode::askAnnotator()
{
    const QString current = m_settings->annotator().isEmpty() ? loginName() : m_settings->annotator();
    bool ok = false;
    const QString name = QInputDialog::getText(m_window, tr("Annotator"),
                                               tr("Your verdicts are recorded under this name:"), QLineEdit::Normal,
                                               current, &ok).trimmed();
    if (!ok || name.isEmpty()) return false;
    setAnnotator(name);
    return true;
}

void AuditMode::setAnnotator(const QString& name)
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty()) return;
    m_settings->setAnnotator(trimmed);
    QString error;
    if (m_project && !m_project->setAnnotator(trimmed, &error)) m_window->showError(error, tr("Change annotator"));
    m_window->showMessage(tr("Verdicts are now recorded as %1.").arg(trimmed));
}

void AuditMode::newProjectDialog()
{
    if (m_builder->isRunning() || !mayReplaceSession()) return;
    NewAuditDialog dialog(m_settings->lastDirectory(), m_window);
    if (dialog.exec() != QDialog::Accepted) return;
    // The project records the profile and seed its verdicts are computed under, chosen
    // in the dialog: a profile picked in Settings for one session does not carry over.
    const AuditBuildRequest request = dialog.request();
    m_settings->setLastDirectory(QFileInfo(request.output).absolutePath());
    startBuild(request);
}

bool AuditMode::startBuild(const AuditBuildRequest& request)
{
    if (!m_builder->start(request)) return false;
    showBuildState(true);
    return true;
}

void AuditMode::openBundledExample()
{
    if (!mayReplaceSession()) return;
    const QString path = bundledAuditExampleProject();
    if (QFileInfo::exists(path)) {
        openProjectReporting(path);
        return;
    }
    const bool started = m_builder->start([path](const suite::ProgressCallback& progress, const std::atomic<bool>* cancel) {
        return buildBundledAuditExample(path, progress, cancel);
    });
    if (started) showBuildState(true);
}

void AuditMode::openProjectDialog()
{
    if (!mayReplaceSession()) return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open audit project"), m_settings->lastDirectory(),
                                                      tr("Audit projects (*.sqleq-audit);;All files (*)"));
    if (path.isEmpty()) return;
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    openProjectReporting(path);
}

void AuditMode::cancelBuild() { m_builder->cancel(); }

void AuditMode::showBuildState(bool building)
{
    m_buildStatus->setBuilding(building);
    updateActions();
}

void AuditMode::onBuildFinished(const QString& path, int items, int disagreeing, const QString& distilledSuites)
{
    showBuildState(false);
    QString error;
    if (!openProject(path, &error)) {
        m_window->showError(tr("The audit project was written but cannot be opened: %1").arg(error), tr("New audit project"));
    } else {
        QString message = tr("Audit project created: %1 items, %2 where the metrics disagree").arg(items).arg(disagreeing);
        if (!distilledSuites.isEmpty()) message += tr("; test suites distilled into %1").arg(distilledSuites);
        m_window->showMessage(message);
    }
    emit buildSettled();
}

void AuditMode::exportTsv() { m_exchange->exportTsvDialog(); }
void AuditMode::exportJson() { m_exchange->exportJsonDialog(); }
void AuditMode::exportMetrics() { m_exchange->exportMetricsDialog(); }
void AuditMode::importTsv() { m_exchange->importTsvDialog(); }
void AuditMode::compareAnnotators() { m_exchange->compareDialog(); }

} // namespace sqleq::ui
