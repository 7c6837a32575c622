// Lexer implementation, modelled on sqlite3GetToken(): one switch on the first
// byte, then a scan loop per token class. Bytes >= 0x80 are identifier bytes, as
// in SQLite, so UTF-8 names need no decoding.

#include "core/sql/lexer.h"

#include "core/sql/char_class.h"

#include <fmt/format.h>

namespace sqleq::sql {
namespace {

// Token kinds that SQLite's getToken() folds to TK_ID when it peeks ahead to
// classify WINDOW, OVER and FILTER.
bool peeksAsId(const Token& t)
{
    if (t.kind == TokenKind::Identifier || t.kind == TokenKind::String) return true;
    if (t.kind != TokenKind::Keyword) return false;
    const unsigned flags = keywordFlags(t.keyword);
    return (flags & (keyword_flags::kFallback | keyword_flags::kJoin | keyword_flags::kContextual)) != 0
        && t.keyword != Keyword::Filter;
}

} // namespace

std::string_view tokenKindName(TokenKind kind)
{
    switch (kind) {
    case TokenKind::End: return "end of input";
    case TokenKind::Error: return "unrecognized token";
    case TokenKind::Identifier: return "identifier";
    case TokenKind::Keyword: return "keyword";
    case TokenKind::String: return "string";
    case TokenKind::Integer: return "integer";
    case TokenKind::Float: return "number";
    case TokenKind::Blob: return "blob";
    case TokenKind::Parameter: return "parameter";
    case TokenKind::LParen: return "'('";
    case TokenKind::RParen: return "')'";
    case TokenKind::Comma: return "','";
    case TokenKind::Semicolon: return "';'";
    case TokenKind::Dot: return "'.'";
    case TokenKind::Plus: return "'+'";
    case TokenKind::Minus: return "'-'";
    case TokenKind::Star: return "'*'";
    case TokenKind::Slash: return "'/'";
    case TokenKind::Percent: return "'%'";
    case TokenKind::Tilde: return "'~'";
    case TokenKind::Concat: return "'||'";
    case TokenKind::Arrow: return "'->'";
    case TokenKind::DoubleArrow: return "'->>'";
    case TokenKind::Eq: return "'='";
    case TokenKind::EqEq: return "'=='";
    case TokenKind::NotEq: return "'!='";
    case TokenKind::LessGreater: return "'<>'";
    case TokenKind::Less: return "'<'";
    case TokenKind::LessEq: return "'<='";
    case TokenKind::Greater: return "'>'";
    case TokenKind::GreaterEq: return "'>='";
    case TokenKind::ShiftLeft: return "'<<'";
    case TokenKind::ShiftRight: return "'>>'";
    case TokenKind::BitAnd: return "'&'";
    case TokenKind::BitOr: return "'|'";
    }
    return "token";
}

void Lexer::tokenize(std::vector<Token>& out)
{
    const size_t first = out.size();
    uint32_t position = 0;
    for (;;) {
        Token token = scanToken(position);
        out.push_back(token);
        if (token.kind == TokenKind::Error) {
            recordError(token);
            const auto end = static_cast<uint32_t>(m_source.size());
            out.push_back(Token{TokenKind::End, Keyword::None, {end, end}});
            break;
        }
        if (token.kind == TokenKind::End) break;
    }
    resolveContextualKeywords(out, first);
}

Token Lexer::scanToken(uint32_t& position)
{
    const auto size = static_cast<uint32_t>(m_source.size());
    position = skipTrivia(position);
    if (position >= size) return Token{TokenKind::End, Keyword::None, {size, size}};
    const uint32_t begin = position;
    const char c = m_source[begin];
    TokenKind kind = TokenKind::Error;
    uint32_t end = begin + 1;
    if (isSqlDigit(c) || (c == '.' && begin + 1 < size && isSqlDigit(m_source[begin + 1]))) {
        end = scanNumber(begin, kind);
    } else if ((c == 'x' || c == 'X') && begin + 1 < size && m_source[begin + 1] == '\'') {
        end = scanBlob(begin, kind);
    } else if (isIdStart(c)) {
        while (end < size && isIdChar(m_source[end])) ++end;
        const Keyword keyword = lookupKeyword(m_source.substr(begin, end - begin));
        position = end;
        return Token{keyword == Keyword::None ? TokenKind::Identifier : TokenKind::Keyword, keyword, {begin, end}};
    } else {
        end = scanPunctuation(begin, kind);
    }
    position = end;
    return Token{kind, Keyword::None, {begin, end}};
}

uint32_t Lexer::skipTrivia(uint32_t position) const
{
    // Whitespace and both comment forms; an unterminated /* runs to the end.
    const auto size = static_cast<uint32_t>(m_source.size());
    while (position < size) {
        const char c = m_source[position];
        const char next = position + 1 < size ? m_source[position + 1] : '\0';
        if (isSqlSpace(c)) {
            ++position;
        } else if (c == '-' && next == '-') {
            while (position < size && m_source[position] != '\n') ++position;
        } else if (c == '/' && next == '*') {
            position += 2;
            while (position < size && !(m_source[position] == '*' && position + 1 < size && m_source[position + 1] == '/'))
                ++position;
            position = std::min(size, position + 2);
        } else {
            break;
        }
    }
    return position;
}

uint32_t Lexer::scanPunctuation(uint32_t begin, TokenKind& kind) const
{
    const auto size = static_cast<uint32_t>(m_source.size());
    auto at = [&](uint32_t i) { return i < size ? m_source[i] : '\0'; };
    const char next = at(begin + 1);
    uint32_t end = begin + 1;
    auto two = [&](TokenKind k) { kind = k; end = begin + 2; };
    switch (m_source[begin]) {
    case '(': kind = TokenKind::LParen; break;
    case ')': kind = TokenKind::RParen; break;
    case ',': kind = TokenKind::Comma; break;
    case ';': kind = TokenKind::Semicolon; break;
    case '+': kind = TokenKind::Plus; break;
    case '*': kind = TokenKind::Star; break;
    case '/': kind = TokenKind::Slash; break;
    case '%': kind = TokenKind::Percent; break;
    case '~': kind = TokenKind::Tilde; break;
    case '&': kind = TokenKind::BitAnd; break;
    case '.': kind = TokenKind::Dot; break;
    case '-':
        if (next != '>') kind = TokenKind::Minus;
        else if (at(begin + 2) == '>') { kind = TokenKind::DoubleArrow; end = begin + 3; }
        else two(TokenKind::Arrow);
        break;
    case '=': if (next == '=') two(TokenKind::EqEq); else kind = TokenKind::Eq; break;
    case '<':
        if (next == '=') two(TokenKind::LessEq);
        else if (next == '>') two(TokenKind::LessGreater);
        else if (next == '<') two(TokenKind::ShiftLeft);
        else kind = TokenKind::Less;
        break;
    case '>':
        if (next == '=') two(TokenKind::GreaterEq);
        else if (next == '>') two(TokenKind::ShiftRight);
        else kind = TokenKind::Greater;
        break;
    case '!': if (next == '=') two(TokenKind::NotEq); break; // a lone '!' is illegal
    case '|': if (next == '|') two(TokenKind::Concat); else kind = TokenKind::BitOr; break;
    case '\'': end = scanQuoted(begin, '\'', TokenKind::String, kind); break;
    case '"': end = scanQuoted(begin, '"', TokenKind::Identifier, kind); break;
    case '`': end = scanQuoted(begin, '`', TokenKind::Identifier, kind); break;
    case '[': end = scanQuoted(begin, ']', TokenKind::Identifier, kind); break;
    case '?': case '$': case '@': case ':': case '#': end = scanParameter(begin, kind); break;
    default: break; // unrecognized: an Error token of one byte
    }
    return end;
}

uint32_t Lexer::scanNumber(uint32_t begin, TokenKind& kind) const
{
    const auto size = static_cast<uint32_t>(m_source.size());
    auto at = [&](uint32_t i) { return i < size ? m_source[i] : '\0'; };
    uint32_t i = begin;
    kind = TokenKind::Integer;
    if (at(i) == '0' && (at(i + 1) == 'x' || at(i + 1) == 'X') && isSqlHexDigit(at(i + 2))) {
        i += 3;
        while (isSqlHexDigit(at(i))) ++i;
    } else {
        while (isSqlDigit(at(i))) ++i;
        if (at(i) == '.') {
            ++i;
            while (isSqlDigit(at(i))) ++i;
            kind = TokenKind::Float;
        }
        const char e = at(i);
        if ((e == 'e' || e == 'E')
            && (isSqlDigit(at(i + 1)) || ((at(i + 1) == '+' || at(i + 1) == '-') && isSqlDigit(at(i + 2))))) {
            i += 2;
            while (isSqlDigit(at(i))) ++i;
            kind = TokenKind::Float;
        }
    }
    // SQLite reads "1abc" as one illegal token rather than a number and a name.
    while (isIdChar(at(i))) {
        kind = TokenKind::Error;
        ++i;
    }
    return i;
}

uint32_t Lexer::scanQuoted(uint32_t begin, char close, TokenKind okKind, TokenKind& kind) const
{
    const auto size = static_cast<uint32_t>(m_source.size());
    const bool doubles = close != ']'; // [bracket] names have no escape
    for (uint32_t i = begin + 1; i < size; ++i) {
        if (m_source[i] != close) continue;
        if (doubles && i + 1 < size && m_source[i + 1] == close) {
            ++i;
            continue;
        }
        kind = okKind;
        return i + 1;
    }
    kind = TokenKind::Error;
    return size;
}

uint32_t Lexer::scanParameter(uint32_t begin, TokenKind& kind) const
{
    const auto size = static_cast<uint32_t>(m_source.size());
    auto at = [&](uint32_t i) { return i < size ? m_source[i] : '\0'; };
    kind = TokenKind::Parameter;
    uint32_t i = begin + 1;
    if (m_source[begin] == '?') {
        while (isSqlDigit(at(i))) ++i;
        return i;
    }
    int nameLength = 0;
    for (; i < size; ++i) {
        const char c = m_source[i];
        if (isIdChar(c)) {
            ++nameLength;
        } else if (c == '(' && nameLength > 0) {
            // Tcl-style $name(index) suffix, accepted by SQLite's tokenizer.
            do { ++i; } while (i < size && !isSqlSpace(m_source[i]) && m_source[i] != ')');
            if (at(i) == ')') ++i;
            else kind = TokenKind::Error;
            return i;
        } else if (c == ':' && at(i + 1) == ':') {
            ++i;
        } else {
            break;
        }
    }
    if (nameLength == 0) kind = TokenKind::Error;
    return i;
}

uint32_t Lexer::scanBlob(uint32_t begin, TokenKind& kind) const
{
    const auto size = static_cast<uint32_t>(m_source.size());
    uint32_t i = begin + 2;
    while (i < size && isSqlHexDigit(m_source[i])) ++i;
    const bool closed = i < size && m_source[i] == '\'';
    kind = (closed && (i - begin) % 2 == 0) ? TokenKind::Blob : TokenKind::Error;
    if (kind == TokenKind::Error) {
        while (i < size && m_source[i] != '\'') ++i;
    }
    return i < size ? i + 1 : size;
}

void Lexer::resolveContextualKeywords(std::vector<Token>& tokens, size_t first) const
{
    // Mirrors analyzeWindowKeyword/analyzeOverKeyword/analyzeFilterKeyword: a
    // contextual word that fails its test is an ordinary identifier.
    const size_t count = tokens.size();
    for (size_t i = first; i < count; ++i) {
        Token& t = tokens[i];
        if (t.kind != TokenKind::Keyword || !hasKeywordFlag(t.keyword, keyword_flags::kContextual)) continue;
        const Token* after = i + 1 < count ? &tokens[i + 1] : nullptr;
        const Token* afterNext = i + 2 < count ? &tokens[i + 2] : nullptr;
        const bool afterParen = i > first && tokens[i - 1].kind == TokenKind::RParen;
        bool keyword = false;
        if (t.keyword == Keyword::Window) {
            keyword = after && peeksAsId(*after) && afterNext && afterNext->is(Keyword::As);
        } else if (t.keyword == Keyword::Over) {
            keyword = afterParen && after && (after->kind == TokenKind::LParen || peeksAsId(*after));
        } else {
            keyword = afterParen && after && after->kind == TokenKind::LParen;
        }
        if (!keyword) {
            t.kind = TokenKind::Identifier;
            t.keyword = Keyword::None;
        }
    }
}

void Lexer::recordError(const Token& token)
{
    const std::string_view text = m_source.substr(token.span.begin, token.span.end - token.span.begin);
    const char first = text.empty() ? '\0' : text.front();
    Diagnostic diagnostic;
    diagnostic.span = token.span;
    if ((first == '\'' || first == '"' || first == '`' || first == '[') && token.span.end == m_source.size()) {
        diagnostic.code = "parse.unterminated";
        diagnostic.message = fmt::format("unterminated {} starting with {}",
                                         first == '\'' ? "string literal" : "quoted identifier",
                                         text.substr(0, std::min<size_t>(text.size(), 20)));
        diagnostic.expected = first == '[' ? "a closing ]" : fmt::format("a closing {}", first);
    } else {
        diagnostic.code = "parse.unrecognized_token";
        diagnostic.message = fmt::format("unrecognized token: \"{}\"", text.substr(0, std::min<size_t>(text.size(), 40)));
    }
    m_error = std::move(diagnostic);
}

} // namespace sqleq::sql
