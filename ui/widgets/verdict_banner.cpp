// VerdictBanner: wording follows the paper's terms (a database "separates" the two
// queries) and always names the profile and seed, because a verdict is only meaningful
// together with the assumptions the sampled databases made.

#include "ui/widgets/verdict_banner.h"

#include "core/inspect/check_request.h"
#include "core/search/search.h"
#include "ui/models/database_naming.h"
#include "ui/session/run_budget.h"
#include "ui/session/session.h"
#include "ui/widgets/counted.h"
#include "ui/widgets/sentence.h"
#include "ui/widgets/theme_colors.h"


#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

/// What each number is: the suite's size and what it was kept from, the databases the
/// search built past it and its limit, so none reads as another's ("Budget" in
/// Settings is the sampling budget, not the size of anything shown).
QString assumptions(const RunResult& result)
{
    const auto suiteSize = static_cast<qint64>(result.metricDatabases);
    const auto sampled = static_cast<qint64>(result.distilled.sampled);
    // A profile nobody chose is the schema source's promise (strict for the user's own file).
    QString text = QObject::tr("profile %1%2 · seed %3")
                       .arg(result.profileName,
                            result.session.settings.profileFromSchema ? QObject::tr(" (the schema's default)") : QString())
                       .arg(result.seed);
    if (result.suiteVerdictFromProof) {
        // The proof stands for every database a suite could hold: none was distilled.
        text += QObject::tr(" · no suite distilled, the proof covers every database one could hold · %1 supplied")
                    .arg(countedDatabases(suiteSize));
    } else if (sampled == 0) {
        text += QObject::tr(" · test suite of %1, no random one needed (sampling budget %2)")
                    .arg(countedDatabases(suiteSize))
                    .arg(result.session.settings.samplingBudget);
    } else {
        text += QObject::tr(" · test suite of %1, kept from %2 sampled at random (sampling budget %3)")
                    .arg(countedDatabases(suiteSize))
                    .arg(sampled)
                    .arg(result.session.settings.samplingBudget);
    }
    if (result.evidence.searchDatabases > 0)
        text += QObject::tr(" · %1 built by the search past the suite (at most %2)")
                    .arg(countedDatabases(static_cast<qint64>(result.evidence.searchDatabases)))
                    .arg(search::searchLimit(inspect::searchOptions(checkSettings(result.session))));
    // Non-breaking: a wrapped line never starts with a lone "s" nor ends with a lone "·".
    text += QObject::tr(" ·\u00a0%1\u00a0s").arg(result.seconds, 0, 'f', 1);
    if (!result.distilled.golds.empty()) {
        const std::size_t open = result.distilled.golds.front().undistinguished();
        if (open > 0)
            text += QObject::tr(" · %1 not distinguished")
                        .arg(counted(static_cast<qint64>(open), QObject::tr("neighbor"), QObject::tr("neighbors")));
    }
    return text;
}

QString errorText(const exec::QueryOutcome& outcome)
{
    if (outcome.status == exec::OutcomeStatus::Timeout) return QObject::tr("time budget exceeded");
    if (outcome.status == exec::OutcomeStatus::TooLarge) return QObject::tr("result too large");
    if (outcome.status == exec::OutcomeStatus::WallClockTimeout)
        return QObject::tr("the wall-clock safety net fired; this verdict may depend on the machine");
    return QString::fromStdString(outcome.error.message);
}

QString differentTitle(const RunResult& result)
{
    // The database whose counterexample is on screen, as every panel names it.
    const QString separating = separatingDatabaseOnScreenName(result);
    if (result.testSuiteFalsePositive) {
        return QObject::tr("Different — the test suite accepts it; database %1, built by the search, separates them")
            .arg(separating);
    }
    return QObject::tr("Different — database %1 separates them").arg(separating);
}

