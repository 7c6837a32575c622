// changedSpan: the longest common prefix, then the longest common suffix of what is
// left, each shortened until it ends between words.

#include "ui/models/changed_span.h"

#include <algorithm>

namespace sqleq::ui {
namespace {

bool isWordPart(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_') || c.isSurrogate();
}

bool wordAt(QStringView text, qsizetype position)
{
    return position >= 0 && position < text.size() && isWordPart(text[position]);
}

} // namespace

ChangedSpan changedSpan(QStringView before, QStringView after)
{
    const qsizetype shorter = std::min(before.size(), after.size());
    qsizetype prefix = 0;
    while (prefix < shorter && before[prefix] == after[prefix]) ++prefix;
    if (prefix == before.size() && prefix == after.size()) return {prefix, prefix, prefix};
    // A prefix that ends inside a word (in either text) gives that word back to the change.
    while (prefix > 0 && wordAt(before, prefix - 1) && (wordAt(before, prefix) || wordAt(after, prefix))) --prefix;

    qsizetype suffix = 0;
    while (suffix < shorter - prefix && before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
        ++suffix;
    const auto startsWord = [](QStringView text, qsizetype end) { return wordAt(text, end - 1); };
    while (suffix > 0 && wordAt(before, before.size() - suffix)
           && (startsWord(before, before.size() - suffix) || startsWord(after, after.size() - suffix)))
        --suffix;
    return {prefix, before.size() - suffix, after.size() - suffix};
}

} // namespace sqleq::ui
