// Parser: the recursive-descent parser behind parse(), private to core/sql.
// It follows SQLite's parse.y rule by rule (comments name the rules) over a
// token vector, records the first error as a Diagnostic and unwinds by
// returning null. Nesting depth is bounded so hostile input cannot overflow the
// stack. Split over parser.cpp (statements), parse_from.cpp and parse_expr.cpp.
#pragma once

#include "core/base/diagnostic.h"
#include "core/sql/parser.h"
#include "core/sql/precedence.h"
#include "core/sql/token.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::sql {

class Parser {
public:
    Parser(std::string_view source, const std::vector<Token>& tokens, const std::optional<Diagnostic>& lexError,
           const ParseOptions& options);

    /// Leading/trailing semicolons are skipped; anything else after the first
    /// statement is an error.
    std::unique_ptr<SelectStatement> parseInput();
    std::vector<Diagnostic> takeDiagnostics() { return std::move(m_diagnostics); }

private:
    friend class DepthScope;

    // --- tokens (parser.cpp)
    const Token& peek(size_t ahead = 0) const;
    const Token& advance();
    bool at(TokenKind kind) const { return peek().kind == kind; }
    bool at(Keyword keyword) const { return peek().is(keyword); }
    bool accept(TokenKind kind);
    bool accept(Keyword keyword);
    bool expect(TokenKind kind, std::string_view expected);
    bool expect(Keyword keyword, std::string_view expected);
    std::string_view textOf(const Token& token) const { return token.text(m_source); }
    SourceSpan spanFrom(uint32_t begin) const { return {begin, m_lastEnd}; }
    bool startsSelect(size_t ahead) const;

    // Token classes of parse.y: id (ID|INDEXED + fallbacks), ids (ID|STRING), nm.
    static bool isId(const Token& token);
    static bool isIds(const Token& token);
    static bool isName(const Token& token);
    static bool startsTerm(const Token& token);
    Identifier identifierOf(const Token& token) const;
    bool parseName(Identifier& out, std::string_view expected);

    // --- errors and depth (parser.cpp)
    void fail(const Token& at, std::string_view expected, std::string_view code = "parse.syntax");
    void failMessage(const Token& at, std::string message, std::string_view code, std::string_view expected = {});
    bool failed() const { return m_failed; }
    bool enterLevel();
    void leaveLevel() { --m_depth; }

    // --- statements (parser.cpp)
    std::unique_ptr<SelectStatement> parseSelectStatement();
    std::unique_ptr<SelectStatement> parseParenthesizedSelect();
    bool parseWith(WithClause& with);
    std::unique_ptr<CommonTableExpr> parseCommonTableExpr();
    bool parseCompoundBody(SelectStatement& statement);
    std::unique_ptr<SelectBody> parseSimpleSelect();
    std::unique_ptr<SelectCore> parseSelectCore();
    std::unique_ptr<ValuesSelect> parseValues();
    std::unique_ptr<ResultColumn> parseResultColumn();
    bool parseAlias(std::optional<Identifier>& alias);
    bool parseOrderBy(std::vector<OrderingTermPtr>& terms, SourceSpan& span);
    bool parseLimit(ExprPtr& limit, ExprPtr& offset, SourceSpan& span);
    bool parseWindowClause(SelectCore& core);
    std::unique_ptr<WindowDef> parseWindowDef();
    bool parseFrameSpec(FrameSpec& frame);
    bool parseFrameBound(FrameBound& bound, bool isStart);

    // --- FROM (parse_from.cpp)
    std::unique_ptr<FromClause> parseFromClause();
    bool parseJoinOperator(JoinOperator& op, SourceSpan& span);
    std::unique_ptr<FromItem> parseFromItem();
    std::unique_ptr<FromItem> parseNamedFromItem();
    bool parseJoinConstraint(JoinTerm& term);

    // --- expressions (parse_expr.cpp)
    ExprPtr parseExpr(Precedence minimum = Precedence::Or);
    ExprPtr parsePrefix();
    ExprPtr parsePrimary();
    ExprPtr parseNameExpr();
    ExprPtr parseFunctionCall();
    ExprPtr parseParenthesized();
    ExprPtr parseCase();
    ExprPtr parseCast();
    ExprPtr parseExists();
    ExprPtr parseLiteral(LiteralKind kind);
    bool parseCastType(std::string& typeName);
    Precedence infixPrecedence() const;
    ExprPtr parseInfix(ExprPtr left, Precedence precedence, uint32_t begin);
    ExprPtr parseBinary(ExprPtr left, Precedence precedence, uint32_t begin);
    ExprPtr parseIs(ExprPtr left, uint32_t begin);
    ExprPtr parseLike(ExprPtr left, bool negated, SourceSpan opBegin, uint32_t begin);
    ExprPtr parseBetween(ExprPtr left, bool negated, uint32_t begin);
    ExprPtr parseIn(ExprPtr left, bool negated, uint32_t begin);
    ExprPtr parseCollate(ExprPtr left, uint32_t begin);
    bool parseFilterOver(FunctionCall& call);
    bool parseExprList(std::vector<ExprPtr>& out, bool allowEmpty);

    std::string_view m_source;
    const std::vector<Token>& m_tokens;
    const std::optional<Diagnostic>& m_lexError;
    ParseOptions m_options;
    size_t m_position = 0;
    uint32_t m_lastEnd = 0;
    uint32_t m_depth = 0;
    bool m_failed = false;
    std::vector<Diagnostic> m_diagnostics;
};

/// Counts one level of nesting for its lifetime; converts to false (and records
/// parse.too_deep) when the limit is exceeded.
class DepthScope {
public:
    explicit DepthScope(Parser& parser) : m_parser(parser), m_ok(parser.enterLevel()) {}
    ~DepthScope()
    {
        for (uint32_t i = 0; i < m_levels; ++i) m_parser.leaveLevel();
    }
    /// One more level for as long as this scope lives: each link of a
    /// left-associative chain (a + b + c…) deepens the tree without recursing.
    bool deepen()
    {
        ++m_levels;
        m_ok = m_parser.enterLevel() && m_ok;
        return m_ok;
    }
    DepthScope(const DepthScope&) = delete;
    DepthScope& operator=(const DepthScope&) = delete;
    explicit operator bool() const { return m_ok; }

private:
    Parser& m_parser;
    uint32_t m_levels = 1;
    bool m_ok;
};

} // namespace sqleq::sql
