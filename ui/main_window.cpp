// MainWindow: composition and wiring only. The flow of one run: run() snapshots the
// panels into a Session → SessionController works off the GUI thread → finished()
// hands every panel the same immutable RunResult → the databases panel selects the
// separating database → the database view and the results follow the selection. How the
// panels are arranged is in main_window_layout.cpp.

#include "ui/main_window.h"

#include "ui/app_file_actions.h"
#include "ui/app_settings.h"
#include "ui/audit/audit_mode.h"
#include "ui/keyboard_navigation.h"
#include "ui/main_window_actions.h"
#include "ui/screen_fit.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/counted.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/explanation_panel.h"
#include "ui/widgets/neighbors_panel.h"
#include "ui/widgets/proof_panel.h"
#include "ui/widgets/results_view.h"
#include "ui/widgets/schema_panel.h"
#include "ui/widgets/settings_dialog.h"
#include "ui/widgets/sql_editor.h"
#include "ui/widgets/utf8_offsets.h"
#include "ui/widgets/verdict_banner.h"

#include "core/fuzz/profile.h"
#include "core/inspect/settings_json.h"

#include <QBoxLayout>
#include <QCloseEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

#include <cmath>

// Resources live in the static sqleq_ui library; an explicit init keeps the linker from
// dropping them. Q_INIT_RESOURCE must be used outside any namespace.
static void initBundledResources() { Q_INIT_RESOURCE(resources); }

namespace sqleq::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    initBundledResources();
    setWindowIcon(QIcon(QStringLiteral(":/icons/sqleq.svg")));
    m_settings = new AppSettings;
    m_runSettings = m_settings->runSettings();
    m_controller = new SessionController(this);
    m_files = new FileActions(this, m_settings);
    m_actions = new MainWindowActions(this, m_files, m_settings);
    setCentralWidget(buildCentralWidget());
    buildStatusBar();
    m_audit = new AuditMode(this, m_settings, m_actions->runMenu);
    connectPanels();
    // An explicit minimum: otherwise a panel whose minimum width grows (a longer label
    // after a filter) would widen the window past the screen by itself.
    setMinimumSize(640, 480);
    if (!restoreGeometry(m_settings->windowGeometry())) {
        const QRect available = screen() != nullptr ? screen()->availableGeometry() : QRect();
        resize(defaultWindowSize(available));
        if (available.isValid()) move(available.center() - rect().center());
    }
    restoreState(m_settings->windowState());
    fitWindowToScreen(this);
    m_audit->syncDocks();
    setUpKeyboardNavigation(*this);
    updateTitle();
}

MainWindow::~MainWindow() { delete m_settings; }

QString MainWindow::defaultExample() { return QStringLiteral(":/examples/figure1-different.sqleq"); }


void MainWindow::buildStatusBar()
{
    m_progressLabel = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(false);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancelRun);
    // A phase may report nothing new for seconds (one query on a large original): the
    // running time still moves, so the run never looks stuck.
    m_runTicker = new QTimer(this);
    m_runTicker->setInterval(1000);
    connect(m_runTicker, &QTimer::timeout, this, [this] {
        m_progressLabel->setText(m_progressText + m_runBudget.suffix());
        m_banner->showRunning(m_progressLabel->text());
    });
    statusBar()->addPermanentWidget(m_progressLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    showRunState(false);
}

void MainWindow::connectPanels()
{
    connect(m_controller, &SessionController::started, this, [this] { showRunState(true); });
    connect(m_controller, &SessionController::progress, this, &MainWindow::onProgress);
    connect(m_controller, &SessionController::finished, this, &MainWindow::onFinished);
    connect(m_controller, &SessionController::failed, this, &MainWindow::onFailed);
    connect(m_controller, &SessionController::cancelled, this, &MainWindow::onCancelled);

    connect(m_databases, &DatabasesPanel::currentDatabaseChanged, this, [this](int index) {
        m_databaseView->showDatabase(index);
        // Choosing a database is asking to see it, also while the proof is in front.
        m_evidence->setCurrentWidget(m_databaseView);
        showSelectedResults();
    });
    connect(m_databaseView, &DatabaseView::modeChanged, this, &MainWindow::showSelectedResults);
    connect(m_neighbors, &NeighborsPanel::databaseRequested, m_databases, &DatabasesPanel::selectDatabase);

    for (SqlEditor* editor : {m_gold, m_candidate}) {
        const QString who = editor == m_gold ? tr("Gold") : tr("Candidate");
        connect(editor, &SqlEditor::diagnosticChanged, this, [this, who](const QString& message) {
            if (message.isEmpty())
                statusBar()->clearMessage();
            else
                statusBar()->showMessage(tr("%1: %2").arg(who, message));
        });
        connect(editor, &QPlainTextEdit::modificationChanged, this, [this] { updateTitle(); });
        connect(editor, &QPlainTextEdit::textChanged, this, &MainWindow::updateStaleness);
    }
    connect(m_question, &QLineEdit::textEdited, this, &MainWindow::markSessionModified);
    // The question describes the gold: once the gold is gone, so is its question, and
    // the next queries typed do not inherit it.
    connect(m_gold, &QPlainTextEdit::textChanged, this, [this] {
        if (m_question->text().isEmpty() || !m_gold->sql().trimmed().isEmpty()) return;
        setQuestion({});
        markSessionModified();
    });
    connect(m_schema, &SchemaPanel::sourceChanged, this, [this] {
        markSessionModified();
        updateStaleness();
    });
    connect(m_schema, &SchemaPanel::loadFailed, this, [this](const QString& message) {
        statusBar()->showMessage(message);
        QMessageBox::warning(this, tr("Open schema"), message);
    });
}

