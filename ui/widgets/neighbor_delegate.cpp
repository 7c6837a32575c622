// NeighborDelegate: the row's background, selection and focus come from the style (the
// text is blanked first); only the text is drawn here, by a QTextDocument, with as much
// gold context as the column has room for and never beyond the cell.

#include "ui/widgets/neighbor_delegate.h"

#include "ui/models/neighbors_model.h"
#include "ui/widgets/theme_colors.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QPainter>
#include <QTextDocument>

namespace sqleq::ui {

NeighborDelegate::NeighborDelegate(QObject* parent) : QStyledItemDelegate(parent) {}

QString NeighborDelegate::changeHtml(const QModelIndex& index, const QPalette& palette, int context)
{
    if (!index.isValid() || index.data(NeighborsModel::IsFamilyRole).toBool()) return {};
    const QString gold = index.data(NeighborsModel::GoldTextRole).toString();
    const int begin = index.data(NeighborsModel::GoldSpanBeginRole).toInt();
    const int end = index.data(NeighborsModel::GoldSpanEndRole).toInt();
    if (gold.isEmpty() || begin < 0 || end < begin || end > gold.size()) return {};
    const QString replacement = index.data(NeighborsModel::ReplacementRole).toString();
    const ThemeColors colors(palette);

    const int from = std::max(0, begin - context);
    const int to = std::min(static_cast<int>(gold.size()), end + context);
    QString html = from > 0 ? QStringLiteral("…") : QString();
    html += gold.mid(from, begin - from).toHtmlEscaped();
    if (end > begin)
        html += QStringLiteral("<span style=\"color:%1;text-decoration:line-through\">%2</span>")
                    .arg(colors.negative().name(), gold.mid(begin, end - begin).toHtmlEscaped());
    if (!replacement.isEmpty())
        html += QStringLiteral("<b style=\"color:%1\">%2</b>").arg(colors.positive().name(), replacement.toHtmlEscaped());
    html += gold.mid(end, to - end).toHtmlEscaped();
    if (to < gold.size()) html += QStringLiteral("…");
    return QStringLiteral("<span style=\"white-space:pre\">%1</span>").arg(html);
}

QString NeighborDelegate::fittingChangeHtml(const QModelIndex& index, const QPalette& palette, const QFont& font,
                                            int width)
{
    // Less gold context around the change until it fits; the change itself is never cut
    // for context, and the full neighbor is in the tooltip.
    QTextDocument document;
    document.setDefaultFont(font);
    document.setDocumentMargin(0);
    QString html;
    for (const int context : {10, 6, 3, 0}) {
        html = changeHtml(index, palette, context);
        if (html.isEmpty()) return html;
        document.setHtml(html);
        if (document.idealWidth() <= width) break;
    }
    return html;
}

void NeighborDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    QStyleOptionViewItem item = option;
    initStyleOption(&item, index);
    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &item, widget);
    const QString html = fittingChangeHtml(index, option.palette, item.font, textRect.width());
    if (html.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    item.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &item, painter, widget);

    QTextDocument document;
    document.setDefaultFont(item.font);
    document.setDocumentMargin(0);
    document.setHtml(html);
    painter->save();
    // Clipped to this cell's text rectangle (intersected with the view's own clip), so a
    // change too long even without context never runs into the Status column.
    painter->setClipRect(textRect, Qt::IntersectClip);
    painter->translate(textRect.left(), textRect.top() + (textRect.height() - document.size().height()) / 2);
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = item.palette;
    if (item.state & QStyle::State_Selected)
        context.palette.setColor(QPalette::Text, item.palette.color(QPalette::HighlightedText));
    document.documentLayout()->draw(painter, context);
    painter->restore();
}

} // namespace sqleq::ui
