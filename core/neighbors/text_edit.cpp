// Splicing rules for candidates. SQLite's lexer is greedy, so two characters
// that meet across a splice can form a different token; a single space between
// them is always enough to keep both tokens as they were.

#include "core/neighbors/text_edit.h"

#include "core/base/ascii_space.h"

#include <algorithm>
#include <cctype>

namespace sqleq::neighbors {
namespace {

enum class CharClass { Space, Word, Operator, Other };

CharClass classOf(char c)
{
    const auto u = static_cast<unsigned char>(c);
    if (isAsciiSpace(c)) return CharClass::Space;
    // Quotes belong with words: `x` + `'0A'` is a blob. Dots are handled in wouldGlue().
    if (std::isalnum(u) || u >= 0x80 || c == '_' || c == '$' || c == '\'' || c == '"' || c == '`' || c == '['
        || c == ']' || c == ':' || c == '@' || c == '?') {
        return CharClass::Word;
    }
    constexpr std::string_view kOperators = "-+*/<>=!|&%~";
    return kOperators.find(c) != std::string_view::npos ? CharClass::Operator : CharClass::Other;
}

bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

/// Whether `left` ends with a number token (a run of word characters starting with a digit).
bool endsWithNumber(std::string_view left)
{
    std::size_t i = left.size();
    while (i > 0 && (std::isalnum(static_cast<unsigned char>(left[i - 1])) || left[i - 1] == '_')) --i;
    return i < left.size() && isDigit(left[i]);
}

/// Whether the last character of `left` and the first of `right` would lex as one token.
bool wouldGlue(std::string_view left, std::string_view right)
{
    if (left.empty() || right.empty()) return false;
    const char l = left.back();
    const char r = right.front();
    // A dot is its own token next to a name (`T1.age`) but part of a number (`1.5`).
    if (r == '.') return l == '.' || endsWithNumber(left);
    if (l == '.') return isDigit(r);
    const CharClass a = classOf(l);
    return a != CharClass::Space && a != CharClass::Other && a == classOf(r);
}

} // namespace

Candidate makeReplacement(std::string_view text, MutationFamily family, SourceSpan span, std::string replacement)
{
    const std::string_view before = text.substr(0, span.begin);
    const std::string_view after = text.substr(span.end);
    if (replacement.empty()) {
        if (wouldGlue(before, after)) replacement.push_back(' ');
    } else {
        const bool padLeft = wouldGlue(before, replacement);
        if (wouldGlue(replacement, after)) replacement.push_back(' ');
        if (padLeft) replacement = ' ' + replacement;  // not insert(): g++ 12 -Wrestrict false positive
    }
    return Candidate{family, span, std::move(replacement)};
}

Candidate makeDrop(std::string_view text, MutationFamily family, SourceSpan span)
{
    const bool edgeSpace = span.length() > 0 && (isAsciiSpace(text[span.begin]) || isAsciiSpace(text[span.end - 1]));
    if (edgeSpace) return makeReplacement(text, family, span, {});
    // Take the whitespace on the left ("a AND b" → "a"), unless what follows is
    // attached to the span: "SELECT avg(x)" loses "avg", not " avg".
    const bool attachedRight = span.end < text.size() && !isAsciiSpace(text[span.end])
                               && std::string_view(",);").find(text[span.end]) == std::string_view::npos;
    uint32_t begin = span.begin;
    while (!attachedRight && begin > 0 && isAsciiSpace(text[begin - 1])) --begin;
    if (begin != span.begin) {
        span.begin = begin;
    } else {
        while (span.end < text.size() && isAsciiSpace(text[span.end])) ++span.end;
    }
    return makeReplacement(text, family, span, {});
}

std::string applyCandidate(std::string_view text, const Candidate& candidate)
{
    std::string out;
    out.reserve(text.size() + candidate.replacement.size());
    out.append(text.substr(0, candidate.span.begin));
    out.append(candidate.replacement);
    out.append(text.substr(candidate.span.end));
    return out;
}

std::string applyEdits(std::string_view text, std::vector<TextEdit> edits)
{
    std::sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) {
        return a.span.begin != b.span.begin ? a.span.begin < b.span.begin : a.span.end > b.span.end;
    });
    std::vector<const TextEdit*> outermost;
    for (const TextEdit& edit : edits) {
        if (!edit.span.valid() || edit.span.end > text.size()) continue;
        if (!outermost.empty() && edit.span.begin < outermost.back()->span.end) continue;
        outermost.push_back(&edit);
    }
    std::string out(text);
    for (auto it = outermost.rbegin(); it != outermost.rend(); ++it)
        out.replace((*it)->span.begin, (*it)->span.length(), " " + (*it)->replacement + " ");
    return out;
}

std::string matchCase(std::string_view original, std::string_view word)
{
    std::string out(word);
    const bool firstLower = !original.empty() && std::islower(static_cast<unsigned char>(original[0]));
    bool restLower = false;
    for (std::size_t i = 1; i < original.size(); ++i) {
        if (std::islower(static_cast<unsigned char>(original[i]))) restLower = true;
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        const bool lower = i == 0 ? firstLower : restLower;
        const auto u = static_cast<unsigned char>(out[i]);
        out[i] = static_cast<char>(lower ? std::tolower(u) : std::toupper(u));
    }
    return out;
}

} // namespace sqleq::neighbors
