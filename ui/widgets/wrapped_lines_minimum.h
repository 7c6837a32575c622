// A widget's minimum height that counts the lines its word-wrapped labels take at its
// width. A splitter sizes its panes by their minimum and never asks a pane for its height
// at a width, so a caption wrapped to a second or third line was drawn over the table
// under it, or pushed the table below the pane's edge (a zoomed font wraps more).
#pragma once

#include <QEvent>
#include <QLabel>
#include <QLayout>
#include <QObject>
#include <QWidget>

#include <algorithm>
#include <initializer_list>
#include <vector>

namespace sqleq::ui {

/// Keeps `view`'s minimum height at its layout's minimum plus the extra lines `labels`
/// wrap to at their present width, from every resize and layout change on. Owned by
/// `view`; GUI thread.
class WrappedLinesMinimum : public QObject {
public:
    WrappedLinesMinimum(QWidget* view, std::initializer_list<QLabel*> labels) : QObject(view), m_view(view), m_labels(labels)
    {
        view->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_view && (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest)) update();
        return QObject::eventFilter(watched, event);
    }

private:
    void update()
    {
        QLayout* layout = m_view->layout();
        if (layout == nullptr) return;
        int extra = 0;
        for (const QLabel* label : m_labels) {
            if (label->isHidden() || label->text().isEmpty()) continue;
            const int width = label->width() > 0 ? std::min(label->width(), m_view->width()) : m_view->width();
            extra += std::max(0, label->heightForWidth(width) - label->minimumSizeHint().height());
        }
        const int minimum = layout->minimumSize().height() + extra;
        if (m_view->minimumHeight() != minimum) m_view->setMinimumHeight(minimum);
    }

    QWidget* m_view;
    std::vector<QLabel*> m_labels;
};

} // namespace sqleq::ui
