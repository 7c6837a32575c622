// ResultTableModel: a read-only Qt table model over one query result (an immutable
// exec::ResultSet snapshot). It never runs SQL; NULLs and the rows that only one
// side of a comparison returned are exposed through roles for delegates to style.
#pragma once

#include "core/exec/value.h"

#include <QAbstractTableModel>

#include <memory>
#include <unordered_set>

namespace sqleq::ui {

class ResultTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Role {
        IsNullRole = Qt::UserRole + 1,  ///< bool: the cell holds SQL NULL
        StorageClassRole,               ///< QString: NULL, INTEGER, REAL, TEXT or BLOB
        HighlightedRole,                ///< bool: the row is marked (e.g. only in this side)
    };

    explicit ResultTableModel(QObject* parent = nullptr);

    /// Shows `result` (shared, never modified) and marks the rows whose indices are listed.
    void setResult(std::shared_ptr<const exec::ResultSet> result,
                   std::unordered_set<std::size_t> highlightedRows = {});

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const exec::ResultSet> m_result;
    std::unordered_set<std::size_t> m_highlightedRows;
};

} // namespace sqleq::ui
