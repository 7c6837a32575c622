// SuiteDatabasesModel: one row per database of the distilled suite — its index, label,
// how gold and candidate fare there, and its size — over an immutable RunResult. Its
// "#N" column is the numbering every panel uses (database_naming.h). The
// separating database is marked three ways (icon, "separates" text, palette colour),
// never by colour alone. Never runs SQL.
#pragma once

#include "ui/session/run_result.h"

#include <QAbstractTableModel>

namespace sqleq::ui {

class SuiteDatabasesModel : public QAbstractTableModel {
    Q_OBJECT

public:
    /// The status before the label: in a narrow panel what separates must stay in view.
    enum Column { IndexColumn, StatusColumn, RowsColumn, LabelColumn, ColumnCount };

    enum Role {
        SeparatingRole = Qt::UserRole + 1,  ///< bool: the database that separates gold and candidate
        StatusRole,                         ///< int: DatabaseStatus
        DatabaseIndexRole,                  ///< int: index into RunResult::databases
        ComparisonMessageRole,              ///< QString: why gold and candidate agree or not here
        DatabaseNameRole,                   ///< QString: "#6 (concerts_0.sqlite)", as every panel names it
    };

    explicit SuiteDatabasesModel(QObject* parent = nullptr);

    /// Shows the suite of `result` (null: empty). GUI thread only.
    void setResult(RunResultPtr result);
    /// The row of the separating database, -1 when there is none.
    [[nodiscard]] int separatingRow() const;

    /// "Same", "Different", "Candidate error", "Gold error", "Not run".
    static QString statusName(DatabaseStatus status);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const SuiteDatabaseView& view, int row, int column) const;

    RunResultPtr m_result;
};

} // namespace sqleq::ui