/// A counterexample from the user's own database may break the profile the verdict
/// names: the separation is real, and the banner says which promise it breaks.
QString profileNote(const RunResult& result)
{
    if (result.counterexampleOutsideProfile.isEmpty()) return {};
    return QObject::tr("\nThis database is outside the %1 profile: %2. Database %3 is not one sqleq sampled.")
        .arg(result.profileName, result.counterexampleOutsideProfile, separatingDatabaseOnScreenName(result));
}

/// Why the counterexample comes from a later database than the one that separates first.
QString originNote(const RunResult& result)
{
    if (result.counterexampleOrigin.isEmpty()) return {};
    QString origin = result.counterexampleOrigin;
    origin[0] = origin[0].toUpper();
    return QLatin1Char('\n') + asSentence(origin);
}

/// Row order: when the separating database's results depend on it, the metric itself is
/// ill-defined there, which qualifies the verdict.
QString orderNote(const RunResult& result)
{
    const auto& order = result.diagnosis.nondeterminism;
    if (!order.gold && !order.candidate) return {};
    return order.tieBreakOnly
        ? QObject::tr("\nOnly tie-breaking separates them here: read in another order they agree.")
        : QObject::tr("\nThe %1 result depends on row order here (ties, bare columns).")
              .arg(order.gold ? QObject::tr("gold's") : QObject::tr("candidate's"));
}

/// "7 rewrites": the steps past printing, as every front end counts them.
QString provedRewrites(const RunResult& result)
{
    const auto rewrites = static_cast<qint64>(result.proof ? result.proof->rewrites() : 0);
    return counted(rewrites, QObject::tr("rewrite"), QObject::tr("rewrites"));
}

/// Both verdicts side by side with what sqleq's rests on: "Test suite: rejects · sqleq:
/// different, shown by a counterexample of 3 rows".
QString verdictsLine(const RunResult& result)
{
    const bool suiteAccepts = result.suiteCheck.verdict == suite::VerdictKind::Equivalent;
    const QString suiteVerdict = suiteAccepts ? QObject::tr("Test suite: ✓ accepts") : QObject::tr("Test suite: ✗ rejects");
    QString sqleq;
    switch (result.evidence.kind) {
    case inspect::EvidenceKind::Counterexample:
        if (result.check.verdict == suite::VerdictKind::CandidateError) {
            sqleq = QObject::tr("sqleq: ✗ the candidate does not run on database %1")
                        .arg(databaseName(result, result.check.separatingDatabase));
        } else if (result.counterexample) {
            const QString rows = countedRows(static_cast<qint64>(result.counterexample->rowCount()));
            sqleq = result.counterexampleMinimized
                ? QObject::tr("sqleq: ✗ different, shown by a minimal counterexample of %1").arg(rows)
                : QObject::tr("sqleq: ✗ different, shown by the whole separating database of %1, not minimized").arg(rows);
        } else {
            sqleq = QObject::tr("sqleq: ✗ different");
        }
        break;
    case inspect::EvidenceKind::Proof:
        sqleq = QObject::tr("sqleq: ✓ equivalent, proved: %1 bring both to one normal form, no search needed")
                    .arg(provedRewrites(result));
        break;
    case inspect::EvidenceKind::Suite:
        sqleq = QObject::tr("sqleq: ✓ equivalent on the test suite's %1, no search")
                    .arg(countedDatabases(static_cast<qint64>(result.evidence.suiteDatabases)));
        break;
    case inspect::EvidenceKind::SuiteAndSearch:
        sqleq = QObject::tr("sqleq: ✓ equivalent on all %1")
                    .arg(countedDatabases(
                        static_cast<qint64>(result.evidence.suiteDatabases + result.evidence.searchDatabases)));
        break;
    }
    const QString convention = result.conventionNote.isEmpty()
        ? QString()
        : QStringLiteral("\n") + QObject::tr("Test suite: %1.").arg(result.conventionNote);
    return suiteVerdict + QStringLiteral(" · ") + sqleq + convention;
}

