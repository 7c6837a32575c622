// changedSpan: where one text differs from another, as the common prefix and suffix
// leave it — what a proof step's rewrite touched, for the proof panel to highlight.
// Pure and Qt-only in its types (UTF-16 positions, as the text widgets count); it
// knows nothing about SQL beyond not cutting a name in two.
#pragma once

#include <QStringView>

namespace sqleq::ui {

/// The differing middle of `before` and `after`: [begin, beforeEnd) of `before` became
/// [begin, afterEnd) of `after`; both empty when the texts are equal. The ends are widened
/// to whole words (letters, digits, `_`), so "T1" → "T2" marks the name, not its digit,
/// and a surrogate pair is never split.
struct ChangedSpan {
    qsizetype begin = 0;
    qsizetype beforeEnd = 0;
    qsizetype afterEnd = 0;

    bool operator==(const ChangedSpan&) const = default;
};

ChangedSpan changedSpan(QStringView before, QStringView after);

} // namespace sqleq::ui