bool MainWindow::openSession(const QString& path, bool runNow, QString* error)
{
    QString message;
    const std::optional<Session> session = loadSession(path, &message);
    if (!session) {
        if (error) *error = message;
        return false;
    }
    applySession(*session, path);
    QString schemaError;
    if (!m_schema->setSource(session->schema, &schemaError)) {
        // The session still opens, so that its queries can be read and the source fixed.
        m_banner->showFailure(schemaError);
        showMessage(schemaError);
        return true;
    }
    if (runNow) run();
    return true;
}

void MainWindow::applySession(const Session& session, const QString& path)
{
    m_controller->cancel();
    m_sessionPath = path;
    m_inspectLabel.clear();
    m_suitesDir = session.suitesDir;
    m_runSettings = session.settings;
    m_sessionModified = false;
    // The old result goes first, so that filling the editors has no result to grey.
    m_result.reset();
    setResultStale(false);
    m_gold->setSql(session.gold);
    m_candidate->setSql(session.candidate);
    // After the editors: an empty gold clears the question it replaces (see connectPanels).
    setQuestion(session.question);
    m_sessionModified = false;
    m_gold->document()->setModified(false);
    m_candidate->document()->setModified(false);
    updateExampleNotice();
    m_banner->showIdle({});
    m_explanation->setResult(nullptr);
    m_neighbors->setResult(nullptr);
    m_databaseView->setResult(nullptr);
    m_databases->setResult(nullptr);
    showProof(nullptr);
    m_results->clear();
    m_actions->update(false, false);
    updateTitle();
}

bool MainWindow::saveSessionTo(const QString& path, QString* error)
{
    if (!saveSession(currentSession(), path, error)) return false;
    m_sessionPath = path;
    m_sessionModified = false;
    m_gold->document()->setModified(false);
    m_candidate->document()->setModified(false);
    updateExampleNotice();
    updateTitle();
    showMessage(tr("Session saved to %1").arg(path));
    return true;
}

void MainWindow::openStartupSession()
{
    QString path = defaultExample();
    if (m_settings->firstStartDone() && !m_settings->recentFiles().isEmpty()) path = m_settings->recentFiles().constFirst();
    m_settings->markFirstStartDone();
    QString error;
    if (!openSession(path, true, &error) && path != defaultExample()) openSession(defaultExample(), true, nullptr);
}

void MainWindow::inspect(const Session& session, const QString& label, const RunResultPtr& ready)
{
    applySession(session, {});
    m_inspectLabel = label;
    updateTitle();
    QString schemaError;
    if (!m_schema->setSource(session.schema, &schemaError)) {
        m_banner->showFailure(schemaError);
        showMessage(schemaError);
        return;
    }
    if (ready && ready->session == currentSession()) {
        // Same inputs, same result: shown exactly as this run would have ended.
        m_gold->parseNow();
        m_candidate->parseNow();
        onFinished(ready);
        return;
    }
    run();
}

void MainWindow::detachFromItem()
{
    m_inspectLabel.clear();
    updateTitle();
}

void MainWindow::chooseSchema(const QString& directory)
{
    if (!m_schema->chooseSource(directory)) return;
    // A schema of the user's own runs under the user's settings ("the schema's" profile
    // unless they chose one), not under those of the session that was open.
    m_runSettings = m_settings->runSettings();
    // The question was asked of the database that was open, not of this one; and an
    // example with another schema is no longer the example (Save asks for a file).
    setQuestion({});
    if (showsBundledExample()) m_sessionPath.clear();
    updateExampleNotice();
    updateTitle();
    showMessage(tr("Schema loaded; press Run to check the queries against it."));
}

Session MainWindow::currentSession() const
{
    Session session;
    session.schema = m_schema->source();
    session.gold = m_gold->sql();
    session.candidate = m_candidate->sql();
    session.question = m_question->text();
    session.settings = m_runSettings;
    session.suitesDir = m_suitesDir;
    return session;
}

