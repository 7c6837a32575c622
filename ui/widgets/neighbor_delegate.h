// NeighborDelegate: draws a neighbor query as the change it makes to the gold — a little
// gold context cut at word boundaries, the replaced text struck out, an arrow, then the
// replacement in bold ("age > 34 → 11") — instead of the whole query, which a narrow
// tree column would elide exactly where the change is. The whole neighbor is in the
// row's tooltip. Also shortens the status column to the database's number and lets a
// family row read its count and status across the row.
#pragma once

#include <QList>
#include <QStyledItemDelegate>

namespace sqleq::ui {

/// One piece of a neighbor's row, in reading order.
struct ChangePiece {
    enum class Kind {
        Context,  ///< gold text around the change, "…" where cut
        Removed,  ///< gold text the neighbor replaces or drops (drawn struck out)
        Arrow,    ///< " → " between the removed and the added text
        Added,    ///< what the neighbor puts there (drawn in bold)
    };
    Kind kind;
    QString text;
    friend bool operator==(const ChangePiece&, const ChangePiece&) = default;
};

class NeighborDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    /// Longest removed text shown whole; a longer one keeps its two ends around "…".
    static constexpr int kMaxRemoved = 28;

    explicit NeighborDelegate(QObject* parent = nullptr);

    /// How the change of `gold`'s [begin, end) into `replacement` reads with up to
    /// `context` characters of gold on each side, cut at word boundaries ("…" marks a cut,
    /// never next to the change). A removed operator ("=", "<=", "+") keeps the words on
    /// both sides whatever `context` ("…T2.Age ~~=~~ → != 20"). A removed text longer than
    /// `maxRemoved` keeps its ends. Empty for an invalid span. Pure.
    static QList<ChangePiece> changePieces(const QString& gold, int begin, int end, const QString& replacement,
                                           int context, int maxRemoved = kMaxRemoved);
    /// The pieces as plain text, the removed text between "~~" (as Markdown strikes it).
    static QString plainText(const QList<ChangePiece>& pieces);

    /// The HTML drawn for a neighbor row; empty for family rows or unknown spans.
    static QString changeHtml(const QModelIndex& index, const QPalette& palette, int context = 12,
                              int maxRemoved = kMaxRemoved);
    /// changeHtml with the most context (12, 8, 4 or 0 characters), then the shortest
    /// removed text, whose text fits in `width` pixels in `font`; the shortest otherwise.
    static QString fittingChangeHtml(const QModelIndex& index, const QPalette& palette, const QFont& font, int width);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

} // namespace sqleq::ui
