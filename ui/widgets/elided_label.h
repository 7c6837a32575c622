// ElidedLabel: a one-line label whose text may change to something longer (a count
// with filters, a file name) without ever asking its window for more width: it shows
// as much as fits, ends with "…", and gives the whole text in its tooltip (unless its
// owner set one). text() stays the whole text. Plain text only.
#pragma once

#include <QLabel>

namespace sqleq::ui {

class ElidedLabel : public QLabel {
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    /// The width of a few characters: what the label needs at least, whatever its text.
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    bool m_tipIsText = false;  ///< the tooltip is the whole text, set while elided
};

} // namespace sqleq::ui
