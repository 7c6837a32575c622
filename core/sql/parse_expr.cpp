// Expression parsing by precedence climbing over SQLite's levels (precedence.h).
// Prefix NOT parses its operand at NOT level wherever it appears, the way the
// LALR parser resolves `a = NOT b = c` as a = NOT (b = c); unary - + ~ take
// only a primary. The Equality level carries IS, IN, LIKE, BETWEEN and ISNULL.

#include "core/sql/parser_impl.h"

namespace sqleq::sql {
namespace {

bool equalsIgnoreCase(std::string_view text, std::string_view upper)
{
    if (text.size() != upper.size()) return false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if ((c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c) != upper[i]) return false;
    }
    return true;
}

template <typename T> std::unique_ptr<T> makeAt(SourceSpan span)
{
    auto node = std::make_unique<T>();
    node->setSpan(span);
    return node;
}

} // namespace

ExprPtr Parser::parseExpr(Precedence minimum)
{
    DepthScope scope(*this);
    if (!scope) return nullptr;
    // Spans of infix nodes run from the expression's first token, so that a
    // parenthesized left operand, "(a) = b", is covered with its parenthesis.
    const uint32_t begin = peek().span.begin;
    ExprPtr left = parsePrefix();
    while (left) {
        const Precedence precedence = infixPrecedence();
        if (precedence == Precedence::Lowest || precedence < minimum) break;
        if (!scope.deepen()) return nullptr;
        left = parseInfix(std::move(left), precedence, begin);
    }
    return left;
}

// expr ::= PLUS|MINUS|BITNOT expr [prec BITNOT] | NOT expr
ExprPtr Parser::parsePrefix()
{
    const Token& token = peek();
    UnaryOp op;
    if (token.kind == TokenKind::Minus) op = UnaryOp::Negate;
    else if (token.kind == TokenKind::Plus) op = UnaryOp::Plus;
    else if (token.kind == TokenKind::Tilde) op = UnaryOp::BitNot;
    else if (token.is(Keyword::Not)) op = UnaryOp::Not;
    else return parsePrimary();

    DepthScope scope(*this);
    if (!scope) return nullptr;
    auto unary = std::make_unique<UnaryExpr>();
    unary->op = op;
    unary->opSpan = advance().span;
    unary->operand = op == UnaryOp::Not ? parseExpr(Precedence::Not) : parsePrefix();
    if (!unary->operand) return nullptr;
    unary->setSpan(spanFrom(unary->opSpan.begin));
    return unary;
}

ExprPtr Parser::parsePrimary()
{
    const Token& token = peek();
    switch (token.kind) {
    case TokenKind::Integer: return parseLiteral(LiteralKind::Integer);
    case TokenKind::Float: return parseLiteral(LiteralKind::Float);
    case TokenKind::Blob: return parseLiteral(LiteralKind::Blob);
    case TokenKind::String:
        // nm DOT nm: a single-quoted name may qualify a column ('t'.c).
        if (peek(1).kind == TokenKind::Dot) return parseNameExpr();
        return parseLiteral(LiteralKind::String);
    case TokenKind::Parameter: {
        // "#123" names a register of SQLite's own nested parses; user SQL
        // gets a syntax error for it (parse.y, term ::= VARIABLE).
        const std::string_view text = textOf(token);
        if (text.size() > 1 && text[0] == '#' && text[1] >= '0' && text[1] <= '9') {
            fail(token, "an expression");
            return nullptr;
        }
        auto parameter = makeAt<Parameter>(token.span);
        parameter->text = textOf(advance());
        return parameter;
    }
    case TokenKind::LParen: return parseParenthesized();
    case TokenKind::Identifier: return parseNameExpr();
    case TokenKind::Keyword: break;
    default: fail(token, "an expression"); return nullptr;
    }
    switch (token.keyword) {
    case Keyword::Null: return parseLiteral(LiteralKind::Null);
    case Keyword::CurrentDate: return parseLiteral(LiteralKind::CurrentDate);
    case Keyword::CurrentTime: return parseLiteral(LiteralKind::CurrentTime);
    case Keyword::CurrentTimestamp: return parseLiteral(LiteralKind::CurrentTimestamp);
    case Keyword::Case: return parseCase();
    case Keyword::Cast: return parseCast();
    case Keyword::Exists: return parseExists();
    case Keyword::Raise:
        fail(token, "an expression (RAISE is only valid in triggers)", "parse.unsupported");
        return nullptr;
    default: break;
    }
    if (isId(token) || hasKeywordFlag(token.keyword, keyword_flags::kJoin)) return parseNameExpr();
    fail(token, "an expression");
    return nullptr;
}

