// The earlier turns wrap their SQL so that a narrow dock still shows whole queries;
// rows are sized to their text after each item change.

#include "ui/audit/earlier_turns_panel.h"

#include "ui/audit/interaction_turns_model.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace sqleq::ui {

EarlierTurnsPanel::EarlierTurnsPanel(QWidget* parent) : QWidget(parent), m_model(new InteractionTurnsModel(this))
{
    setObjectName(QStringLiteral("earlierTurnsPanel"));
    m_position = new QLabel(this);
    m_position->setObjectName(QStringLiteral("turnPosition"));
    QFont bold = m_position->font();
    bold.setBold(true);
    m_position->setFont(bold);
    m_empty = new QLabel(tr("First turn: no earlier question in this interaction."), this);
    m_empty->setWordWrap(true);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("earlierTurns"));
    m_view->setAccessibleName(tr("Earlier turns of the interaction"));
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(true);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(InteractionTurnsModel::TurnColumn, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(InteractionTurnsModel::GoldColumn, QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(InteractionTurnsModel::PredictionColumn, QHeaderView::Stretch);
    m_view->setMaximumHeight(fontMetrics().height() * 12);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_position);
    layout->addWidget(m_empty);
    layout->addWidget(m_view);
    hide();
}

void EarlierTurnsPanel::setProject(AuditProject* project)
{
    m_project = project;
    showItem(std::nullopt);
}

void EarlierTurnsPanel::showItem(std::optional<std::size_t> itemIndex)
{
    m_model->showItem(m_project ? m_project->items() : AuditItemsPtr{}, itemIndex);
    setVisible(m_model->multiTurn());
    m_position->setText(m_model->positionText());
    const bool first = m_model->rowCount() == 0;
    m_empty->setVisible(first);
    m_view->setVisible(!first);
    m_view->resizeRowsToContents();
}

} // namespace sqleq::ui
