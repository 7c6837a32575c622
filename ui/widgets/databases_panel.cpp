// DatabasesPanel: the model's row is the suite index (no sorting), so selection and
// signals speak suite indices directly and neighbors can point into this list.

#include "ui/widgets/databases_panel.h"

#include "ui/models/suite_databases_model.h"
#include "ui/widgets/counted.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace sqleq::ui {

DatabasesPanel::DatabasesPanel(QWidget* parent) : QWidget(parent)
{
    m_model = new SuiteDatabasesModel(this);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("databasesView"));
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Suite databases"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->setWordWrap(false);
    QHeaderView* header = m_view->horizontalHeader();
    // Every column as wide as its header and values: a stretched column was squeezed
    // below its own header in a narrow panel; the view scrolls sideways instead.
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setStretchLastSection(true);

    m_summary = new QLabel(tr("Test suite"), this);
    m_summary->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { emit currentDatabaseChanged(current.isValid() ? current.row() : -1); });
}

void DatabasesPanel::setResult(const RunResultPtr& result)
{
    m_model->setResult(result);
    const int count = m_model->rowCount();
    QString summary = tr("Test suite");
    if (result) {
        summary = tr("Test suite: %1").arg(countedDatabases(static_cast<qint64>(result->metricDatabases)));
        if (count > static_cast<int>(result->metricDatabases)) summary += tr(" + the one the search found");
    }
    m_summary->setText(summary);
    const int separating = m_model->separatingRow();
    if (count == 0) {
        emit currentDatabaseChanged(-1);
        return;
    }
    selectDatabase(separating >= 0 ? separating : 0);
}

void DatabasesPanel::selectDatabase(int index)
{
    if (index < 0 || index >= m_model->rowCount()) return;
    const QModelIndex target = m_model->index(index, SuiteDatabasesModel::IndexColumn);
    if (m_view->currentIndex().row() == index && m_view->selectionModel()->isRowSelected(index)) return;
    m_view->selectionModel()->setCurrentIndex(target, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(target);
}

int DatabasesPanel::currentDatabase() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.row() : -1;
}

} // namespace sqleq::ui
