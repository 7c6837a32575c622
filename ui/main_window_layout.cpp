// MainWindow's layout: how the panels are arranged (schema and neighbors on the left;
// editors, banner, suite, database — or a proved pair's proof — and results on the right), with splitter sizes that
// leave the tables their rows at 1280×800, and the window kept on its screen. Only
// arrangement: the wiring and the run flow are in main_window.cpp.

#include "ui/main_window.h"

#include "ui/screen_fit.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/explanation_panel.h"
#include "ui/widgets/neighbors_panel.h"
#include "ui/widgets/proof_panel.h"
#include "ui/widgets/results_view.h"
#include "ui/widgets/schema_panel.h"
#include "ui/widgets/sql_editor.h"
#include "ui/widgets/verdict_banner.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QShowEvent>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

QLabel* heading(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

QWidget* titled(const QString& title, QWidget* content, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(3);
    layout->addWidget(heading(title, box));
    layout->addWidget(content, 1);
    return box;
}

} // namespace

QWidget* MainWindow::buildCentralWidget()
{
    m_schema = new SchemaPanel(this);
    m_neighbors = new NeighborsPanel(this);
    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(titled(tr("Schema"), m_schema, left));
    left->addWidget(titled(tr("Neighbor queries"), m_neighbors, left));
    left->setStretchFactor(0, 2);
    left->setStretchFactor(1, 3);

    m_databases = new DatabasesPanel(this);
    m_databaseView = new DatabaseView(this);
    // A proved pair's proof takes the counterexample's place, as a tab in front of the
    // database; the tab bar shows only then, so other verdicts lose no height to it.
    m_proof = new ProofPanel(this);
    m_proof->hide();  // until it is a tab: else it is drawn at the window's corner, over the toolbar
    m_evidence = new QTabWidget(this);
    m_evidence->setObjectName(QStringLiteral("evidenceTabs"));
    m_evidence->setDocumentMode(true);
    m_evidence->setTabBarAutoHide(true);
    m_evidence->addTab(m_databaseView, tr("Database"));
    m_results = new ResultsView(this);
    // The database and results captions name what they show ("Separating database #1 …",
    // "Results on …"), so these two need no heading line of their own.
    auto* inspection = new QSplitter(Qt::Vertical, this);
    inspection->setObjectName(QStringLiteral("inspectionSplitter"));
    inspection->addWidget(m_evidence);
    inspection->addWidget(m_results);
    inspection->setStretchFactor(0, 3);
    inspection->setStretchFactor(1, 2);
    inspection->setSizes({300, 220});
    auto* bottom = new QSplitter(Qt::Horizontal, this);
    bottom->setObjectName(QStringLiteral("suiteSplitter"));
    bottom->addWidget(titled(tr("Suite databases"), m_databases, bottom));
    bottom->addWidget(inspection);
    bottom->setStretchFactor(0, 1);
    bottom->setStretchFactor(1, 3);
    bottom->setSizes({345, 535});  // the suite table's four columns whole at 1280 px

    m_banner = new VerdictBanner(this);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(4, 2, 4, 0);
    rightLayout->setSpacing(3);
    rightLayout->addWidget(buildEditors());
    rightLayout->addWidget(m_banner);
    m_bannerHome = rightLayout;
    rightLayout->addWidget(bottom, 1);

    auto* outer = new QSplitter(Qt::Horizontal, this);
    outer->setObjectName(QStringLiteral("outerSplitter"));
    outer->addWidget(left);
    outer->addWidget(right);
    outer->setStretchFactor(0, 1);
    outer->setStretchFactor(1, 3);
    outer->setSizes({390, 890});
    return outer;
}

QWidget* MainWindow::buildEditors()
{
    auto* box = new QWidget(this);
    m_question = new QLineEdit(box);
    m_question->setObjectName(QStringLiteral("question"));
    m_question->setPlaceholderText(tr("The natural-language question (optional; saved with the session)"));
    m_question->setClearButtonEnabled(true);
    m_question->setAccessibleName(tr("Question"));
    QLabel* questionLabel = heading(tr("&Question:"), box);
    questionLabel->setBuddy(m_question);
    auto* questionRow = new QHBoxLayout;
    questionRow->addWidget(questionLabel);
    questionRow->addWidget(m_question, 1);
    // Beside the question, not under it: at 1280×800 every line of height counts.
    m_exampleNotice = new QLabel(box);
    m_exampleNotice->setObjectName(QStringLiteral("exampleNotice"));
    m_exampleNotice->setTextFormat(Qt::RichText);
    m_exampleNotice->setToolTip(tr("A bundled example runs under its own settings. A schema you open, or a new "
                                   "session, runs under your settings (Run ▸ Settings…)."));
    connect(m_exampleNotice, &QLabel::linkActivated, this, [this] { chooseSchema({}); });
    m_exampleNotice->hide();
    questionRow->addWidget(m_exampleNotice);
    m_gold = new SqlEditor(box);
    m_gold->setObjectName(QStringLiteral("goldEditor"));
    m_candidate = new SqlEditor(box);
    m_candidate->setObjectName(QStringLiteral("candidateEditor"));
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    // Tight rows: at 1280×800 every pixel of height goes to the tables below.
    grid->setVerticalSpacing(2);
    grid->addLayout(questionRow, 0, 0, 1, 2);
    QLabel* goldLabel = heading(tr("&Gold query"), box);
    goldLabel->setBuddy(m_gold);
    m_gold->setAccessibleName(tr("Gold query"));
    QLabel* candidateLabel = heading(tr("&Candidate query"), box);
    m_candidate->setAccessibleName(tr("Candidate query"));
    candidateLabel->setBuddy(m_candidate);
    grid->addWidget(goldLabel, 1, 0);
    grid->addWidget(candidateLabel, 1, 1);
    grid->addWidget(m_gold, 2, 0);
    grid->addWidget(m_candidate, 2, 1);
    m_explanation = new ExplanationPanel(box);
    grid->addWidget(m_explanation, 3, 0, 1, 2);
    setQuestion({});
    return box;
}
void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // The window manager frames the window after it is shown: fit again with the real frame.
    if (!event->spontaneous()) QTimer::singleShot(0, this, [this] { fitWindowToScreenOnceFramed(this); });
}

} // namespace sqleq::ui
