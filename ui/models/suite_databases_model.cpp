// The suite table. The icon comes from the application style when there is one
// (a QApplication); a bare QGuiApplication still gets the text and the colour.

#include "ui/models/suite_databases_model.h"

#include "ui/models/database_naming.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>

namespace sqleq::ui {
namespace {

/// Marked as the separating database: a candidate that does not run is no separation
/// to inspect (the banner has its error), so its database is not marked.
bool markedSeparating(const SuiteDatabaseView& view)
{
    return view.separating && view.status != DatabaseStatus::CandidateError;
}

} // namespace

SuiteDatabasesModel::SuiteDatabasesModel(QObject* parent) : QAbstractTableModel(parent) {}

void SuiteDatabasesModel::setResult(RunResultPtr result)
{
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

int SuiteDatabasesModel::separatingRow() const
{
    if (!m_result) return -1;
    for (std::size_t i = 0; i < m_result->databases.size(); ++i) {
        if (m_result->databases[i].separating) return static_cast<int>(i);
    }
    return -1;
}

QString SuiteDatabasesModel::statusName(DatabaseStatus status)
{
    switch (status) {
    case DatabaseStatus::Same: return QStringLiteral("Same");
    case DatabaseStatus::Different: return QStringLiteral("Different");
    case DatabaseStatus::CandidateError: return QStringLiteral("Candidate error");
    case DatabaseStatus::GoldError: return QStringLiteral("Gold error");
    case DatabaseStatus::NotRun: return QStringLiteral("Not run");
    }
    return {};
}

int SuiteDatabasesModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_result) return 0;
    return static_cast<int>(m_result->databases.size());
}

int SuiteDatabasesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SuiteDatabasesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& view = m_result->databases[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return display(view, index.row(), index.column());
    case Qt::ToolTipRole:
        return QStringLiteral("%1: %2").arg(databaseName(*m_result, index.row()),
                                            QString::fromStdString(view.comparison.message));
    case ComparisonMessageRole: return QString::fromStdString(view.comparison.message);
    case DatabaseNameRole: return databaseName(*m_result, index.row());
    case Qt::DecorationRole:
        if (markedSeparating(view) && index.column() == IndexColumn) {
            if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance()))
                return app->style()->standardIcon(QStyle::SP_MessageBoxWarning);
        }
        return {};
    case Qt::BackgroundRole:
        if (markedSeparating(view)) return QGuiApplication::palette().brush(QPalette::Highlight).color().lighter(170);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == IndexColumn || index.column() == RowsColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SeparatingRole: return view.separating;
    case StatusRole: return static_cast<int>(view.status);
    case DatabaseIndexRole: return index.row();
    default: return {};
    }
}

QVariant SuiteDatabasesModel::display(const SuiteDatabaseView& view, int row, int column) const
{
    switch (column) {
    case IndexColumn: return QStringLiteral("#%1").arg(row);
    // A searched database is not part of the metric's suite: the label says so.
    case LabelColumn: return view.fromSearch ? tr("%1, built by the search, not in the suite").arg(view.label) : view.label;
    case StatusColumn:
        if (markedSeparating(view))
            return QStringLiteral("%1 — separates").arg(statusName(view.status));
        return statusName(view.status);
    case RowsColumn: return QVariant::fromValue<qulonglong>(view.content.rowCount());
    default: return {};
    }
}

QVariant SuiteDatabasesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case IndexColumn: return QStringLiteral("#");
    case LabelColumn: return QStringLiteral("Database");
    case StatusColumn: return QStringLiteral("Gold vs candidate");
    case RowsColumn: return QStringLiteral("Rows");
    default: return {};
    }
}

} // namespace sqleq::ui