bool MainWindow::isRunning() const { return m_controller->isRunning(); }

void MainWindow::run()
{
    m_gold->parseNow();
    m_candidate->parseNow();
    if (m_result) setResultStale(true);
    m_banner->showRunning(tr("Starting…"));
    m_controller->run(currentSession());
}

void MainWindow::cancelRun()
{
    if (m_controller->isRunning()) m_controller->cancel();
}

void MainWindow::editSettings()
{
    SettingsDialog dialog(m_runSettings, this);
    if (dialog.exec() != QDialog::Accepted) return;
    if (dialog.settings() == m_runSettings) return;
    const inspect::CheckSettings before = m_runSettings;
    m_runSettings = dialog.settings();
    // Only what the user changed becomes their own setting: the rest of what the dialog
    // showed may be a bundled example's (its profile and seed), which stays with it.
    m_settings->setRunSettings(inspect::withChanges(m_settings->runSettings(), before, m_runSettings));
    markSessionModified();
    updateStaleness();
    updateExampleNotice();
    showMessage(tr("Settings apply to the next run (F5)."));
}

void MainWindow::showRunState(bool running)
{
    m_progress->setVisible(running);
    m_progressLabel->setVisible(running);
    m_cancelButton->setVisible(running);
    m_cancelButton->setEnabled(running);
    if (running) {
        m_progress->setRange(0, 0);
        m_runBudget.start(std::llround(m_runSettings.timeLimitSeconds));
        m_progressText = tr("Starting…");
        m_progressLabel->setText(m_progressText + m_runBudget.suffix());
        m_runTicker->start();
    } else {
        m_runTicker->stop();
    }
    m_actions->update(running, m_result && m_result->check.verdict != suite::VerdictKind::Equivalent
                                   && m_result->check.separatingDatabase >= 0);
}

void MainWindow::onProgress(const QString& phase, int done, int total)
{
    if (total > 0) {
        m_progress->setRange(0, total);
        m_progress->setValue(std::min(done, total));
        m_progressText = tr("%1 %2/%3").arg(phase).arg(done).arg(total);
    } else {
        m_progress->setRange(0, 0);
        m_progressText = done > 0 ? tr("%1 %2").arg(phase).arg(done) : phase;
    }
    m_progressLabel->setText(m_progressText + m_runBudget.suffix());
    m_banner->showRunning(m_progressLabel->text());
}

void MainWindow::onFinished(const RunResultPtr& result)
{
    m_result = result;
    setResultStale(false);
    m_banner->showResult(*result);
    m_explanation->setResult(result);
    markRunErrors(*result);
    m_neighbors->setResult(result);
    m_databaseView->setResult(result);
    m_databases->setResult(result);  // selects the separating database, the views follow
    showProof(result);
    showRunState(false);
    // A query at fault keeps its position in the status bar, where typing put it.
    const QString fault = !m_candidate->runErrorMessage().isEmpty() ? tr("Candidate: %1").arg(m_candidate->runErrorMessage())
        : m_candidate->hasError() && result->check.verdict == suite::VerdictKind::CandidateError
            ? tr("Candidate: %1").arg(m_candidate->errorMessage())
            : QString();
    const QString cut = timeLimitNote(*result);
    if (fault.isEmpty() && !cut.isEmpty())
        statusBar()->showMessage(tr("Done in %1 s. %2").arg(result->seconds, 0, 'f', 1).arg(cut));
    else if (fault.isEmpty())
        statusBar()->showMessage(tr("Done in %1 s.").arg(result->seconds, 0, 'f', 1), 5000);
    else
        statusBar()->showMessage(fault);
    emit runSettled();
}

void MainWindow::onFailed(const QString& message, int goldErrorBegin, int goldErrorEnd, bool goldAtFault)
{
    showRunState(false);
    if (m_result) setResultStale(true);
    m_banner->showFailure(message, goldAtFault);
    m_explanation->setResult(nullptr);
    if (goldErrorBegin >= 0) m_gold->setRunError(goldErrorBegin, goldErrorEnd, message);
    statusBar()->showMessage(message);
    emit runSettled();
}

void MainWindow::onCancelled()
{
    showRunState(false);
    if (m_result) setResultStale(true);
    m_banner->showCancelled();
    statusBar()->showMessage(tr("Run cancelled."), 5000);
    emit runSettled();
}

void MainWindow::showSelectedResults()
{
    if (m_databaseView->showingCounterexample())
        m_results->showCounterexample(m_result);
    else
        m_results->showDatabase(m_result, m_databases->currentDatabase());
}

