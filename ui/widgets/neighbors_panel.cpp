// NeighborsPanel: the whole change is drawn in a detail label under the tree,
// because the interesting part (which clause the suite exercised) needs the whole gold
// text, and a tree row is too narrow for it at 1280×800.

#include "ui/widgets/neighbors_panel.h"

#include "ui/models/neighbors_model.h"
#include "ui/models/undistinguished_filter_model.h"
#include "ui/widgets/counted.h"
#include "ui/widgets/neighbor_delegate.h"
#include "ui/widgets/theme_colors.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

namespace sqleq::ui {
namespace {

QString span(const QString& text, const QColor& background, const char* extraStyle = "")
{
    return QStringLiteral("<span style=\"background-color:%1;%2\">%3</span>")
        .arg(background.name(), QLatin1String(extraStyle), text.toHtmlEscaped());
}

} // namespace

NeighborsPanel::NeighborsPanel(QWidget* parent) : QWidget(parent)
{
    m_model = new NeighborsModel(this);
    m_filter = new UndistinguishedFilterModel(this);
    m_filter->setSourceModel(m_model);

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("neighborsView"));
    m_view->setAccessibleName(tr("Neighbor queries"));
    m_view->setModel(m_filter);
    m_view->setUniformRowHeights(true);
    m_view->setIndentation(10);
    m_view->setAlternatingRowColors(true);
    m_view->setColumnHidden(NeighborsModel::FamilyColumn, true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(NeighborsModel::SqlColumn, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(NeighborsModel::StatusColumn, QHeaderView::ResizeToContents);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->setItemDelegate(new NeighborDelegate(m_view));

    m_undistinguishedOnly = new QCheckBox(tr("Und&istinguished only"), this);
    m_undistinguishedOnly->setToolTip(tr("Show only the neighbors no suite database tells apart from the gold"));
    m_undistinguishedOnly->setAccessibleName(tr("Only undistinguished neighbors"));
    connect(m_undistinguishedOnly, &QCheckBox::toggled, this, &NeighborsPanel::setUndistinguishedOnly);

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_detail = new QLabel(this);
    m_detail->setObjectName(QStringLiteral("neighborDetail"));
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::RichText);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setMinimumHeight(m_detail->fontMetrics().lineSpacing() * 3);
    m_detail->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_undistinguishedOnly);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_detail);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onCurrentChanged(current); });
    updateSummary();
}

void NeighborsPanel::setResult(const RunResultPtr& result)
{
    m_proved = result && result->suiteVerdictFromProof;
    m_model->setResult(result);
    showTree();
    m_detail->clear();
    updateSummary();
}

void NeighborsPanel::setUndistinguishedOnly(bool only)
{
    if (m_undistinguishedOnly->isChecked() != only) m_undistinguishedOnly->setChecked(only);
    m_filter->setUndistinguishedOnly(only);
    showTree();
}

void NeighborsPanel::showTree()
{
    // A family row reads across the tree ("String constants (6) — all distinguished"):
    // in a narrow column its name would otherwise be elided to "Stri…".
    for (int row = 0; row < m_filter->rowCount(); ++row) m_view->setFirstColumnSpanned(row, {}, true);
    m_view->expandAll();
}

QString NeighborsPanel::detailText() const { return m_detail->text(); }

void NeighborsPanel::updateSummary()
{
    int neighbors = 0;
    int undistinguished = 0;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex family = m_model->index(row, 0);
        neighbors += m_model->rowCount(family);
        undistinguished += family.data(NeighborsModel::UndistinguishedCountRole).toInt();
    }
    if (neighbors == 0) {
        m_summary->setText(m_proved ? tr("The pair was proved: no suite, and so no neighbor query, was needed.")
                                    : tr("Neighbor queries of the gold appear here after a run."));
        return;
    }
    m_summary->setText(undistinguished == 0
                           ? tr("%1, every one distinguished by the suite.")
                                 .arg(counted(neighbors, tr("neighbor"), tr("neighbors")))
                           : tr("%1, %2 not distinguished by the suite.")
                                 .arg(counted(neighbors, tr("neighbor"), tr("neighbors")))
                                 .arg(undistinguished));
}

void NeighborsPanel::onCurrentChanged(const QModelIndex& current)
{
    if (!current.isValid() || current.data(NeighborsModel::IsFamilyRole).toBool()) {
        m_detail->clear();
        return;
    }
    const QString gold = current.data(NeighborsModel::GoldTextRole).toString();
    const int begin = current.data(NeighborsModel::GoldSpanBeginRole).toInt();
    const int end = current.data(NeighborsModel::GoldSpanEndRole).toInt();
    const QString replacement = current.data(NeighborsModel::ReplacementRole).toString();
    const ThemeColors colors(palette());
    QString html;
    if (begin >= 0 && end >= begin && end <= gold.size()) {
        html = gold.left(begin).toHtmlEscaped();
        if (end > begin) html += span(gold.mid(begin, end - begin), colors.negativeTint(), "text-decoration:line-through;");
        if (!replacement.isEmpty()) html += span(replacement, colors.positiveTint(), "font-weight:bold;");
        html += gold.mid(end).toHtmlEscaped();
    } else {
        html = current.sibling(current.row(), NeighborsModel::SqlColumn).data().toString().toHtmlEscaped();
    }
    const int database = current.data(NeighborsModel::DistinguishingDatabaseRole).toInt();
    // The model names the database as every panel does: "#0 (original)".
    const QString named = current.sibling(current.row(), NeighborsModel::StatusColumn).data(Qt::ToolTipRole).toString();
    const QString status = database < 0 ? tr("No suite database distinguishes it from the gold.")
        : named.isEmpty()               ? tr("Distinguished from the gold by database #%1.").arg(database)
                                        : named + QLatin1Char('.');
    m_detail->setText(QStringLiteral("<code>%1</code><br/>%2").arg(html, status.toHtmlEscaped()));
    if (database >= 0) emit databaseRequested(database);
}

} // namespace sqleq::ui
