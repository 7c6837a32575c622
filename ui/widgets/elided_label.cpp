// ElidedLabel: the text is elided when painted, so a layout sees the full text as the
// size it would like and only a few characters as the size it must have.

#include "ui/widgets/elided_label.h"

#include <QPainter>
#include <QStyle>

namespace sqleq::ui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
}

QSize ElidedLabel::minimumSizeHint() const
{
    QSize size = QLabel::minimumSizeHint();
    const QMargins margins = contentsMargins();
    size.setWidth(std::min(size.width(), fontMetrics().horizontalAdvance(QStringLiteral("0000…")) + margins.left()
                                             + margins.right()));
    return size;
}

void ElidedLabel::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const QRect room = contentsRect();
    const QString shown = fontMetrics().elidedText(text(), Qt::ElideRight, room.width());
    // The whole text as tooltip while elided; a tooltip set by the label's owner is kept.
    if (shown != text() && toolTip().isEmpty()) {
        setToolTip(text());
        m_tipIsText = true;
    } else if (m_tipIsText && toolTip() != (shown == text() ? QString() : text())) {
        setToolTip(shown == text() ? QString() : text());
        m_tipIsText = shown != text();
    }
    style()->drawItemText(&painter, room, int(alignment()), palette(), isEnabled(), shown, foregroundRole());
}

} // namespace sqleq::ui
