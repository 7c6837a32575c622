// fitRows: the header's height is asked from the style as QHeaderView asks it for a
// section, since the header may have no section yet when the view is built; room for the
// horizontal scroll bar is kept, since whether it shows depends on the data to come.

#include "ui/widgets/table_rows.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTableView>

namespace sqleq::ui {

void fitRows(QTableView* view, int rows)
{
    view->setProperty(kFittedRows, rows);
    const int rowHeight = view->fontMetrics().height() + 6;
    view->verticalHeader()->setDefaultSectionSize(rowHeight);
    QHeaderView* header = view->horizontalHeader();
    QStyleOptionHeader option;
    option.initFrom(header);
    option.text = QStringLiteral("Xg");
    const int headerHeight = header->style()->sizeFromContents(QStyle::CT_HeaderSection, &option, QSize(), header).height();
    // A wide table scrolls sideways, and its scroll bar must not take one of the rows.
    const int scrollBar = view->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff ? 0
        : view->horizontalScrollBar()->sizeHint().height();
    view->setMinimumHeight(2 * view->frameWidth() + headerHeight + rows * rowHeight + scrollBar);
}

} // namespace sqleq::ui
