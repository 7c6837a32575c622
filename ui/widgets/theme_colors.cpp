// ThemeColors: semantic colours derived from the palette. The accents are fixed hues
// in two lightness variants (a palette has no "success" or "error" role); everything
// else is a palette role or a blend of an accent into QPalette::Base.

#include "ui/widgets/theme_colors.h"

namespace sqleq::ui {

bool ThemeColors::isDark() const
{
    return m_palette.color(QPalette::Base).lightnessF() < 0.5;
}

QColor ThemeColors::pick(const char* light, const char* dark) const
{
    return QColor::fromString(isDark() ? dark : light);
}

QColor ThemeColors::positive() const { return pick("#1b7f3a", "#6fd38e"); }
QColor ThemeColors::negative() const { return pick("#c0262d", "#ff7b7b"); }
QColor ThemeColors::warning() const { return pick("#b36b00", "#f0b45a"); }
QColor ThemeColors::sqlKeyword() const { return pick("#1f4fb0", "#82aaff"); }
QColor ThemeColors::sqlString() const { return pick("#a3372b", "#f29e74"); }
QColor ThemeColors::sqlNumber() const { return pick("#7a3ea1", "#c792ea"); }
QColor ThemeColors::sqlIdentifier() const { return pick("#0e6b6b", "#89ddd3"); }

QColor ThemeColors::tint(const QColor& accent, double strength) const
{
    const QColor base = m_palette.color(QPalette::Base);
    const auto mix = [strength](double a, double b) { return a * strength + b * (1.0 - strength); };
    return QColor::fromRgbF(static_cast<float>(mix(accent.redF(), base.redF())),
                            static_cast<float>(mix(accent.greenF(), base.greenF())),
                            static_cast<float>(mix(accent.blueF(), base.blueF())));
}

} // namespace sqleq::ui
