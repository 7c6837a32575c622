// ExplanationPanel: the diagnosis sits beside the editors rather than in the verdict banner
// because it speaks about the texts: one reads "`age > 34` → `age >= 34`" against the query
// one just typed. Code spans are HTML-escaped; nothing here is interpreted as markup.

#include "ui/widgets/explanation_panel.h"

#include <QLabel>
#include <QScrollArea>
#include <QTextDocument>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

/// Lines of explanation shown before the panel scrolls.
constexpr int kMostLines = 3;

QString code(const std::string& text)
{
    return QStringLiteral("<code>%1</code>").arg(QString::fromStdString(text).toHtmlEscaped());
}

/// Core quotes edits in backticks ("the gold with `34` → `-5`"): shown as code.
QString withCodeSpans(const std::string& text)
{
    const QStringList pieces = QString::fromStdString(text).split(QLatin1Char('`'));
    QString html;
    for (qsizetype i = 0; i < pieces.size(); ++i)
        html += i % 2 == 1 ? QStringLiteral("<code>%1</code>").arg(pieces[i].toHtmlEscaped()) : pieces[i].toHtmlEscaped();
    return html;
}

/// Core's sentence from the neighbor that explains the candidate best; nothing when
/// none does (a random constant that merely matches is no reason).
QStringList nearestNeighborLines(const RunResult& result)
{
    if (result.distilled.golds.empty()) return {};
    const std::string sentence = inspect::explainCandidate(result.distilled.golds.front().goldSql, result.diagnosis);
    if (sentence.empty()) return {};
    return {QObject::tr("<b>In short:</b> %1.").arg(withCodeSpans(sentence))};
}

QStringList clauseLines(const RunResult& result)
{
    QStringList lines;
    for (const auto& difference : result.diagnosis.clauses) {
        const QString clause = QString::fromUtf8(inspect::clauseName(difference.clause).data()).toUpper().replace('_', ' ');
        lines << QObject::tr("<b>%1</b> differs: gold %2, candidate %3")
                     .arg(clause, difference.gold.empty() ? QObject::tr("has none") : code(difference.gold),
                          difference.candidate.empty() ? QObject::tr("has none") : code(difference.candidate));
    }
    return lines;
}

QStringList judgedLines(const RunResult& result)
{
    const auto differs = [](const QString& shown, const std::string& judged) {
        return !judged.empty() && shown.simplified() != QString::fromStdString(judged).simplified();
    };
    QStringList lines;
    if (differs(result.session.gold, result.check.goldUsed))
        lines << QObject::tr("<b>Gold as run:</b> %1").arg(code(result.check.goldUsed));
    if (differs(result.session.candidate, result.check.candidateUsed))
        lines << QObject::tr("<b>Candidate as run:</b> %1").arg(code(result.check.candidateUsed));
    return lines;
}

} // namespace

ExplanationPanel::ExplanationPanel(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("explanationPanel"));
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("explanationText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAccessibleName(tr("Why the queries differ"));
    // Three lines at most, the rest scrolled: a pair whose six clauses differ would
    // otherwise take the rows of the tables below (and of the audit list) at 1280×800.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("explanationScroll"));
    scroll->setWidget(m_text);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMaximumHeight(kMostLines * (m_text->fontMetrics().lineSpacing() + 2) + 2);  // code and bold spans set lines apart a little
    scroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->addWidget(scroll);
    setResult(nullptr);
}

void ExplanationPanel::setResult(const RunResultPtr& result)
{
    QStringList lines;
    // A candidate that does not run has one message, the banner's: no diagnosis beside
    // it; the texts as run stay, since the error's position points into them.
    if (result && result->check.verdict != suite::VerdictKind::CandidateError)
        lines << nearestNeighborLines(*result) << clauseLines(*result);
    if (result) lines << judgedLines(*result);
    m_text->setText(lines.join(QStringLiteral("<br/>")));
    setVisible(!lines.isEmpty());
}

QString ExplanationPanel::text() const
{
    QTextDocument document;
    document.setHtml(m_text->text());
    return document.toPlainText();
}

} // namespace sqleq::ui