ExprPtr Parser::parseLiteral(LiteralKind kind)
{
    auto literal = makeAt<Literal>(peek().span);
    literal->literalKind = kind;
    const Token& token = advance();
    if (token.kind == TokenKind::Keyword) literal->text = keywordSpelling(token.keyword);
    else literal->text = textOf(token);
    return literal;
}

// expr ::= id | JOIN_KW | nm DOT nm | nm DOT nm DOT nm | id LP … RP
ExprPtr Parser::parseNameExpr()
{
    const Token& first = peek();
    if (isId(first) && peek(1).kind == TokenKind::LParen) return parseFunctionCall();
    const uint32_t begin = first.span.begin;
    auto column = std::make_unique<ColumnRef>();
    column->column = identifierOf(advance());
    if (accept(TokenKind::Dot)) {
        column->table = std::move(column->column);
        if (!parseName(column->column, "a column name")) return nullptr;
        if (accept(TokenKind::Dot)) {
            column->schema = std::move(column->table);
            column->table = std::move(column->column);
            if (!parseName(column->column, "a column name")) return nullptr;
        }
    } else if (first.kind == TokenKind::Identifier && column->column.quote == QuoteStyle::None) {
        // SQLite turns a bare TRUE/FALSE that names no column into a boolean.
        const std::string_view text = textOf(first);
        const bool isTrue = equalsIgnoreCase(text, "TRUE");
        if (isTrue || equalsIgnoreCase(text, "FALSE")) {
            auto literal = makeAt<Literal>(first.span);
            literal->literalKind = isTrue ? LiteralKind::True : LiteralKind::False;
            literal->text = isTrue ? "TRUE" : "FALSE";
            return literal;
        }
    }
    column->setSpan(spanFrom(begin));
    return column;
}

// expr ::= id LP distinct exprlist RP filter_over | id LP STAR RP filter_over
ExprPtr Parser::parseFunctionCall()
{
    auto call = std::make_unique<FunctionCall>();
    const uint32_t begin = peek().span.begin;
    call->name = identifierOf(advance());
    advance(); // (
    if (accept(TokenKind::Star)) {
        call->star = true;
    } else {
        if (accept(Keyword::Distinct)) call->distinct = true;
        else accept(Keyword::All);
        if (!parseExprList(call->args, true)) return nullptr;
    }
    if (!expect(TokenKind::RParen, "')'") || !parseFilterOver(*call)) return nullptr;
    call->setSpan(spanFrom(begin));
    return call;
}

// filter_over ::= [FILTER LP WHERE expr RP] [OVER LP window RP | OVER nm]
bool Parser::parseFilterOver(FunctionCall& call)
{
    if (accept(Keyword::Filter)) {
        if (!expect(TokenKind::LParen, "'('") || !expect(Keyword::Where, "WHERE")) return false;
        if (!(call.filter = parseExpr()) || !expect(TokenKind::RParen, "')'")) return false;
    }
    if (accept(Keyword::Over)) {
        if (at(TokenKind::LParen)) return (call.over = parseWindowDef()) != nullptr;
        return parseName(call.overName.emplace(), "a window name or '('");
    }
    return true;
}

