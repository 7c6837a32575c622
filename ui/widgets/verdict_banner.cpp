// VerdictBanner: wording follows the paper's terms (a database "separates" the two
// queries) and always names the profile and seed, because a verdict is only meaningful
// together with the assumptions the sampled databases made.

#include "ui/widgets/verdict_banner.h"

#include "ui/models/database_naming.h"
#include "ui/widgets/theme_colors.h"


#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

QString assumptions(const RunResult& result)
{
    const int suiteSize = static_cast<int>(result.metricDatabases);
    const int sampled = static_cast<int>(result.distilled.sampled);
    QString text = QObject::tr("profile %1 · seed %2").arg(result.profileName).arg(result.seed);
    text += QObject::tr(" · suite of %n database(s)", nullptr, suiteSize);
    if (result.evidence.searchDatabases > 0)
        text += QObject::tr(" · %n searched past it", nullptr, static_cast<int>(result.evidence.searchDatabases));
    text += QObject::tr(" · %n random database(s) sampled", nullptr, sampled);
    text += QObject::tr(" · %1 s").arg(result.seconds, 0, 'f', 1);
    if (!result.distilled.golds.empty()) {
        const std::size_t open = result.distilled.golds.front().undistinguished();
        if (open > 0) text += QObject::tr(" · %1 neighbor(s) not distinguished").arg(open);
    }
    return text;
}

/// The texts as judged, when they are not what the editors show (plug-value put the
/// gold's values in, DISTINCT was removed, `> =` was rewritten): the counterexample
/// separates these, not the editors' texts.
QString judgedTexts(const RunResult& result)
{
    const auto differs = [](const QString& shown, const std::string& judged) {
        return shown.simplified() != QString::fromStdString(judged).simplified();
    };
    QString text;
    if (differs(result.session.gold, result.check.goldUsed))
        text += QObject::tr("\nGold as judged: %1").arg(QString::fromStdString(result.check.goldUsed));
    if (differs(result.session.candidate, result.check.candidateUsed))
        text += QObject::tr("\nCandidate as judged: %1").arg(QString::fromStdString(result.check.candidateUsed));
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
    const QString separating = databaseName(result, result.check.separatingDatabase);
    if (result.testSuiteFalsePositive) {
        return QObject::tr("Different — found by the search (database %1); the test suite accepts it").arg(separating);
    }
    return QObject::tr("Different — database %1 separates them").arg(separating);
}

/// "The candidate behaves like the gold with `age > 34` → `age >= 34`", from the nearest neighbor.
QString diagnosisText(const RunResult& result)
{
    QString text;
    const auto& nearest = result.diagnosis.nearestNeighbors;
    if (!nearest.empty() && !result.distilled.golds.empty()) {
        const std::string edit = inspect::describeNeighbor(result.distilled.golds.front().goldSql, nearest.front().neighbor);
        text += QObject::tr("\nThe candidate behaves like %1.").arg(QString::fromStdString(edit));
    } else if (!result.diagnosis.clauses.empty()) {
        QStringList parts;
        for (const auto& difference : result.diagnosis.clauses) {
            parts << QObject::tr("%1: `%2` vs `%3`")
                         .arg(QString::fromUtf8(inspect::clauseName(difference.clause).data()).toUpper().replace('_', ' '),
                              QString::fromStdString(difference.gold.empty() ? "—" : difference.gold),
                              QString::fromStdString(difference.candidate.empty() ? "—" : difference.candidate));
        }
        text += QObject::tr("\nDiffers in %1.").arg(parts.join(QStringLiteral("; ")));
    }
    const auto& order = result.diagnosis.nondeterminism;
    if (order.gold || order.candidate) {
        text += order.tieBreakOnly
            ? QObject::tr("\nOnly tie-breaking separates them here: read in another order they agree.")
            : QObject::tr("\nThe %1 result depends on row order here (ties, bare columns).")
                  .arg(order.gold ? QObject::tr("gold's") : QObject::tr("candidate's"));
    }
    return text;
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
    const QString detail = assumptions(result);
    switch (check.verdict) {
    case suite::VerdictKind::Equivalent: {
        QString extra;
        if (result.profileName == QLatin1String("spider"))
            extra = tr("\nThe spider profile samples no NULLs and no empty tables; the strict profile may still separate them.");
        const auto suiteDatabases = static_cast<int>(result.evidence.suiteDatabases);
        const auto searched = static_cast<int>(result.evidence.searchDatabases);
        const QString title = searched > 0
            ? tr("Equivalent on %n suite database(s)", nullptr, suiteDatabases) + tr(" + %n searched", nullptr, searched)
            : tr("Equivalent on %n suite database(s) (test-suite metric only)", nullptr, suiteDatabases);
        display(State::Equivalent, title, detail + extra);
        return;
    }
    case suite::VerdictKind::Different:
        display(State::Different, differentTitle(result),
                QString::fromStdString(check.comparison.message) + diagnosisText(result) + judgedTexts(result)
                    + QLatin1Char('\n') + detail);
        return;
    case suite::VerdictKind::CandidateError:
        display(State::CandidateError, tr("Candidate does not run: %1").arg(errorText(check.candidateOutcome)),
             detail);
        return;
    case suite::VerdictKind::GoldError:
        display(State::GoldError, tr("Gold does not run: %1").arg(errorText(check.goldOutcome)), detail);
        return;
    }
}

void VerdictBanner::showFailure(const QString& message)
{
    display(State::Failed, tr("Could not run"), message);
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
