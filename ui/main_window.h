// MainWindow: assembles the inspector — schema and neighbors on the left; question, gold
// and candidate editors, the verdict banner, the suite, the separating database and both
// results on the right — and wires them to one SessionController; audit mode adds its
// docks through AuditMode. It holds no engine logic: runs happen in the controller's
// background job, files in FileActions.
#pragma once

#include "ui/session/run_budget.h"
#include "ui/session/run_result.h"
#include "ui/session/session.h"

#include <QMainWindow>

class QBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTimer;
class QTabWidget;

namespace sqleq::ui {

class AppSettings;
class AuditMode;
class DatabaseView;
class DatabasesPanel;
class ExplanationPanel;
class FileActions;
class MainWindowActions;
class NeighborsPanel;
class ProofPanel;
class ResultsView;
class SchemaPanel;
class SessionController;
class SqlEditor;
class VerdictBanner;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// The bundled session opened on first start and by `--screenshot` without a session.
    static QString defaultExample();

    /// Loads a .sqleq file (or ":/examples/…") into the panels and, when `run`, runs it.
    /// False with `error` set when the file or its schema cannot be read.
    bool openSession(const QString& path, bool run, QString* error);
    /// Writes the session as shown (editors, schema source, settings) to `path`.
    bool saveSessionTo(const QString& path, QString* error);
    /// First start: the bundled example; later: the most recent session, else the example.
    void openStartupSession();
    /// Lets the user pick a schema source; the editors keep their text.
    void chooseSchema(const QString& directory);
    /// Loads `session` (not from a file; `label` names it in the title) and runs it,
    /// superseding a run in progress. Audit mode shows its items this way. A `ready`
    /// result computed ahead for exactly these inputs is shown instead of a new run.
    void inspect(const Session& session, const QString& label, const RunResultPtr& ready = nullptr);

    /// The session on screen stops being an audit item's (its project was closed): the
    /// title names it as an untitled session, no longer the project and item.
    void detachFromItem();

    [[nodiscard]] Session currentSession() const;
    [[nodiscard]] QString sessionPath() const { return m_sessionPath; }
    [[nodiscard]] RunResultPtr lastResult() const { return m_result; }
    [[nodiscard]] bool isRunning() const;
    /// The session on screen (queries, question, schema, settings) was changed since it
    /// was opened or saved.
    [[nodiscard]] bool hasUnsavedEdits() const;
    /// The result on screen was computed from other inputs than those shown now (an edit of
    /// the schema, a query or the settings since the run); it is greyed until the next run.
    [[nodiscard]] bool resultIsStale() const { return m_resultStale; }
    [[nodiscard]] FileActions* fileActions() const { return m_files; }

    /// Shows the verdict banner at the top of `column` (audit mode's verdict panel: the
    /// machine's verdict beside the annotator's, its height left to the inspector), or,
    /// with nullptr, back above the inspector where it starts.
    void placeVerdictBanner(QBoxLayout* column);

    void showMessage(const QString& message);
    /// A warning dialog titled for what failed ("Open session", "Audit project"…).
    void showError(const QString& message, const QString& title);

