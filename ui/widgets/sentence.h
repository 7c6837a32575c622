// asSentence: core's messages are clauses ("gold has 2 rows, candidate has 4") so that
// the CLI can join them; shown alone or before another sentence in the GUI they need
// their full stop. One helper, so every panel punctuates them the same way.
#pragma once

#include <QString>

namespace sqleq::ui {

inline QString asSentence(const QString& text)
{
    if (text.isEmpty() || text.endsWith(QLatin1Char('.')) || text.endsWith(QLatin1Char(')'))
        || text.endsWith(QLatin1Char('?')) || text.endsWith(QLatin1Char('!')))
        return text;
    return text + QLatin1Char('.');
}

} // namespace sqleq::ui
