// CellDelegate: paints table cells of query results and database rows — SQL NULL in
// italics with the placeholder colour (never confused with the text 'NULL'), marked
// rows on a tinted background. Works with any model exposing the two boolean roles.
#pragma once

#include <QStyledItemDelegate>

namespace sqleq::ui {

class CellDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    /// `nullRole` and `highlightRole` are the model's boolean roles; -1 disables one. With
    /// a view as `parent`, the view gets the context menu of table_copy.h.
    CellDelegate(int nullRole, int highlightRole, QObject* parent = nullptr);

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

private:
    int m_nullRole;
    int m_highlightRole;
};

} // namespace sqleq::ui
