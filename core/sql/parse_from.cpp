// FROM clause parsing (parse.y: seltablist, stl_prefix, joinop, on_using,
// indexed_by). The clause is kept flat, one JoinTerm per item, like SQLite's
// SrcList; parenthesized groups nest a FromClause inside a JoinGroup.

#include "core/sql/parser_impl.h"

#include <fmt/format.h>

namespace sqleq::sql {

std::unique_ptr<FromClause> Parser::parseFromClause()
{
    DepthScope scope(*this);
    if (!scope) return nullptr;
    auto clause = std::make_unique<FromClause>();
    const uint32_t begin = peek().span.begin;
    JoinOperator op;
    SourceSpan opSpan;
    do {
        auto term = std::make_unique<JoinTerm>();
        const uint32_t termBegin = peek().span.begin;
        term->op = op;
        term->opSpan = opSpan;
        if (!(term->source = parseFromItem()) || !parseJoinConstraint(*term)) return nullptr;
        term->setSpan(opSpan.merge(spanFrom(termBegin)));
        clause->terms.push_back(std::move(term));
        op = JoinOperator{};
        opSpan = SourceSpan{};
    } while (parseJoinOperator(op, opSpan));
    if (failed()) return nullptr;
    clause->setSpan(spanFrom(begin));
    return clause;
}

// joinop ::= COMMA | JOIN | JOIN_KW JOIN | JOIN_KW nm JOIN | JOIN_KW nm nm JOIN.
// Returns false when no join operator follows (or on error). The words are
// validated like sqlite3JoinType(); SQLite reports a bad combination
// ("unknown join type") after parsing, we report it as parse.join_type.
bool Parser::parseJoinOperator(JoinOperator& op, SourceSpan& span)
{
    const uint32_t begin = peek().span.begin;
    if (accept(TokenKind::Comma)) {
        op.kind = JoinKind::Comma;
        span = spanFrom(begin);
        return true;
    }
    if (accept(Keyword::Join)) {
        op.kind = JoinKind::Join;
        span = spanFrom(begin);
        return true;
    }
    if (peek().kind != TokenKind::Keyword || !hasKeywordFlag(peek().keyword, keyword_flags::kJoin)) return false;
    bool left = false, right = false, inner = false, cross = false, unknown = false;
    for (int words = 0; words < 3 && !at(Keyword::Join) && (words == 0 || isName(peek())); ++words) {
        const Token& word = advance();
        switch (word.kind == TokenKind::Keyword ? word.keyword : Keyword::None) {
        case Keyword::Natural: op.natural = true; break;
        case Keyword::Left: left = true; break;
        case Keyword::Right: right = true; break;
        case Keyword::Full: left = right = true; break;
        case Keyword::Inner: inner = true; break;
        case Keyword::Cross: cross = inner = true; break;
        case Keyword::Outer: op.outer = true; break;
        default: unknown = true; break;
        }
    }
    const uint32_t wordsEnd = m_lastEnd;
    if (!expect(Keyword::Join, "JOIN")) return false;
    span = spanFrom(begin);
    const bool outerOnly = op.outer && !left && !right;
    if (unknown || (inner && (op.outer || left || right)) || outerOnly) {
        const std::string_view words = m_source.substr(begin, wordsEnd - begin);
        failMessage(peek(), fmt::format("unknown join type: {}", words), "parse.join_type",
                    "[NATURAL] [LEFT|RIGHT|FULL] [OUTER] | INNER | CROSS");
        m_diagnostics.back().span = span;
        return false;
    }
    if (left && right) op.kind = JoinKind::Full;
    else if (left) op.kind = JoinKind::Left;
    else if (right) op.kind = JoinKind::Right;
    else if (cross) op.kind = JoinKind::Cross;
    else if (inner) op.kind = JoinKind::Inner;
    else op.kind = JoinKind::Join;
    op.outer = op.outer && (left || right);
    return true;
}

// seltablist item ::= nm dbnm as [indexed_by] | nm dbnm LP exprlist RP as
//                   | LP select RP as | LP seltablist RP as
std::unique_ptr<FromItem> Parser::parseFromItem()
{
    const uint32_t begin = peek().span.begin;
    std::unique_ptr<FromItem> item;
    if (at(TokenKind::LParen) && startsSelect(1)) {
        auto subquery = std::make_unique<SubqueryRef>();
        if (!(subquery->subquery = parseParenthesizedSelect())) return nullptr;
        item = std::move(subquery);
    } else if (at(TokenKind::LParen)) {
        advance();
        auto group = std::make_unique<JoinGroup>();
        if (!(group->inner = parseFromClause()) || !expect(TokenKind::RParen, "')'")) return nullptr;
        item = std::move(group);
    } else if (isName(peek())) {
        return parseNamedFromItem();
    } else {
        fail(peek(), "a table name or subquery");
        return nullptr;
    }
    if (!parseAlias(item->alias)) return nullptr;
    item->setSpan(spanFrom(begin));
    return item;
}

std::unique_ptr<FromItem> Parser::parseNamedFromItem()
{
    const uint32_t begin = peek().span.begin;
    std::optional<Identifier> schema;
    Identifier name = identifierOf(advance());
    if (accept(TokenKind::Dot)) {
        schema = std::move(name);
        if (!parseName(name, "a table name")) return nullptr;
    }
    if (accept(TokenKind::LParen)) {
        auto function = std::make_unique<TableFunctionRef>();
        function->schema = std::move(schema);
        function->name = std::move(name);
        if (!parseExprList(function->args, true) || !expect(TokenKind::RParen, "')'")
            || !parseAlias(function->alias))
            return nullptr;
        function->setSpan(spanFrom(begin));
        return function;
    }
    auto table = std::make_unique<TableRef>();
    table->schema = std::move(schema);
    table->name = std::move(name);
    if (!parseAlias(table->alias)) return nullptr;
    if (accept(Keyword::Indexed)) {
        if (!expect(Keyword::By, "BY") || !parseName(table->indexName, "an index name")) return nullptr;
        table->indexHint = IndexHint::IndexedBy;
    } else if (at(Keyword::Not) && peek(1).is(Keyword::Indexed)) {
        advance();
        advance();
        table->indexHint = IndexHint::NotIndexed;
    }
    table->setSpan(spanFrom(begin));
    return table;
}

// on_using ::= ON expr | USING LP idlist RP | (empty)
bool Parser::parseJoinConstraint(JoinTerm& term)
{
    const uint32_t begin = peek().span.begin;
    if (accept(Keyword::On)) {
        if (!(term.on = parseExpr())) return false;
    } else if (accept(Keyword::Using)) {
        term.hasUsing = true;
        if (!expect(TokenKind::LParen, "'('")) return false;
        do {
            if (!parseName(term.usingColumns.emplace_back(), "a column name")) return false;
        } while (accept(TokenKind::Comma));
        if (!expect(TokenKind::RParen, "')'")) return false;
    } else {
        return true;
    }
    term.constraintSpan = spanFrom(begin);
    return true;
}

} // namespace sqleq::sql