/// "Candidate: line 1, column 80 (offset 79): SQLite rejected the query: incomplete input"
/// when SQLite named a position in the text as judged; "Candidate: time budget exceeded" for a
/// query that ran out of budget.
QString faultLine(bool candidate, const std::string& judgedText, const exec::QueryOutcome& outcome)
{
    if (outcome.status != exec::OutcomeStatus::Error)
        return (candidate ? QObject::tr("Candidate: %1") : QObject::tr("Gold: %1")).arg(errorText(outcome));
    // Core's message says who rejected the query ("SQLite rejected the query: …"): the
    // line names the query and keeps the message whole, with its position.
    const Diagnostic& diagnostic = outcome.error;
    const QString error = diagnostic.span.valid() ? QString::fromStdString(formatDiagnostic(judgedText, diagnostic))
                                                  : QString::fromStdString(diagnostic.message);
    return (candidate ? QObject::tr("Candidate: %1") : QObject::tr("Gold: %1")).arg(error);
}

/// "Equivalent on the 4 databases of the test suite and 298 more that the search built":
/// the two numbers are different kinds of databases, and the title says which is which.
QString equivalentTitle(const RunResult& result)
{
    // Proved, not merely unrefuted: the databases tried are then not what it rests on.
    if (result.proof) return QObject::tr("Equivalent — proved (%1)").arg(provedRewrites(result));
    const auto suite = static_cast<qint64>(result.evidence.suiteDatabases);
    const auto searched = static_cast<qint64>(result.evidence.searchDatabases);
    const QString suitePart = suite == 1 ? QObject::tr("the one database of the test suite")
                                         : QObject::tr("the %1 databases of the test suite").arg(suite);
    if (result.verdictCutShort)
        return QObject::tr("No difference on %1 before the time limit (%2 s) stopped the run")
            .arg(suitePart)
            .arg(result.timeLimitSeconds);
    if (searched == 0) return QObject::tr("Equivalent on %1; no search past it").arg(suitePart);
    return QObject::tr("Equivalent on %1 and %2 more that the search built")
        .arg(suitePart)
        .arg(searched);
}

/// The comparison on the database the results pane shows: the minimal counterexample
/// when there is one, so "the gold has 0 rows, the candidate has 1" agrees with the
/// tables below it; the whole separating database otherwise.
QString shownComparison(const RunResult& result)
{
    const std::string& message = result.counterexample ? result.counterexampleComparison.message
                                                       : result.check.comparison.message;
    const QString where = result.counterexample
        ? (result.counterexampleMinimized ? QObject::tr("On the minimal counterexample: ")
                                          : QObject::tr("On the separating database: "))
        : QString();
    return where + asSentence(QString::fromStdString(message));
}

} // namespace

