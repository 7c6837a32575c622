// ResultsView: models receive aliasing shared_ptrs into the RunResult, so switching
// databases never copies rows and the snapshot lives as long as a view shows it.

#include "ui/widgets/results_view.h"

#include "core/compare/compare.h"
#include "ui/models/database_naming.h"
#include "ui/models/result_table_model.h"
#include "ui/widgets/counted.h"
#include "ui/widgets/eliding_header.h"
#include "ui/widgets/cell_delegate.h"
#include "ui/widgets/sentence.h"
#include "ui/widgets/table_rows.h"
#include "ui/widgets/theme_colors.h"
#include "ui/widgets/wrapped_lines_minimum.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTextDocument>

#include <numeric>

namespace sqleq::ui {
namespace {

/// Rows each result table keeps in sight, however little room the window has.
constexpr int kRowsInView = 3;

QTableView* makeTable(QWidget* parent, ResultTableModel* model)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setItemDelegate(new CellDelegate(ResultTableModel::IsNullRole, ResultTableModel::HighlightedRole, view));
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // A column narrower than its name shows the name's start and "…" ("Song_release_y…"),
    // not its middle cut at both ends ("NUMER"); its tooltip has the whole name.
    useElidingHeader(view);
    fitRows(view, kRowsInView);
    view->setWordWrap(false);
    return view;
}

QString outcomeSummary(const exec::QueryOutcome& outcome, const std::vector<std::size_t>& onlyHere)
{
    switch (outcome.status) {
    case exec::OutcomeStatus::Rows:
        if (onlyHere.empty()) return countedRows(static_cast<qint64>(outcome.result.rows.size()));
        return QObject::tr("%1, %2 only here")
            .arg(countedRows(static_cast<qint64>(outcome.result.rows.size())))
            .arg(onlyHere.size());
    // The banner gives the error once, with its position; repeated here it was noise.
    case exec::OutcomeStatus::Error: return QObject::tr("does not run (the error is in the verdict above)");
    case exec::OutcomeStatus::Timeout: return QObject::tr("timed out");
    case exec::OutcomeStatus::TooLarge: return QObject::tr("result too large");
    case exec::OutcomeStatus::WallClockTimeout:
        return QObject::tr("the wall-clock safety net fired; this result may depend on the machine");
    }
    return {};
}

QString comparisonNote(const exec::QueryOutcome& gold, const exec::QueryOutcome& candidate,
                       const compare::Comparison& comparison)
{
    QStringList parts;
    // A query that does not run has no rows to compare; the banner says why.
    if (!gold.ok() || !candidate.ok()) return {};
    if (!comparison.message.empty()) {
        QString message = asSentence(QString::fromStdString(comparison.message));
        message[0] = message[0].toUpper();  // alone under the tables, it starts a sentence
        parts << message;
    }
    if (comparison.orderMatters)
        parts << QObject::tr("Row order matters: the gold has a top-level ORDER BY, so results compare as lists.");
    const auto& permutation = comparison.columnPermutation;
    std::vector<int> identity(permutation.size());
    std::iota(identity.begin(), identity.end(), 0);
    if (!permutation.empty() && permutation != identity) {
        QStringList pairs;
        for (std::size_t i = 0; i < permutation.size(); ++i)
            pairs << (permutation[i] < 0 ? QObject::tr("gold %1 ↔ none").arg(i + 1)
                                         : QObject::tr("gold %1 ↔ candidate %2").arg(i + 1).arg(permutation[i] + 1));
        parts << QObject::tr("Columns matched in another order (%1).").arg(pairs.join(QStringLiteral(", ")));
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace

ResultsView::ResultsView(QWidget* parent) : QWidget(parent)
{
    m_goldModel = new ResultTableModel(this);
    m_candidateModel = new ResultTableModel(this);
    m_where = new QLabel(this);
    m_goldTitle = new QLabel(this);
    m_candidateTitle = new QLabel(this);
    m_goldView = makeTable(this, m_goldModel);
    m_candidateView = makeTable(this, m_candidateModel);
    m_goldView->setObjectName(QStringLiteral("goldResults"));
    m_candidateView->setObjectName(QStringLiteral("candidateResults"));
    m_goldView->setAccessibleName(tr("Gold query's result"));
    m_candidateView->setAccessibleName(tr("Candidate query's result"));
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("resultsNote"));
    m_note->setWordWrap(true);
    for (QLabel* label : {m_where, m_goldTitle, m_candidateTitle, m_note})
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The caption is the section's heading ("Results on database #1 …").
    QFont bold = m_where->font();
    bold.setBold(true);
    m_where->setFont(bold);
    m_where->setWordWrap(true);  // else its width would be the inspector's minimum

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setVerticalSpacing(3);  // tight: at 1280×800 each pixel of height is a table's
    grid->addWidget(m_where, 0, 0, 1, 2);
    grid->addWidget(m_goldTitle, 1, 0);
    grid->addWidget(m_candidateTitle, 1, 1);
    grid->addWidget(m_goldView, 2, 0);
    grid->addWidget(m_candidateView, 2, 1);
    grid->addWidget(m_note, 3, 0, 1, 2);
    grid->setRowStretch(2, 1);
    // Gold and candidate share the width evenly, whatever their titles say: a long
    // "does not run (…)" title wraps instead of leaving the gold a third.
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    for (QLabel* title : {m_goldTitle, m_candidateTitle}) {
        title->setWordWrap(true);
        title->setAlignment(Qt::AlignLeft | Qt::AlignBottom);  // right above its table, wrapped or not
    }
    new WrappedLinesMinimum(this, {m_where, m_note, m_candidateTitle});
    clear();
}

QString ResultsView::note() const { return m_note->text(); }
QString ResultsView::where() const { return m_where->text(); }

QString ResultsView::sideTitle(bool gold) const
{
    QTextDocument document;
    document.setHtml((gold ? m_goldTitle : m_candidateTitle)->text());
    return document.toPlainText();
}

void ResultsView::clear()
{
    m_goldModel->setResult(nullptr);
    m_candidateModel->setResult(nullptr);
    m_where->setText(tr("Results appear here after a run."));
    m_goldTitle->setText(tr("<b>Gold</b>"));
    m_candidateTitle->setText(tr("<b>Candidate</b>"));
    m_note->clear();
}

void ResultsView::showDatabase(const RunResultPtr& result, int index)
{
    if (!result || index < 0 || static_cast<std::size_t>(index) >= result->databases.size()) {
        clear();
        return;
    }
    const SuiteDatabaseView& database = result->databases[static_cast<std::size_t>(index)];
    showOutcomes(result, database.goldOutcome, database.candidateOutcome, database.comparison,
                 tr("Results on database %1").arg(databaseName(*result, index)));
}

void ResultsView::showCounterexample(const RunResultPtr& result)
{
    if (!result || !result->counterexample) {
        clear();
        return;
    }
    // Core's comparison on the counterexample: the banner quotes the same one.
    const QString rows = countedRows(static_cast<qint64>(result->counterexample->rowCount()));
    const QString name = separatingDatabaseOnScreenName(*result);
    showOutcomes(result, result->counterexampleGold, result->counterexampleCandidate, result->counterexampleComparison,
                 result->counterexampleMinimized
                     ? tr("Results on the minimal counterexample of database %1, %2").arg(name, rows)
                     : tr("Results on database %1, %2").arg(name, rows));
}

void ResultsView::showOutcomes(const RunResultPtr& owner, const exec::QueryOutcome& gold,
                               const exec::QueryOutcome& candidate, const compare::Comparison& comparison,
                               const QString& where)
{
    m_where->setText(where);
    showSide(owner, gold, comparison.onlyInGoldIndices, true);
    showSide(owner, candidate, comparison.onlyInCandidateIndices, false);
    m_note->setText(comparisonNote(gold, candidate, comparison));
    QPalette notePalette = m_note->palette();
    const ThemeColors colors(palette());
    notePalette.setColor(QPalette::WindowText, comparison.same() ? colors.positive() : colors.negative());
    m_note->setPalette(notePalette);
}

void ResultsView::showSide(const RunResultPtr& owner, const exec::QueryOutcome& outcome,
                           const std::vector<std::size_t>& onlyHere, bool gold)
{
    ResultTableModel* model = gold ? m_goldModel : m_candidateModel;
    if (outcome.ok())
        model->setResult(std::shared_ptr<const exec::ResultSet>(owner, &outcome.result),
                         std::unordered_set<std::size_t>(onlyHere.begin(), onlyHere.end()));
    else
        model->setResult(nullptr);
    const QString name = gold ? tr("Gold") : tr("Candidate");
    (gold ? m_goldTitle : m_candidateTitle)
        ->setText(QStringLiteral("<b>%1</b> — %2").arg(name, outcomeSummary(outcome, onlyHere).toHtmlEscaped()));
}

} // namespace sqleq::ui
