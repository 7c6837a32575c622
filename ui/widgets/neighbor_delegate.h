// NeighborDelegate: draws a neighbor query as the change it makes to the gold — a little
// gold context, the replaced text struck out, the replacement in bold — instead of the
// whole query, which a narrow tree column would elide exactly where the change is.
#pragma once

#include <QStyledItemDelegate>

namespace sqleq::ui {

class NeighborDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    explicit NeighborDelegate(QObject* parent = nullptr);

    /// The HTML drawn for a neighbor row; empty for family rows or unknown spans.
    static QString changeHtml(const QModelIndex& index, const QPalette& palette, int context = 10);
    /// changeHtml with the most context (10, 6, 3 or 0 characters) whose text fits in
    /// `width` pixels in `font`; the context-free one when none fits.
    static QString fittingChangeHtml(const QModelIndex& index, const QPalette& palette, const QFont& font, int width);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace sqleq::ui