void MainWindow::showProof(const RunResultPtr& result)
{
    m_proof->setResult(result);
    const int tab = m_evidence->indexOf(m_proof);
    if (!result || !result->proof) {
        if (tab >= 0) m_evidence->removeTab(tab);
        return;
    }
    const QString title = tr("Proof (%1)").arg(counted(static_cast<qint64>(result->proof->rewrites()), tr("rewrite"),
                                                      tr("rewrites")));
    if (tab < 0) m_evidence->insertTab(0, m_proof, title);
    else m_evidence->setTabText(tab, title);
    m_evidence->setCurrentWidget(m_proof);
}

void MainWindow::setQuestion(const QString& question)
{
    m_question->setText(question);
    m_question->setCursorPosition(0);
}

void MainWindow::markSessionModified()
{
    m_sessionModified = true;
    updateTitle();
}

void MainWindow::updateStaleness()
{
    if (!m_result || isRunning()) return;
    Session shown = currentSession();
    shown.question = m_result->session.question;  // the question is not an input of the run
    setResultStale(!(shown == m_result->session));
}

void MainWindow::setResultStale(bool stale)
{
    if (stale == m_resultStale) return;
    m_resultStale = stale;
    // Disabled views grey their text with the palette's own disabled colours.
    for (QWidget* panel : {static_cast<QWidget*>(m_explanation), static_cast<QWidget*>(m_neighbors),
                           static_cast<QWidget*>(m_databases), static_cast<QWidget*>(m_databaseView),
                           static_cast<QWidget*>(m_proof),
                           static_cast<QWidget*>(m_results)})
        panel->setEnabled(!stale);
    if (!m_result) return;
    if (stale)
        m_banner->showStale(m_banner->state() == VerdictBanner::State::Stale ? QString() : m_banner->title());
    else
        m_banner->showResult(*m_result);
}

void MainWindow::markRunErrors(const RunResult& result)
{
    const auto mark = [](SqlEditor* editor, const std::string& judged, const exec::QueryOutcome& outcome) {
        editor->setRunError(0, 0, {});
        if (outcome.status != exec::OutcomeStatus::Error) return;
        // SQLite's position is in the text as judged.
        if (const auto range = typedRange(editor->sql(), judged, outcome.error.span))
            editor->setRunError(range->first, range->second, QString::fromStdString(formatDiagnostic(judged, outcome.error)));
    };
    mark(m_gold, result.check.goldUsed, result.check.goldOutcome);
    mark(m_candidate, result.check.candidateUsed, result.check.candidateOutcome);
}

bool MainWindow::showsBundledExample() const { return m_sessionPath.startsWith(QStringLiteral(":/examples/")); }

void MainWindow::updateExampleNotice()
{
    m_exampleNotice->setVisible(showsBundledExample());
    if (!showsBundledExample()) return;
    const std::string_view name = fuzz::profileName(m_runSettings.profile);
    const QString profile = m_runSettings.profileFromSchema
                                ? tr("the schema's profile")
                                : tr("%1 profile").arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())));
    m_exampleNotice->setText(
        tr("<i>Example, own settings (%1).</i> <a href=\"open\">Your schema…</a>").arg(profile.toHtmlEscaped()));
}

void MainWindow::updateTitle()
{
    QString name = m_sessionPath.isEmpty() ? tr("untitled") : QFileInfo(m_sessionPath).fileName();
    if (m_sessionPath.isEmpty() && !m_inspectLabel.isEmpty()) name = m_inspectLabel;
    if (showsBundledExample()) {
        for (const BundledExample& example : MainWindowActions::examples())
            if (example.path == m_sessionPath) name = tr("Example: %1").arg(example.title);
    }
    const bool modified = hasUnsavedEdits();
    setWindowTitle(QStringLiteral("%1%2 — sqleq").arg(name, modified ? QStringLiteral("*") : QString()));
}

void MainWindow::showMessage(const QString& message) { statusBar()->showMessage(message, 8000); }

void MainWindow::showError(const QString& message, const QString& title)
{
    statusBar()->showMessage(message);
    QMessageBox::warning(this, title, message);
}

bool MainWindow::hasUnsavedEdits() const
{
    return m_sessionModified || m_gold->document()->isModified() || m_candidate->document()->isModified();
}

void MainWindow::placeVerdictBanner(QBoxLayout* column)
{
    QBoxLayout* target = column != nullptr ? column : m_bannerHome;
    if (target->indexOf(m_banner) >= 0) return;
    if (QLayout* current = m_banner->parentWidget()->layout()) current->removeWidget(m_banner);
    target->insertWidget(column != nullptr ? 0 : 1, m_banner);  // home: under the editors
    m_banner->show();
}


void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_files->confirmDiscardEdits()) {
        event->ignore();
        return;
    }
    m_audit->commitPending();
    m_controller->cancel();
    m_settings->setWindow(saveGeometry(), saveState());
    event->accept();
}

} // namespace sqleq::ui
