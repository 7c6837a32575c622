// ThemeColors: every semantic colour of the inspector (verdicts, highlighted rows,
// NULL cells, SQL syntax), derived from the widget's QPalette so that light and
// dark themes both stay readable. Widgets ask here instead of hard-coding colours.
#pragma once

#include <QColor>
#include <QPalette>

namespace sqleq::ui {

class ThemeColors {
public:
    explicit ThemeColors(const QPalette& palette) : m_palette(palette) {}

    [[nodiscard]] bool isDark() const;

    /// Accents for text and icons: agreement, disagreement, "could not decide".
    [[nodiscard]] QColor positive() const;
    [[nodiscard]] QColor negative() const;
    [[nodiscard]] QColor warning() const;
    /// The same accents as faint backgrounds (banners, status cells).
    [[nodiscard]] QColor positiveTint() const { return tint(positive()); }
    [[nodiscard]] QColor negativeTint() const { return tint(negative()); }
    [[nodiscard]] QColor warningTint() const { return tint(warning()); }
    /// Background of rows that matter (counterexample rows, rows only in one result).
    [[nodiscard]] QColor rowHighlight() const { return tint(m_palette.color(QPalette::Highlight)); }
    /// The span of the gold a neighbor changed.
    [[nodiscard]] QColor changedSpan() const { return tint(warning(), 0.45); }
    [[nodiscard]] QColor nullText() const { return m_palette.color(QPalette::PlaceholderText); }

    [[nodiscard]] QColor sqlKeyword() const;
    [[nodiscard]] QColor sqlString() const;
    [[nodiscard]] QColor sqlNumber() const;
    [[nodiscard]] QColor sqlComment() const { return nullText(); }
    [[nodiscard]] QColor sqlIdentifier() const;

    /// `accent` blended into the base colour: `strength` 0 is the base, 1 the accent.
    [[nodiscard]] QColor tint(const QColor& accent, double strength = 0.22) const;

private:
    [[nodiscard]] QColor pick(const char* light, const char* dark) const;

    QPalette m_palette;
};

} // namespace sqleq::ui