VerdictBanner::VerdictBanner(QWidget* parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("verdictBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_icon = new QLabel(this);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("verdictTitle"));
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_detail = new QLabel(this);
    m_detail->setWordWrap(true);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* text = new QVBoxLayout;
    text->setSpacing(2);
    text->addWidget(m_title);
    text->addWidget(m_detail);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(10, 6, 10, 6);
    row->addWidget(m_icon, 0, Qt::AlignTop);
    row->addLayout(text, 1);
    showIdle({});
}

QString VerdictBanner::title() const { return m_title->text(); }
QString VerdictBanner::detail() const { return m_detail->text(); }

void VerdictBanner::showIdle(const QString& hint)
{
    display(State::Idle, tr("Not run yet"), hint.isEmpty() ? tr("Press Run (Ctrl+Return) to check the candidate.") : hint);
}

void VerdictBanner::showRunning(const QString& phase)
{
    display(State::Running, tr("Running…"), phase);
}

void VerdictBanner::showResult(const RunResult& result)
{
    const suite::CheckResult& check = result.check;
    QString detail = assumptions(result);
    if (const QString cut = timeLimitNote(result); !cut.isEmpty()) detail += QLatin1Char('\n') + cut;
    if (result.otherProfile)
        detail += QLatin1Char('\n') + QString::fromStdString(inspect::describeOtherProfile(*result.otherProfile))
            + QLatin1Char('.');
    switch (check.verdict) {
    case suite::VerdictKind::Equivalent: {
        const QString title = equivalentTitle(result);
        display(State::Equivalent, title, verdictsLine(result) + QLatin1Char('\n') + detail);
        return;
    }
    case suite::VerdictKind::Different:
        display(State::Different, differentTitle(result),
                shownComparison(result) + originNote(result) + orderNote(result) + profileNote(result)
                    + QLatin1Char('\n')
                    + verdictsLine(result) + QLatin1Char('\n') + detail);
        return;
    case suite::VerdictKind::CandidateError:
        display(State::CandidateError, tr("Candidate does not run"),
                faultLine(true, check.candidateUsed, check.candidateOutcome)
                    + QLatin1Char('\n') + verdictsLine(result) + QLatin1Char('\n') + detail);
        return;
    case suite::VerdictKind::GoldError:
        display(State::GoldError, tr("Gold does not run"),
                faultLine(false, check.goldUsed, check.goldOutcome)
                    + QLatin1Char('\n') + detail);
        return;
    }
}

void VerdictBanner::showFailure(const QString& message, bool goldAtFault)
{
    display(State::Failed, goldAtFault ? tr("The gold query cannot be run") : tr("Could not run"), message);
}

void VerdictBanner::showStale(const QString& previousTitle)
{
    display(State::Stale, tr("Inputs changed — Run (F5) to update"),
            previousTitle.isEmpty()
                ? tr("Greyed below: the last result, for the inputs as they were.")
                : tr("Greyed below: the last result, for the inputs as they were (%1).").arg(previousTitle));
}

void VerdictBanner::showCancelled()
{
    display(State::Cancelled, tr("Cancelled"), tr("The run was stopped before a verdict."));
}

void VerdictBanner::display(State state, const QString& title, const QString& detail)
{
    m_state = state;
    m_title->setText(title);
    m_detail->setText(detail);
    m_detail->setVisible(!detail.isEmpty());
    applyColors();
}

void VerdictBanner::applyColors()
{
    const ThemeColors colors(QWidget::palette());
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    QColor background = QWidget::palette().color(QPalette::Base);
    QColor accent = QWidget::palette().color(QPalette::WindowText);
    switch (m_state) {
    case State::Equivalent:
        icon = QStyle::SP_DialogApplyButton;
        background = colors.positiveTint();
        accent = colors.positive();
        break;
    case State::Different:
    case State::CandidateError:
        icon = QStyle::SP_MessageBoxCritical;
        background = colors.negativeTint();
        accent = colors.negative();
        break;
    case State::GoldError:
    case State::Failed:
    case State::Cancelled:
        icon = QStyle::SP_MessageBoxWarning;
        background = colors.warningTint();
        accent = colors.warning();
        break;
    case State::Running: icon = QStyle::SP_BrowserReload; break;
    case State::Stale:
        icon = QStyle::SP_BrowserReload;
        accent = QWidget::palette().color(QPalette::Disabled, QPalette::WindowText);
        break;
    case State::Idle: break;
    }
    const int size = style()->pixelMetric(QStyle::PM_LargeIconSize, nullptr, this);
    m_icon->setPixmap(style()->standardIcon(icon, nullptr, this).pixmap(QSize(size, size), devicePixelRatioF()));
    QPalette banner = QWidget::palette();
    banner.setColor(QPalette::Window, background);
    setPalette(banner);
    QPalette titlePalette = m_title->palette();
    titlePalette.setColor(QPalette::WindowText, accent);
    m_title->setPalette(titlePalette);
}

void VerdictBanner::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    // Re-derive the tint when the application switches between light and dark.
    if (event->type() == QEvent::ApplicationPaletteChange) applyColors();
}

} // namespace sqleq::ui