// expr ::= LP expr RP | LP nexprlist COMMA expr RP | LP select RP
ExprPtr Parser::parseParenthesized()
{
    const uint32_t begin = peek().span.begin;
    if (startsSelect(1)) {
        auto subquery = std::make_unique<SubqueryExpr>();
        if (!(subquery->subquery = parseParenthesizedSelect())) return nullptr;
        subquery->setSpan(spanFrom(begin));
        return subquery;
    }
    advance();
    ExprPtr first = parseExpr();
    if (!first) return nullptr;
    if (accept(TokenKind::RParen)) return first;
    if (!at(TokenKind::Comma)) {
        fail(peek(), "')' or ','");
        return nullptr;
    }
    auto row = std::make_unique<RowValue>();
    row->items.push_back(std::move(first));
    while (accept(TokenKind::Comma)) {
        ExprPtr item = parseExpr();
        if (!item) return nullptr;
        row->items.push_back(std::move(item));
    }
    if (!expect(TokenKind::RParen, "')' or ','")) return nullptr;
    row->setSpan(spanFrom(begin));
    return row;
}

// expr ::= CASE case_operand case_exprlist case_else END
ExprPtr Parser::parseCase()
{
    auto node = std::make_unique<CaseExpr>();
    const uint32_t begin = advance().span.begin;
    if (!at(Keyword::When) && !(node->operand = parseExpr())) return nullptr;
    if (!at(Keyword::When)) {
        fail(peek(), "WHEN");
        return nullptr;
    }
    while (accept(Keyword::When)) {
        CaseWhen& arm = node->whens.emplace_back();
        if (!(arm.when = parseExpr()) || !expect(Keyword::Then, "THEN") || !(arm.then = parseExpr())) return nullptr;
    }
    if (accept(Keyword::Else) && !(node->elseExpr = parseExpr())) return nullptr;
    if (!expect(Keyword::End, "WHEN, ELSE or END")) return nullptr;
    node->setSpan(spanFrom(begin));
    return node;
}

// expr ::= CAST LP expr AS typetoken RP
ExprPtr Parser::parseCast()
{
    auto node = std::make_unique<CastExpr>();
    const uint32_t begin = advance().span.begin;
    if (!expect(TokenKind::LParen, "'(' after CAST") || !(node->operand = parseExpr())
        || !expect(Keyword::As, "AS") || !parseCastType(node->typeName) || !expect(TokenKind::RParen, "')'"))
        return nullptr;
    node->setSpan(spanFrom(begin));
    return node;
}

// typetoken ::= (empty) | typename [LP signed RP | LP signed COMMA signed RP]; typename ::= ids+
bool Parser::parseCastType(std::string& typeName)
{
    while (isIds(peek())) {
        if (!typeName.empty()) typeName += ' ';
        typeName += textOf(advance());
    }
    if (typeName.empty() || !accept(TokenKind::LParen)) return true;
    typeName += '(';
    for (int argument = 0; argument < 2; ++argument) {
        if (argument > 0) typeName += ", ";
        if (at(TokenKind::Plus) || at(TokenKind::Minus)) typeName += textOf(advance());
        if (!at(TokenKind::Integer) && !at(TokenKind::Float)) {
            fail(peek(), "a number");
            return false;
        }
        typeName += textOf(advance());
        if (!accept(TokenKind::Comma)) break;
    }
    typeName += ')';
    return expect(TokenKind::RParen, "')'");
}

// expr ::= EXISTS LP select RP
ExprPtr Parser::parseExists()
{
    auto node = std::make_unique<ExistsExpr>();
    const uint32_t begin = advance().span.begin;
    if (!(node->subquery = parseParenthesizedSelect())) return nullptr;
    node->setSpan(spanFrom(begin));
    return node;
}

bool Parser::parseExprList(std::vector<ExprPtr>& out, bool allowEmpty)
{
    if (allowEmpty && at(TokenKind::RParen)) return true;
    do {
        ExprPtr item = parseExpr();
        if (!item) return false;
        out.push_back(std::move(item));
    } while (accept(TokenKind::Comma));
    return true;
}

} // namespace sqleq::sql
