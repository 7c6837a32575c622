// NeighborDelegate: the row's background, selection and focus come from the style (the
// text is blanked first); only the text is drawn here, by a QTextDocument, with as much
// gold context as the column has room for and never beyond the cell. The removed and
// the added text are kept apart by an arrow and by colour, so a struck "34" before "11"
// never reads as "3411".

#include "ui/widgets/neighbor_delegate.h"

#include "ui/models/neighbors_model.h"
#include "ui/widgets/theme_colors.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QPainter>
#include <QTextDocument>

#include <algorithm>

namespace sqleq::ui {
namespace {

const QString kEllipsis = QStringLiteral("…");

/// Where context that starts at `from` may start: the next word start at or after it
/// (not past `limit`), so that no word is cut; `from` itself when it is one.
int wordStartFrom(const QString& text, int from, int limit)
{
    if (from <= 0) return 0;
    int at = from;
    while (at < limit && !text.at(at - 1).isSpace()) ++at;
    return at;
}

/// Where context that ends at `to` may end: the last word end at or before it (not
/// before `limit`).
int wordEndBefore(const QString& text, int to, int limit)
{
    if (to >= text.size()) return static_cast<int>(text.size());
    int at = to;
    while (at > limit && !text.at(at).isSpace()) --at;
    return at;
}

/// True for an operator's text ("=", "<=", "+"): no letter nor digit. Alone it does not
/// say which comparison changed ("= → !="), so its operands are always shown with it.
bool isOperator(const QString& text)
{
    return !text.trimmed().isEmpty() && std::none_of(text.begin(), text.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

/// The start of the word before `at` (spaces skipped): an operator's left operand.
int operandStartBefore(const QString& text, int at)
{
    while (at > 0 && text.at(at - 1).isSpace()) --at;
    while (at > 0 && !text.at(at - 1).isSpace()) --at;
    return at;
}

/// The end of the word after `at` (spaces skipped): an operator's right operand.
int operandEndAfter(const QString& text, int at)
{
    while (at < text.size() && text.at(at).isSpace()) ++at;
    while (at < text.size() && !text.at(at).isSpace()) ++at;
    return at;
}

QString shortened(const QString& text, int maxLength)
{
    if (maxLength <= 0 || text.size() <= maxLength) return text;
    const int head = (maxLength + 1) / 2;
    const int tail = maxLength - head;
    // Only the inner ends are trimmed: a leading or trailing space keeps the removed text
    // apart from its context.
    QString left = text.left(head);
    while (left.size() > 1 && left.back().isSpace()) left.chop(1);
    QString right = text.right(tail);
    while (right.size() > 1 && right.front().isSpace()) right.remove(0, 1);
    return left + kEllipsis + right;
}

} // namespace

NeighborDelegate::NeighborDelegate(QObject* parent) : QStyledItemDelegate(parent) {}

QList<ChangePiece> NeighborDelegate::changePieces(const QString& gold, int begin, int end, const QString& replacement,
                                                  int context, int maxRemoved)
{
    if (gold.isEmpty() || begin < 0 || end < begin || end > gold.size()) return {};
    using Kind = ChangePiece::Kind;
    QList<ChangePiece> pieces;
    int from = wordStartFrom(gold, std::max(0, begin - context), begin);
    int to = wordEndBefore(gold, std::min(static_cast<int>(gold.size()), end + context), end);
    if (end > begin && isOperator(gold.mid(begin, end - begin))) {  // "Age = 20", never a bare "="
        from = std::min(from, operandStartBefore(gold, begin));
        to = std::max(to, operandEndAfter(gold, end));
    }
    // "…" only before or after some context: next to the change it would read as part of it.
    QString before = gold.mid(from, begin - from);
    if (from > 0 && from < begin) before.prepend(kEllipsis);
    if (!before.isEmpty()) pieces.append({Kind::Context, before});
    if (end > begin) pieces.append({Kind::Removed, shortened(gold.mid(begin, end - begin), maxRemoved)});
    if (!replacement.isEmpty()) {
        if (end > begin) pieces.append({Kind::Arrow, QStringLiteral(" → ")});
        pieces.append({Kind::Added, shortened(replacement, maxRemoved)});
    }
    QString after = gold.mid(end, to - end);
    if (to < gold.size() && to > end) after.append(kEllipsis);
    if (!after.isEmpty()) pieces.append({Kind::Context, after});
    return pieces;
}

QString NeighborDelegate::plainText(const QList<ChangePiece>& pieces)
{
    QString text;
    for (const ChangePiece& piece : pieces)
        text += piece.kind == ChangePiece::Kind::Removed ? QStringLiteral("~~%1~~").arg(piece.text) : piece.text;
    return text;
}

QString NeighborDelegate::changeHtml(const QModelIndex& index, const QPalette& palette, int context, int maxRemoved)
{
    if (!index.isValid() || index.data(NeighborsModel::IsFamilyRole).toBool()) return {};
    const QList<ChangePiece> pieces = changePieces(
        index.data(NeighborsModel::GoldTextRole).toString(), index.data(NeighborsModel::GoldSpanBeginRole).toInt(),
        index.data(NeighborsModel::GoldSpanEndRole).toInt(), index.data(NeighborsModel::ReplacementRole).toString(),
        context, maxRemoved);
    if (pieces.isEmpty()) return {};
    const ThemeColors colors(palette);
    QString html;
    for (const ChangePiece& piece : pieces) {
        const QString text = piece.text.toHtmlEscaped();
        switch (piece.kind) {
        case ChangePiece::Kind::Context: html += text; break;
        case ChangePiece::Kind::Removed:
            html += QStringLiteral("<s style=\"color:%1\">%2</s>").arg(colors.negative().name(), text);
            break;
        case ChangePiece::Kind::Arrow: html += text; break;
        case ChangePiece::Kind::Added:
            html += QStringLiteral("<b style=\"color:%1\">%2</b>").arg(colors.positive().name(), text);
            break;
        }
    }
    return QStringLiteral("<span style=\"white-space:pre\">%1</span>").arg(html);
}

QString NeighborDelegate::fittingChangeHtml(const QModelIndex& index, const QPalette& palette, const QFont& font,
                                            int width)
{
    // Less gold context around the change until it fits, then a shorter removed text;
    // the full neighbor is in the tooltip and in the detail under the tree.
    QTextDocument document;
    document.setDefaultFont(font);
    document.setDocumentMargin(0);
    QString html;
    const std::pair<int, int> attempts[] = {{12, kMaxRemoved}, {8, kMaxRemoved}, {4, kMaxRemoved}, {0, kMaxRemoved},
                                            {0, 16}, {0, 8}};
    for (const auto& [context, removed] : attempts) {
        html = changeHtml(index, palette, context, removed);
        if (html.isEmpty()) return html;
        document.setHtml(html);
        if (document.idealWidth() <= width) break;
    }
    return html;
}

void NeighborDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const bool family = index.data(NeighborsModel::IsFamilyRole).toBool();
    if (family && index.column() == NeighborsModel::SqlColumn) {
        // A family row spans the tree: its status follows its name.
        const QString status = index.siblingAtColumn(NeighborsModel::StatusColumn).data().toString();
        if (!status.isEmpty()) option->text += QStringLiteral(" — ") + status;
    } else if (!family && index.column() == NeighborsModel::StatusColumn) {
        // "#3" for room; the tooltip names the database as every panel does.
        const int database = index.data(NeighborsModel::DistinguishingDatabaseRole).toInt();
        if (database >= 0) option->text = QStringLiteral("#%1").arg(database);
        else if (index.data(NeighborsModel::UndistinguishedRole).toBool()) option->text = tr("⚠ none");
    }
}

void NeighborDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    QStyleOptionViewItem item = option;
    initStyleOption(&item, index);
    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &item, widget);
    const QString html = index.column() == NeighborsModel::SqlColumn
        ? fittingChangeHtml(index, option.palette, item.font, textRect.width())
        : QString();
    if (html.isEmpty()) {
        style->drawControl(QStyle::CE_ItemViewItem, &item, painter, widget);
        return;
    }
    item.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &item, painter, widget);

    QTextDocument document;
    document.setDefaultFont(item.font);
    document.setDocumentMargin(0);
    document.setHtml(html);
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = item.palette;
    if (item.state & QStyle::State_Selected)
        context.palette.setColor(QPalette::Text, item.palette.color(QPalette::HighlightedText));
    // Clipped to this cell's text rectangle (intersected with the view's own clip), so a
    // change too long even without context never runs into the Status column; what is
    // cut ends with "…", as every other elided text does ("country → Sing…").
    const bool cut = document.idealWidth() > textRect.width();
    const int ellipsisWidth = cut ? QFontMetrics(item.font).horizontalAdvance(kEllipsis) : 0;
    QRect shown = textRect;
    shown.setRight(textRect.right() - ellipsisWidth);
    painter->save();
    painter->setClipRect(shown, Qt::IntersectClip);
    painter->translate(textRect.left(), textRect.top() + (textRect.height() - document.size().height()) / 2);
    document.documentLayout()->draw(painter, context);
    painter->restore();
    if (cut) {
        painter->save();
        painter->setFont(item.font);
        painter->setPen(context.palette.color(QPalette::Text));
        painter->drawText(QRect(shown.right() + 1, textRect.top(), ellipsisWidth, textRect.height()),
                          Qt::AlignLeft | Qt::AlignVCenter, kEllipsis);
        painter->restore();
    }
}

} // namespace sqleq::ui
