// SqlHighlighter: the whole document is lexed once per text (queries are short) and
// each block takes the ranges that overlap it. A block's state records whether a range
// runs past its end, so opening a /* comment or a quote re-colours the following blocks.

#include "ui/widgets/sql_highlighter.h"

#include "core/sql/sql.h"
#include "ui/widgets/theme_colors.h"
#include "ui/widgets/utf8_offsets.h"

#include <QGuiApplication>
#include <QTextDocument>

#include <algorithm>
#include <string_view>

namespace sqleq::ui {
namespace {

using Kind = SqlHighlighter::Kind;

bool kindOf(sql::TokenKind token, Kind& kind)
{
    switch (token) {
    case sql::TokenKind::Keyword: kind = Kind::Keyword; return true;
    case sql::TokenKind::String: kind = Kind::String; return true;
    case sql::TokenKind::Integer:
    case sql::TokenKind::Float:
    case sql::TokenKind::Blob: kind = Kind::Number; return true;
    case sql::TokenKind::Identifier: kind = Kind::Identifier; return true;
    case sql::TokenKind::Error: kind = Kind::Error; return true;
    default: return false;
    }
}

/// Comments in a gap between tokens (only whitespace and comments live there).
void addComments(std::string_view text, uint32_t begin, uint32_t end, std::vector<std::pair<SourceSpan, Kind>>& out)
{
    uint32_t i = begin;
    while (i < end) {
        if (text.compare(i, 2, "--") == 0) {
            auto stop = static_cast<uint32_t>(std::min<std::size_t>(text.find('\n', i), end));
            out.push_back({{i, stop}, Kind::Comment});
            i = stop;
        } else if (text.compare(i, 2, "/*") == 0) {
            const std::size_t close = text.find("*/", i + 2);
            auto stop = static_cast<uint32_t>(close == std::string_view::npos ? end : std::min<std::size_t>(close + 2, end));
            out.push_back({{i, stop}, Kind::Comment});
            i = stop;
        } else {
            ++i;
        }
    }
}

/// Byte spans of every coloured range; after a lexer error, lexing resumes behind the
/// bad token so one typo does not leave the rest of the query grey.
std::vector<std::pair<SourceSpan, Kind>> lexSpans(std::string_view text)
{
    std::vector<std::pair<SourceSpan, Kind>> spans;
    std::vector<sql::Token> tokens;
    uint32_t base = 0;
    while (base <= text.size()) {
        tokens.clear();
        sql::Lexer lexer(text.substr(base));
        lexer.tokenize(tokens);
        uint32_t previousEnd = base;
        bool stoppedAtError = false;
        for (const sql::Token& token : tokens) {
            const SourceSpan span{token.span.begin + base, token.span.end + base};
            addComments(text, previousEnd, span.begin, spans);
            previousEnd = span.end;
            Kind kind{};
            if (kindOf(token.kind, kind)) spans.push_back({span, kind});
            if (token.kind == sql::TokenKind::Error) {
                stoppedAtError = true;
                base = std::max(span.end, span.begin + 1);
                break;
            }
        }
        if (!stoppedAtError) break;
    }
    return spans;
}

} // namespace

SqlHighlighter::SqlHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {}

const std::vector<SqlHighlighter::Range>& SqlHighlighter::ranges()
{
    relexIfStale();
    return m_ranges;
}

void SqlHighlighter::relexIfStale()
{
    const QTextDocument* doc = document();
    if (doc == nullptr) return;
    // Compared by text, not QTextDocument::revision(): the highlighter runs inside the
    // change notification, before every edit has been counted in the revision.
    QString text = doc->toPlainText();
    if (m_lexed && text == m_lexedText) return;
    m_lexed = true;
    m_lexedText = std::move(text);
    const Utf8Offsets offsets(m_lexedText);
    m_ranges.clear();
    for (const auto& [span, kind] : lexSpans(offsets.utf8()))
        m_ranges.push_back({offsets.toUtf16(span.begin), offsets.toUtf16(span.end), kind});
}

QTextCharFormat SqlHighlighter::formatFor(Kind kind) const
{
    const ThemeColors colors(QGuiApplication::palette());
    QTextCharFormat format;
    switch (kind) {
    case Kind::Keyword:
        format.setForeground(colors.sqlKeyword());
        format.setFontWeight(QFont::DemiBold);
        break;
    case Kind::String: format.setForeground(colors.sqlString()); break;
    case Kind::Number: format.setForeground(colors.sqlNumber()); break;
    case Kind::Comment:
        format.setForeground(colors.sqlComment());
        format.setFontItalic(true);
        break;
    case Kind::Identifier: format.setForeground(colors.sqlIdentifier()); break;
    case Kind::Error: format.setForeground(colors.negative()); break;
    }
    return format;
}

void SqlHighlighter::highlightBlock(const QString& text)
{
    relexIfStale();
    const int blockBegin = currentBlock().position();
    const int blockEnd = blockBegin + static_cast<int>(text.size());
    auto it = std::lower_bound(m_ranges.begin(), m_ranges.end(), blockBegin,
                               [](const Range& range, int position) { return range.end <= position; });
    int carriedKind = 0;
    for (; it != m_ranges.end() && it->begin < blockEnd; ++it) {
        const int begin = std::max(it->begin, blockBegin);
        const int end = std::min(it->end, blockEnd);
        if (end > begin) setFormat(begin - blockBegin, end - begin, formatFor(it->kind));
        if (it->end > blockEnd) carriedKind = static_cast<int>(it->kind) + 1;
    }
    setCurrentBlockState(carriedKind);
}

} // namespace sqleq::ui
