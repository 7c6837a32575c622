// The words and colours every audit widget uses for a verdict and a metric value, in
// one place so the items table, the annotation panel and the comparison agree.
#pragma once

#include "core/audit/audit.h"

#include <QColor>
#include <QPalette>
#include <QString>

#include <optional>

namespace sqleq::ui {

/// "Equivalent", "Not equivalent", "Unsure".
QString verdictLabel(audit::Verdict verdict);
/// The verdict's accent: positive, negative, warning (from the palette).
QColor verdictColor(audit::Verdict verdict, const QPalette& palette);
/// "✓" for a metric that judged the prediction correct, "✗" for wrong, "" when not computed.
QString metricMark(std::optional<bool> value);
/// "correct (1)", "wrong (0)", "not computed".
QString metricWords(std::optional<bool> value);

} // namespace sqleq::ui
