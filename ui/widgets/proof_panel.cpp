// ProofPanel: the list drives the text; the highlight colour is the one the neighbors
// panel marks a changed span with, so "what changed" looks the same everywhere.

#include "ui/widgets/proof_panel.h"

#include "ui/models/proof_steps_model.h"
#include "ui/widgets/counted.h"
#include "ui/widgets/theme_colors.h"

#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

/// `text` as HTML with [begin, end) on a coloured background.
QString highlighted(const QString& text, int begin, int end, const QColor& colour)
{
    const QString mark = QStringLiteral("<span style=\"background-color:%1\">").arg(colour.name());
    return text.left(begin).toHtmlEscaped() + mark + text.mid(begin, end - begin).toHtmlEscaped()
        + QStringLiteral("</span>") + text.mid(end).toHtmlEscaped();
}

} // namespace

ProofPanel::ProofPanel(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("proofPanel"));
    m_model = new ProofStepsModel(this);
    m_caption = new QLabel(this);
    m_caption->setObjectName(QStringLiteral("proofCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_steps = new QListView(this);
    m_steps->setObjectName(QStringLiteral("proofSteps"));
    m_steps->setAccessibleName(tr("Proof steps"));
    m_steps->setModel(m_model);
    m_steps->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_steps->setSelectionMode(QAbstractItemView::SingleSelection);
    m_steps->setMaximumWidth(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 16);

    m_step = new QTextBrowser(this);
    m_step->setObjectName(QStringLiteral("proofStep"));
    m_step->setAccessibleName(tr("Proof step"));
    m_step->setOpenLinks(false);

    auto* row = new QHBoxLayout;
    row->setSpacing(4);
    row->addWidget(m_steps);
    row->addWidget(m_step, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(3);
    layout->addWidget(m_caption);
    layout->addLayout(row, 1);

    connect(m_steps->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { showStep(current); });
}

void ProofPanel::setResult(const RunResultPtr& result)
{
    m_model->setResult(result);
    const prove::Proof* proof = m_model->proof();
    if (!proof) {
        m_caption->clear();
        m_step->clear();
        return;
    }
    m_caption->setText(tr("Proved: %1 bring the gold and the candidate to one normal form, under the %2 profile's "
                          "promises. ↑/↓ step through them.")
                           .arg(counted(static_cast<qint64>(proof->rewrites()), tr("rewrite"), tr("rewrites")),
                                QString::fromStdString(std::string(fuzz::profileName(proof->profile)))));
    if (proof->steps.empty()) {  // the two texts were the normal form already
        m_step->setHtml(tr("<p>Both queries already are the normal form:<br><code>%1</code></p>")
                            .arg(QString::fromStdString(proof->goldForm).toHtmlEscaped()));
        return;
    }
    const QModelIndex first = m_model->index(0, 0);
    m_steps->setCurrentIndex(first);
    showStep(first);
}

QString ProofPanel::caption() const { return m_caption->text(); }
QString ProofPanel::stepText() const { return m_step->toPlainText(); }
QString ProofPanel::stepHtml() const { return m_step->toHtml(); }

void ProofPanel::showStep(const QModelIndex& index)
{
    if (!index.isValid()) {
        m_step->clear();
        return;
    }
    const QColor mark = ThemeColors(palette()).changedSpan();
    const int begin = index.data(ProofStepsModel::ChangedBeginRole).toInt();
    const QString side = index.data(ProofStepsModel::SideRole).toString();
    const int number = index.data(ProofStepsModel::NumberRole).toInt();
    const int rewrites = static_cast<int>(m_model->proof()->rewrites());
    QString html = number > 0 ? tr("<p><b>%1</b> — rewrite %2 of %3, on the %4</p>")
                                    .arg(index.data(ProofStepsModel::RuleRole).toString().toHtmlEscaped())
                                    .arg(number)
                                    .arg(rewrites)
                                    .arg(side)
                              : tr("<p><b>syntax</b> — the %1 as sqleq prints it; no rewrite</p>").arg(side);
    const QStringList uses = index.data(ProofStepsModel::UsesRole).toStringList();
    if (uses.isEmpty()) {
        html += tr("<p>Uses no schema fact or promise.</p>");
    } else {
        html += tr("<p>Uses:");
        for (const QString& fact : uses) html += QStringLiteral("<br>• %1").arg(fact.toHtmlEscaped());
        html += QStringLiteral("</p>");
    }
    const auto query = [&](const QString& label, int role, int endRole) {
        return tr("<p>%1<br><code>%2</code></p>")
            .arg(label, highlighted(index.data(role).toString(), begin, index.data(endRole).toInt(), mark));
    };
    html += query(tr("Before:"), ProofStepsModel::BeforeRole, ProofStepsModel::BeforeChangedEndRole);
    html += query(tr("After:"), ProofStepsModel::AfterRole, ProofStepsModel::AfterChangedEndRole);
    if (index.data(ProofStepsModel::ReachesNormalFormRole).toBool())
        html += side == QLatin1String("gold")
            ? tr("<p>This is the gold's normal form.</p>")
            : tr("<p>This is the candidate's normal form: the same text as the gold's, so they are equivalent.</p>");
    m_step->setHtml(html);
}

} // namespace sqleq::ui
