// Infix and postfix operators of the expression grammar: the binary operators
// of parse.y plus its special forms at the Equality level (IS [NOT] [DISTINCT
// FROM], [NOT] LIKE/GLOB/REGEXP/MATCH … [ESCAPE], [NOT] BETWEEN, [NOT] IN,
// ISNULL/NOTNULL/NOT NULL) and COLLATE.

#include "core/sql/parser_impl.h"

namespace sqleq::sql {
namespace {

bool isLikeKeyword(const Token& token)
{
    return token.kind == TokenKind::Keyword && hasKeywordFlag(token.keyword, keyword_flags::kLike);
}

LikeOp likeOpOf(Keyword keyword)
{
    switch (keyword) {
    case Keyword::Glob: return LikeOp::Glob;
    case Keyword::Regexp: return LikeOp::Regexp;
    case Keyword::Match: return LikeOp::Match;
    default: return LikeOp::Like;
    }
}

struct BinaryToken {
    TokenKind kind;
    BinaryOp op;
};

constexpr BinaryToken kBinaryTokens[] = {
    {TokenKind::Eq, BinaryOp::Eq}, {TokenKind::EqEq, BinaryOp::Eq},
    {TokenKind::NotEq, BinaryOp::NotEq}, {TokenKind::LessGreater, BinaryOp::NotEq},
    {TokenKind::Less, BinaryOp::Less}, {TokenKind::LessEq, BinaryOp::LessEq},
    {TokenKind::Greater, BinaryOp::Greater}, {TokenKind::GreaterEq, BinaryOp::GreaterEq},
    {TokenKind::BitAnd, BinaryOp::BitAnd}, {TokenKind::BitOr, BinaryOp::BitOr},
    {TokenKind::ShiftLeft, BinaryOp::ShiftLeft}, {TokenKind::ShiftRight, BinaryOp::ShiftRight},
    {TokenKind::Plus, BinaryOp::Add}, {TokenKind::Minus, BinaryOp::Subtract},
    {TokenKind::Star, BinaryOp::Multiply}, {TokenKind::Slash, BinaryOp::Divide},
    {TokenKind::Percent, BinaryOp::Modulo}, {TokenKind::Concat, BinaryOp::Concat},
    {TokenKind::Arrow, BinaryOp::JsonExtract}, {TokenKind::DoubleArrow, BinaryOp::JsonExtractText},
};

const BinaryToken* binaryTokenOf(const Token& token)
{
    for (const auto& entry : kBinaryTokens) {
        if (entry.kind == token.kind) return &entry;
    }
    return nullptr;
}

} // namespace

Precedence Parser::infixPrecedence() const
{
    const Token& token = peek();
    if (const BinaryToken* binary = binaryTokenOf(token)) return binaryPrecedence(binary->op);
    if (token.kind != TokenKind::Keyword) return Precedence::Lowest;
    if (isLikeKeyword(token)) return Precedence::Equality;
    switch (token.keyword) {
    case Keyword::Or: return Precedence::Or;
    case Keyword::And: return Precedence::And;
    case Keyword::Is: case Keyword::In: case Keyword::Between: case Keyword::Isnull: case Keyword::Notnull:
        return Precedence::Equality;
    case Keyword::Not: {
        const Token& next = peek(1);
        const bool infix = isLikeKeyword(next) || next.is(Keyword::In) || next.is(Keyword::Between)
            || next.is(Keyword::Null);
        return infix ? Precedence::Equality : Precedence::Lowest;
    }
    case Keyword::Collate: return Precedence::Collate;
    default: return Precedence::Lowest;
    }
}

ExprPtr Parser::parseInfix(ExprPtr left, Precedence precedence, uint32_t begin)
{
    const Token& token = peek();
    if (token.kind != TokenKind::Keyword || token.is(Keyword::Or) || token.is(Keyword::And))
        return parseBinary(std::move(left), precedence, begin);
    if (token.is(Keyword::Collate)) return parseCollate(std::move(left), begin);
    if (token.is(Keyword::Is)) return parseIs(std::move(left), begin);
    if (token.is(Keyword::Isnull) || token.is(Keyword::Notnull)
        || (token.is(Keyword::Not) && peek(1).is(Keyword::Null))) {
        auto test = std::make_unique<NullTestExpr>();
        test->negated = !advance().is(Keyword::Isnull);
        if (test->negated && at(Keyword::Null)) advance();
        test->operand = std::move(left);
        test->setSpan(spanFrom(begin));
        return test;
    }
    const SourceSpan opBegin = token.span;
    const bool negated = accept(Keyword::Not);
    if (isLikeKeyword(peek())) return parseLike(std::move(left), negated, opBegin, begin);
    if (at(Keyword::Between)) return parseBetween(std::move(left), negated, begin);
    return parseIn(std::move(left), negated, begin);
}

ExprPtr Parser::parseBinary(ExprPtr left, Precedence precedence, uint32_t begin)
{
    auto binary = std::make_unique<BinaryExpr>();
    const Token& token = advance();
    binary->opSpan = token.span;
    if (token.is(Keyword::Or)) binary->op = BinaryOp::Or;
    else if (token.is(Keyword::And)) binary->op = BinaryOp::And;
    else binary->op = binaryTokenOf(token)->op;
    binary->left = std::move(left);
    if (!(binary->right = parseExpr(nextHigher(precedence)))) return nullptr;
    binary->setSpan(spanFrom(begin));
    return binary;
}

// expr ::= expr IS [NOT] [DISTINCT FROM] expr
ExprPtr Parser::parseIs(ExprPtr left, uint32_t begin)
{
    auto binary = std::make_unique<BinaryExpr>();
    const uint32_t opBegin = advance().span.begin;
    const bool negated = accept(Keyword::Not);
    bool distinct = false;
    if (accept(Keyword::Distinct)) {
        if (!expect(Keyword::From, "FROM")) return nullptr;
        distinct = true;
    }
    if (distinct) binary->op = negated ? BinaryOp::IsNotDistinctFrom : BinaryOp::IsDistinctFrom;
    else binary->op = negated ? BinaryOp::IsNot : BinaryOp::Is;
    binary->opSpan = spanFrom(opBegin);
    binary->left = std::move(left);
    if (!(binary->right = parseExpr(Precedence::Comparison))) return nullptr;
    binary->setSpan(spanFrom(begin));
    return binary;
}

// expr ::= expr likeop expr [ESCAPE expr]; likeop ::= [NOT] LIKE_KW|MATCH
ExprPtr Parser::parseLike(ExprPtr left, bool negated, SourceSpan opBegin, uint32_t begin)
{
    auto like = std::make_unique<LikeExpr>();
    like->negated = negated;
    like->op = likeOpOf(advance().keyword);
    like->opSpan = opBegin.merge(spanFrom(opBegin.begin));
    like->operand = std::move(left);
    if (!(like->pattern = parseExpr(Precedence::Comparison))) return nullptr;
    // The escape operand extends over anything tighter than LIKE itself, so
    // `a LIKE b ESCAPE c < d` escapes with (c < d), as SQLite parses it.
    if (accept(Keyword::Escape) && !(like->escape = parseExpr(Precedence::Comparison))) return nullptr;
    like->setSpan(spanFrom(begin));
    return like;
}

// expr ::= expr [NOT] BETWEEN expr AND expr
ExprPtr Parser::parseBetween(ExprPtr left, bool negated, uint32_t begin)
{
    auto between = std::make_unique<BetweenExpr>();
    advance();
    between->negated = negated;
    between->operand = std::move(left);
    if (!(between->low = parseExpr(Precedence::Not)) || !expect(Keyword::And, "AND")) return nullptr;
    if (!(between->high = parseExpr(Precedence::Comparison))) return nullptr;
    between->setSpan(spanFrom(begin));
    return between;
}

// expr ::= expr in_op LP exprlist RP | expr in_op LP select RP | expr in_op nm dbnm paren_exprlist
ExprPtr Parser::parseIn(ExprPtr left, bool negated, uint32_t begin)
{
    auto in = std::make_unique<InExpr>();
    if (!expect(Keyword::In, "IN")) return nullptr;
    in->negated = negated;
    in->operand = std::move(left);
    if (at(TokenKind::LParen) && startsSelect(1)) {
        in->source = InSource::Subquery;
        if (!(in->subquery = parseParenthesizedSelect())) return nullptr;
    } else if (accept(TokenKind::LParen)) {
        in->source = InSource::List;
        if (!parseExprList(in->items, true) || !expect(TokenKind::RParen, "')'")) return nullptr;
    } else {
        in->source = InSource::Table;
        if (!parseName(in->table, "'(' or a table name")) return nullptr;
        if (accept(TokenKind::Dot)) {
            in->schema = std::move(in->table);
            if (!parseName(in->table, "a table name")) return nullptr;
        }
        if (accept(TokenKind::LParen)) {
            in->source = InSource::TableFunction;
            if (!parseExprList(in->items, true) || !expect(TokenKind::RParen, "')'")) return nullptr;
        }
    }
    in->setSpan(spanFrom(begin));
    return in;
}

// expr ::= expr COLLATE ids
ExprPtr Parser::parseCollate(ExprPtr left, uint32_t begin)
{
    auto collate = std::make_unique<CollateExpr>();
    advance();
    if (!isIds(peek())) {
        fail(peek(), "a collation name");
        return nullptr;
    }
    collate->collation = identifierOf(advance());
    collate->operand = std::move(left);
    collate->setSpan(spanFrom(begin));
    return collate;
}

} // namespace sqleq::sql
