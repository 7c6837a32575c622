// CellDelegate: only the style option changes; painting stays QStyledItemDelegate's
// so selection, focus and high-DPI rendering behave like every other Qt view.
// Constructed with its view as parent, it also gives that view the copy formats.

#include "ui/widgets/cell_delegate.h"

#include "ui/widgets/table_copy.h"
#include "ui/widgets/theme_colors.h"

#include <QAbstractItemView>

namespace sqleq::ui {

CellDelegate::CellDelegate(int nullRole, int highlightRole, QObject* parent)
    : QStyledItemDelegate(parent), m_nullRole(nullRole), m_highlightRole(highlightRole)
{
    // The views this delegate paints are the data tables: each gets the copy formats.
    if (auto* view = qobject_cast<QAbstractItemView*>(parent)) addCopyMenu(view);
}

void CellDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const ThemeColors colors(option->palette);
    if (m_highlightRole >= 0 && index.data(m_highlightRole).toBool())
        option->backgroundBrush = colors.rowHighlight();
    if (m_nullRole >= 0 && index.data(m_nullRole).toBool()) {
        option->font.setItalic(true);
        option->palette.setColor(QPalette::Text, colors.nullText());
        if (option->text.isEmpty()) option->text = QStringLiteral("NULL");
    }
}

} // namespace sqleq::ui
