// ElidingHeaderView: a table's column header whose names, when a column is narrower than
// its name, show their start and "…" ("Song_release_y…"), never a middle cut at both ends
// ("ong_release_yea"); Qt 6.4's header draws a name clipped, not elided. Hovering a
// section gives the whole name, then the model's own tooltip (type, key). Plain text.
#pragma once

#include <QHeaderView>

class QFontMetrics;
class QTableView;

namespace sqleq::ui {

/// `name` as a header section `width` pixels wide for its text shows it: whole when it
/// fits, else as many leading characters as fit followed by "…". Pure.
[[nodiscard]] QString elidedHeaderText(const QString& name, const QFontMetrics& metrics, int width);

/// A header section's tooltip: the whole `name`, then `modelTip` (the model's tooltip)
/// on the next line when there is one. Pure.
[[nodiscard]] QString headerToolTip(const QString& name, const QString& modelTip);

class ElidingHeaderView : public QHeaderView {
    Q_OBJECT

public:
    explicit ElidingHeaderView(QWidget* parent = nullptr);

    /// The text section `logicalIndex` shows at its present width and font.
    [[nodiscard]] QString shownText(int logicalIndex) const;

protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;
    bool viewportEvent(QEvent* event) override;

private:
    /// The pixels of a section `width` wide its text may take (less the margins and the
    /// sort mark).
    [[nodiscard]] int textRoom(int width) const;
};

/// Gives `view` an ElidingHeaderView as its column header, names left-aligned and the
/// last section stretched. GUI thread.
void useElidingHeader(QTableView* view);

} // namespace sqleq::ui
