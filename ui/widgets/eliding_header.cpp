// ElidingHeaderView: paintSection is QHeaderView's own (style option from the section,
// drawn by the style) with the text elided first, so that the style, the sort mark and
// the header's font stay as they were.

#include "ui/widgets/eliding_header.h"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QStyleOptionHeaderV2>
#include <QTableView>
#include <QToolTip>

namespace sqleq::ui {

QString elidedHeaderText(const QString& name, const QFontMetrics& metrics, int width)
{
    return metrics.elidedText(name, Qt::ElideRight, std::max(0, width));
}

QString headerToolTip(const QString& name, const QString& modelTip)
{
    if (modelTip.isEmpty() || modelTip == name) return name;
    return name + QLatin1Char('\n') + modelTip;
}

ElidingHeaderView::ElidingHeaderView(QWidget* parent) : QHeaderView(Qt::Horizontal, parent)
{
    setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    setTextElideMode(Qt::ElideRight);
    setStretchLastSection(true);
    // QTableView's own header is clickable and highlights the selected columns: the same.
    setSectionsClickable(true);
    setHighlightSections(true);
}

int ElidingHeaderView::textRoom(int width) const
{
    QStyleOptionHeader option;
    option.initFrom(this);
    int room = width - 2 * style()->pixelMetric(QStyle::PM_HeaderMargin, &option, this);
    if (isSortIndicatorShown()) room -= style()->pixelMetric(QStyle::PM_HeaderMarkSize, &option, this);
    return room;
}

QString ElidingHeaderView::shownText(int logicalIndex) const
{
    if (model() == nullptr) return {};
    const QString name = model()->headerData(logicalIndex, orientation(), Qt::DisplayRole).toString();
    QFont font = this->font();
    if (const QVariant role = model()->headerData(logicalIndex, orientation(), Qt::FontRole); role.canConvert<QFont>())
        font = qvariant_cast<QFont>(role);
    return elidedHeaderText(name, QFontMetrics(font), textRoom(sectionSize(logicalIndex)));
}

void ElidingHeaderView::paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const
{
    if (!rect.isValid()) return;
    QStyleOptionHeaderV2 option;
    initStyleOption(&option);
    initStyleOptionForIndex(&option, logicalIndex);
    option.rect = rect;
    option.text = elidedHeaderText(option.text, option.fontMetrics, textRoom(rect.width()));
    const QPointF origin = painter->brushOrigin();
    painter->setBrushOrigin(rect.topLeft());
    if (const QVariant role = model()->headerData(logicalIndex, orientation(), Qt::FontRole); role.canConvert<QFont>())
        painter->setFont(qvariant_cast<QFont>(role));
    style()->drawControl(QStyle::CE_Header, &option, painter, this);
    painter->setBrushOrigin(origin);
}

bool ElidingHeaderView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && model() != nullptr) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int section = logicalIndexAt(help->pos());
        if (section >= 0) {
            const QString name = model()->headerData(section, orientation(), Qt::DisplayRole).toString();
            const QString tip = model()->headerData(section, orientation(), Qt::ToolTipRole).toString();
            QToolTip::showText(help->globalPos(), headerToolTip(name, tip), this);
            return true;
        }
    }
    return QHeaderView::viewportEvent(event);
}

void useElidingHeader(QTableView* view)
{
    view->setHorizontalHeader(new ElidingHeaderView(view));
}

} // namespace sqleq::ui