    [[nodiscard]] SessionController* controller() const { return m_controller; }
    [[nodiscard]] AuditMode* audit() const { return m_audit; }
    [[nodiscard]] SqlEditor* goldEditor() const { return m_gold; }
    [[nodiscard]] SqlEditor* candidateEditor() const { return m_candidate; }
    [[nodiscard]] SchemaPanel* schemaPanel() const { return m_schema; }
    [[nodiscard]] VerdictBanner* verdictBanner() const { return m_banner; }
    [[nodiscard]] ExplanationPanel* explanationPanel() const { return m_explanation; }
    [[nodiscard]] QLineEdit* questionEditor() const { return m_question; }
    [[nodiscard]] NeighborsPanel* neighborsPanel() const { return m_neighbors; }
    [[nodiscard]] DatabasesPanel* databasesPanel() const { return m_databases; }
    [[nodiscard]] DatabaseView* databaseView() const { return m_databaseView; }
    [[nodiscard]] ProofPanel* proofPanel() const { return m_proof; }
    /// Proof and database as tabs; the tab bar shows only while there is a proof.
    [[nodiscard]] QTabWidget* evidenceTabs() const { return m_evidence; }
    /// Whether the session on screen is one of the bundled examples, unchanged in its
    /// schema: its settings are its own, and the window says it is an example.
    [[nodiscard]] bool showsBundledExample() const;
    /// The line under the question saying the session is an example; hidden otherwise.
    [[nodiscard]] QLabel* exampleNotice() const { return m_exampleNotice; }
    [[nodiscard]] ResultsView* resultsView() const { return m_results; }
    [[nodiscard]] QPushButton* cancelButton() const { return m_cancelButton; }

public slots:
    /// Runs the session as shown; a run in progress is cancelled first.
    void run();
    void cancelRun();
    void editSettings();

signals:
    /// A run ended: with a verdict, a failure, or cancelled.
    void runSettled();

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    QWidget* buildCentralWidget();
    QWidget* buildEditors();
    void buildStatusBar();
    void connectPanels();
    void applySession(const Session& session, const QString& path);
    void setQuestion(const QString& question);
    void updateTitle();
    void updateExampleNotice();
    /// Something the session saves changed: the title gets its "*", Quit asks first.
    void markSessionModified();
    /// Greys the result panels when the inputs on screen differ from the result's.
    void updateStaleness();
    void setResultStale(bool stale);
    /// Underlines, in the editors, where SQLite rejected a query of `result`.
    void markRunErrors(const RunResult& result);
    void showRunState(bool running);
    void onProgress(const QString& phase, int done, int total);
    void onFinished(const RunResultPtr& result);
    void onFailed(const QString& message, int goldErrorBegin, int goldErrorEnd, bool goldAtFault);
    void onCancelled();
    void showSelectedResults();
    /// The proof tab before the database's for a proved `result`, no tab bar otherwise.
    void showProof(const RunResultPtr& result);

    AppSettings* m_settings = nullptr;
    SessionController* m_controller = nullptr;
    FileActions* m_files = nullptr;
    MainWindowActions* m_actions = nullptr;
    AuditMode* m_audit = nullptr;

    SchemaPanel* m_schema = nullptr;
    NeighborsPanel* m_neighbors = nullptr;
    QLineEdit* m_question = nullptr;
    QLabel* m_exampleNotice = nullptr;
    SqlEditor* m_gold = nullptr;
    SqlEditor* m_candidate = nullptr;
    VerdictBanner* m_banner = nullptr;
    QBoxLayout* m_bannerHome = nullptr;  ///< the column above the inspector that holds the banner at first
    ExplanationPanel* m_explanation = nullptr;
    DatabasesPanel* m_databases = nullptr;
    DatabaseView* m_databaseView = nullptr;
    ProofPanel* m_proof = nullptr;
    QTabWidget* m_evidence = nullptr;
    ResultsView* m_results = nullptr;

    QLabel* m_progressLabel = nullptr;
    QProgressBar* m_progress = nullptr;
    /// The running time beside the progress, refreshed every second even when a phase
    /// reports nothing new; the last phase's words it follows.
    RunBudget m_runBudget;
    QTimer* m_runTicker = nullptr;
    QString m_progressText;
    QPushButton* m_cancelButton = nullptr;

    QString m_sessionPath;
    QString m_inspectLabel;  ///< names a session shown without a file (an audit item)
    QString m_suitesDir;     ///< Session::suitesDir of the session shown
    inspect::CheckSettings m_runSettings;
    RunResultPtr m_result;
    bool m_sessionModified = false;  ///< schema, settings or question changed (editors track their own)
    bool m_resultStale = false;
};

} // namespace sqleq::ui
