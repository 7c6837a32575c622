// Marks are text, not only colour: ✓ and ✗ read in any theme and in screenshots.

#include "ui/audit/audit_labels.h"

#include "ui/widgets/theme_colors.h"

#include <QCoreApplication>

namespace sqleq::ui {

QString verdictLabel(audit::Verdict verdict)
{
    switch (verdict) {
    case audit::Verdict::Equivalent: return QCoreApplication::translate("audit", "Equivalent");
    case audit::Verdict::NotEquivalent: return QCoreApplication::translate("audit", "Not equivalent");
    case audit::Verdict::Unsure: return QCoreApplication::translate("audit", "Unsure");
    }
    return {};
}

QColor verdictColor(audit::Verdict verdict, const QPalette& palette)
{
    const ThemeColors colors(palette);
    switch (verdict) {
    case audit::Verdict::Equivalent: return colors.positive();
    case audit::Verdict::NotEquivalent: return colors.negative();
    case audit::Verdict::Unsure: return colors.warning();
    }
    return {};
}

QString metricMark(std::optional<bool> value)
{
    if (!value) return {};
    return *value ? QStringLiteral("✓") : QStringLiteral("✗");
}

QString metricWords(std::optional<bool> value)
{
    if (!value) return QCoreApplication::translate("audit", "not computed");
    return *value ? QCoreApplication::translate("audit", "correct (1)") : QCoreApplication::translate("audit", "wrong (0)");
}

} // namespace sqleq::ui
