// Statement-level parsing (parse.y: cmd, select, selectnowith, oneselect,
// values, selcollist, orderby_opt, limit_opt, window) plus the token helpers and
// error reporting shared with parse_from.cpp and parse_expr.cpp, and parse().

#include "core/sql/parser_impl.h"

#include "core/sql/lexer.h"

#include <fmt/format.h>

#include <algorithm>
#include <new>

namespace sqleq::sql {

ParseOutput parse(std::string_view text, const ParseOptions& options)
{
    ParseOutput output;
    if (text.size() > options.maxBytes || text.size() >= SourceSpan::kInvalid - 1) {
        output.diagnostics.push_back(
            {"parse.too_long",
             fmt::format("the query is {} bytes, larger than the {} limit for one query", text.size(),
                         formatByteLimit(std::min<uint64_t>(options.maxBytes, SourceSpan::kInvalid - 2))),
             {}, {}});
        return output;
    }
    try {
        std::vector<Token> tokens;
        tokens.reserve(text.size() / 4 + 8);
        Lexer lexer(text);
        lexer.tokenize(tokens);
        Parser parser(text, tokens, lexer.error(), options);
        output.statement = parser.parseInput();
        output.diagnostics = parser.takeDiagnostics();
        if (!output.diagnostics.empty()) output.statement.reset();
    } catch (const std::bad_alloc&) {
        output.statement.reset();
        output.diagnostics.assign(1, Diagnostic{"parse.out_of_memory", "out of memory while parsing", {}, {}});
    }
    return output;
}

Parser::Parser(std::string_view source, const std::vector<Token>& tokens, const std::optional<Diagnostic>& lexError,
               const ParseOptions& options)
    : m_source(source), m_tokens(tokens), m_lexError(lexError), m_options(options)
{
}

// --- tokens ------------------------------------------------------------------------

const Token& Parser::peek(size_t ahead) const
{
    const size_t index = m_position + ahead;
    return index < m_tokens.size() ? m_tokens[index] : m_tokens.back();
}

const Token& Parser::advance()
{
    const Token& token = peek();
    if (token.kind != TokenKind::End && token.kind != TokenKind::Error) {
        ++m_position;
        m_lastEnd = token.span.end;
    }
    return token;
}

bool Parser::accept(TokenKind kind)
{
    if (!at(kind)) return false;
    advance();
    return true;
}

bool Parser::accept(Keyword keyword)
{
    if (!at(keyword)) return false;
    advance();
    return true;
}

bool Parser::expect(TokenKind kind, std::string_view expected)
{
    if (accept(kind)) return true;
    fail(peek(), expected);
    return false;
}

bool Parser::expect(Keyword keyword, std::string_view expected)
{
    if (accept(keyword)) return true;
    fail(peek(), expected);
    return false;
}

bool Parser::startsSelect(size_t ahead) const
{
    const Token& token = peek(ahead);
    return token.is(Keyword::Select) || token.is(Keyword::With) || token.is(Keyword::Values);
}

bool Parser::isId(const Token& token)
{
    if (token.kind == TokenKind::Identifier) return true;
    return token.kind == TokenKind::Keyword
        && hasKeywordFlag(token.keyword, keyword_flags::kFallback | keyword_flags::kId);
}

bool Parser::isIds(const Token& token)
{
    if (token.kind == TokenKind::Identifier || token.kind == TokenKind::String) return true;
    return token.kind == TokenKind::Keyword && hasKeywordFlag(token.keyword, keyword_flags::kFallback);
}

bool Parser::startsTerm(const Token& token)
{
    // Fallback keywords that SQLite shifts as the start of an expression term,
    // so they cannot stand for a name there (CAST(…), RAISE(…), CURRENT_DATE).
    return token.is(Keyword::Cast) || token.is(Keyword::Raise)
        || (token.kind == TokenKind::Keyword && hasKeywordFlag(token.keyword, keyword_flags::kTime));
}

bool Parser::isName(const Token& token)
{
    return isId(token) || token.kind == TokenKind::String
        || (token.kind == TokenKind::Keyword && hasKeywordFlag(token.keyword, keyword_flags::kJoin));
}

Identifier Parser::identifierOf(const Token& token) const
{
    const std::string_view text = textOf(token);
    Identifier id;
    id.span = token.span;
    const char open = text.empty() ? '\0' : text.front();
    if (token.kind == TokenKind::String || (token.kind == TokenKind::Identifier && (open == '"' || open == '`'))) {
        id.quote = open == '\'' ? QuoteStyle::Single : open == '"' ? QuoteStyle::Double : QuoteStyle::Backtick;
        id.name.reserve(text.size() - 2);
        for (size_t i = 1; i + 1 < text.size(); ++i) {
            id.name += text[i];
            if (text[i] == open && text[i + 1] == open) ++i;
        }
    } else if (token.kind == TokenKind::Identifier && open == '[') {
        id.quote = QuoteStyle::Bracket;
        id.name = text.substr(1, text.size() - 2);
    } else {
        id.name = text;
    }
    return id;
}

bool Parser::parseName(Identifier& out, std::string_view expected)
{
    if (!isName(peek())) {
        fail(peek(), expected);
        return false;
    }
    out = identifierOf(advance());
    return true;
}

// --- errors and depth ----------------------------------------------------------------

void Parser::fail(const Token& at, std::string_view expected, std::string_view code)
{
    // SQLite's wording for the message; what we wanted goes in `expected`.
    if (at.kind == TokenKind::End) {
        failMessage(at, "incomplete input", code, expected);
        return;
    }
    std::string_view text = textOf(at);
    if (text.size() > 40) text = text.substr(0, 40);
    failMessage(at, fmt::format("near \"{}\": syntax error", text), code, expected);
}

void Parser::failMessage(const Token& at, std::string message, std::string_view code, std::string_view expected)
{
    if (m_failed) return;
    m_failed = true;
    if (at.kind == TokenKind::Error && m_lexError) {
        m_diagnostics.push_back(*m_lexError);
        return;
    }
    m_diagnostics.push_back(Diagnostic{std::string(code), std::move(message), at.span, std::string(expected)});
}

bool Parser::enterLevel()
{
    if (++m_depth <= m_options.maxDepth) return !m_failed;
    failMessage(peek(),
                m_options.maxDepth == kMaxQueryDepth
                    ? queryTooDeepMessage()
                    : fmt::format("the query is more than {} levels deep", m_options.maxDepth),
                "parse.too_deep");
    return false;
}

// --- statements ------------------------------------------------------------------------

std::unique_ptr<SelectStatement> Parser::parseInput()
{
    while (accept(TokenKind::Semicolon)) {}
    if (at(TokenKind::End)) {
        failMessage(peek(), "the input contains no statement", "parse.empty", "a SELECT statement");
        return nullptr;
    }
    if (!startsSelect(0)) {
        fail(peek(), "SELECT, VALUES or WITH");
        return nullptr;
    }
    auto statement = parseSelectStatement();
    if (!statement) return nullptr;
    while (accept(TokenKind::Semicolon)) {}
    if (!at(TokenKind::End)) {
        fail(peek(), "the end of the statement", at(TokenKind::Error) ? "parse.syntax" : "parse.trailing");
        return nullptr;
    }
    return statement;
}

std::unique_ptr<SelectStatement> Parser::parseSelectStatement()
{
    DepthScope scope(*this);
    if (!scope) return nullptr;
    auto statement = std::make_unique<SelectStatement>();
    const uint32_t begin = peek().span.begin;
    if (at(Keyword::With) && !parseWith(statement->with.emplace())) return nullptr;
    if (!parseCompoundBody(*statement)) return nullptr;
    statement->setSpan(spanFrom(begin));
    return statement;
}

std::unique_ptr<SelectStatement> Parser::parseParenthesizedSelect()
{
    if (!expect(TokenKind::LParen, "'('")) return nullptr;
    if (!startsSelect(0)) {
        fail(peek(), "SELECT, VALUES or WITH");
        return nullptr;
    }
    auto statement = parseSelectStatement();
    if (!statement || !expect(TokenKind::RParen, "')'")) return nullptr;
    return statement;
}

// with ::= WITH [RECURSIVE] wqlist
bool Parser::parseWith(WithClause& with)
{
    const uint32_t begin = advance().span.begin;
    with.recursive = accept(Keyword::Recursive);
    do {
        auto cte = parseCommonTableExpr();
        if (!cte) return false;
        with.ctes.push_back(std::move(cte));
    } while (accept(TokenKind::Comma));
    with.span = spanFrom(begin);
    return true;
}

// wqitem ::= nm eidlist_opt AS [[NOT] MATERIALIZED] LP select RP
std::unique_ptr<CommonTableExpr> Parser::parseCommonTableExpr()
{
    auto cte = std::make_unique<CommonTableExpr>();
    const uint32_t begin = peek().span.begin;
    if (!parseName(cte->name, "a common table expression name")) return nullptr;
    if (accept(TokenKind::LParen)) {
        do {
            if (!parseName(cte->columns.emplace_back(), "a column name")) return nullptr;
        } while (accept(TokenKind::Comma));
        if (!expect(TokenKind::RParen, "')'")) return nullptr;
    }
    if (!expect(Keyword::As, "AS")) return nullptr;
    if (accept(Keyword::Materialized)) {
        cte->materialization = Materialization::Materialized;
    } else if (at(Keyword::Not) && peek(1).is(Keyword::Materialized)) {
        advance();
        advance();
        cte->materialization = Materialization::NotMaterialized;
    }
    cte->select = parseParenthesizedSelect();
    if (!cte->select) return nullptr;
    cte->setSpan(spanFrom(begin));
    return cte;
}

// selectnowith ::= oneselect | selectnowith multiselect_op oneselect. Each
// SELECT core may carry ORDER BY/LIMIT in SQLite's grammar; only the last
// one's belong to the statement (see SelectCore).
bool Parser::parseCompoundBody(SelectStatement& statement)
{
    DepthScope chain(*this);
    std::unique_ptr<SelectBody> body;
    for (;;) {
        auto operand = parseSimpleSelect();
        if (!operand) return false;
        std::vector<OrderingTermPtr> orderBy;
        ExprPtr limit, offset;
        SourceSpan orderBySpan, limitSpan;
        const bool isCore = operand->is<SelectCore>();
        if (isCore && at(Keyword::Order) && !parseOrderBy(orderBy, orderBySpan)) return false;
        if (isCore && at(Keyword::Limit) && !parseLimit(limit, offset, limitSpan)) return false;

        const Token& next = peek();
        const bool more = next.is(Keyword::Union) || next.is(Keyword::Intersect) || next.is(Keyword::Except);
        if (more && (!orderBy.empty() || limit)) {
            auto& core = operand->as<SelectCore>();
            core.orderBy = std::move(orderBy);
            core.limit = std::move(limit);
            core.offset = std::move(offset);
            core.orderBySpan = orderBySpan;
            core.limitSpan = limitSpan;
            core.setSpan(core.span().merge(orderBySpan).merge(limitSpan));
        } else if (!more) {
            statement.orderBy = std::move(orderBy);
            statement.limit = std::move(limit);
            statement.offset = std::move(offset);
            statement.orderBySpan = orderBySpan;
            statement.limitSpan = limitSpan;
        }
        if (!body) {
            body = std::move(operand);
        } else {
            auto& compound = body->as<CompoundSelect>();
            compound.right = std::move(operand);
            compound.setSpan(compound.left->span().merge(compound.right->span()));
        }
        if (!more) break;

        if (!chain.deepen()) return false;
        auto compound = std::make_unique<CompoundSelect>();
        const uint32_t opBegin = advance().span.begin;
        if (next.is(Keyword::Union)) {
            compound->op = accept(Keyword::All) ? CompoundOp::UnionAll : CompoundOp::Union;
        } else {
            compound->op = next.is(Keyword::Intersect) ? CompoundOp::Intersect : CompoundOp::Except;
        }
        compound->opSpan = spanFrom(opBegin);
        compound->left = std::move(body);
        body = std::move(compound);
    }
    statement.body = std::move(body);
    return true;
}

std::unique_ptr<SelectBody> Parser::parseSimpleSelect()
{
    if (at(Keyword::Select)) return parseSelectCore();
    if (at(Keyword::Values)) return parseValues();
    fail(peek(), "SELECT or VALUES");
    return nullptr;
}

// oneselect ::= SELECT distinct selcollist from where_opt groupby_opt having_opt window_clause
std::unique_ptr<SelectCore> Parser::parseSelectCore()
{
    auto core = std::make_unique<SelectCore>();
    const uint32_t begin = advance().span.begin;
    if (accept(Keyword::Distinct)) core->distinct = DistinctMode::Distinct;
    else if (accept(Keyword::All)) core->distinct = DistinctMode::All;
    do {
        auto column = parseResultColumn();
        if (!column) return nullptr;
        core->columns.push_back(std::move(column));
    } while (accept(TokenKind::Comma));

    if (at(Keyword::From)) {
        const uint32_t clauseBegin = advance().span.begin;
        core->from = parseFromClause();
        if (!core->from) return nullptr;
        core->fromSpan = spanFrom(clauseBegin);
    }
    if (at(Keyword::Where)) {
        const uint32_t clauseBegin = advance().span.begin;
        if (!(core->where = parseExpr())) return nullptr;
        core->whereSpan = spanFrom(clauseBegin);
    }
    if (at(Keyword::Group)) {
        const uint32_t clauseBegin = advance().span.begin;
        if (!expect(Keyword::By, "BY") || !parseExprList(core->groupBy, false)) return nullptr;
        core->groupBySpan = spanFrom(clauseBegin);
    }
    if (at(Keyword::Having)) {
        const uint32_t clauseBegin = advance().span.begin;
        if (!(core->having = parseExpr())) return nullptr;
        core->havingSpan = spanFrom(clauseBegin);
    }
    if (at(Keyword::Window) && !parseWindowClause(*core)) return nullptr;
    core->setSpan(spanFrom(begin));
    return core;
}

// values ::= VALUES LP nexprlist RP | values COMMA LP nexprlist RP
std::unique_ptr<ValuesSelect> Parser::parseValues()
{
    auto values = std::make_unique<ValuesSelect>();
    const uint32_t begin = advance().span.begin;
    do {
        ValuesRow& row = values->rows.emplace_back();
        const uint32_t rowBegin = peek().span.begin;
        if (!expect(TokenKind::LParen, "'('") || !parseExprList(row.values, false)
            || !expect(TokenKind::RParen, "')'"))
            return nullptr;
        row.span = spanFrom(rowBegin);
    } while (accept(TokenKind::Comma));
    values->setSpan(spanFrom(begin));
    return values;
}

// selcollist item ::= expr [as] | STAR | nm DOT STAR
std::unique_ptr<ResultColumn> Parser::parseResultColumn()
{
    auto column = std::make_unique<ResultColumn>();
    const uint32_t begin = peek().span.begin;
    if (accept(TokenKind::Star)) {
        column->columnKind = ResultColumnKind::Star;
    } else if (isName(peek()) && !startsTerm(peek()) && peek(1).kind == TokenKind::Dot
               && peek(2).kind == TokenKind::Star) {
        column->columnKind = ResultColumnKind::TableStar;
        column->table = identifierOf(advance());
        advance();
        advance();
    } else {
        column->expr = parseExpr();
        if (!column->expr || !parseAlias(column->alias)) return nullptr;
    }
    column->setSpan(spanFrom(begin));
    return column;
}

// as ::= AS nm | ids | (empty)
bool Parser::parseAlias(std::optional<Identifier>& alias)
{
    if (accept(Keyword::As)) {
        return parseName(alias.emplace(), "an alias name");
    }
    if (isIds(peek())) alias = identifierOf(advance());
    return true;
}

// sortlist ::= expr sortorder nulls (COMMA …)*
bool Parser::parseOrderBy(std::vector<OrderingTermPtr>& terms, SourceSpan& span)
{
    const uint32_t begin = advance().span.begin;
    if (!expect(Keyword::By, "BY")) return false;
    do {
        auto term = std::make_unique<OrderingTerm>();
        const uint32_t termBegin = peek().span.begin;
        if (!(term->expr = parseExpr())) return false;
        if (accept(Keyword::Asc)) term->order = SortOrder::Asc;
        else if (accept(Keyword::Desc)) term->order = SortOrder::Desc;
        if (accept(Keyword::Nulls)) {
            if (accept(Keyword::First)) term->nulls = NullsOrder::First;
            else if (expect(Keyword::Last, "FIRST or LAST")) term->nulls = NullsOrder::Last;
            else return false;
        }
        term->setSpan(spanFrom(termBegin));
        terms.push_back(std::move(term));
    } while (accept(TokenKind::Comma));
    span = spanFrom(begin);
    return true;
}

// limit_opt ::= LIMIT expr [OFFSET expr | COMMA expr]; "LIMIT m, n" means OFFSET m.
bool Parser::parseLimit(ExprPtr& limit, ExprPtr& offset, SourceSpan& span)
{
    const uint32_t begin = advance().span.begin;
    if (!(limit = parseExpr())) return false;
    if (accept(Keyword::Offset)) {
        if (!(offset = parseExpr())) return false;
    } else if (accept(TokenKind::Comma)) {
        offset = std::move(limit);
        if (!(limit = parseExpr())) return false;
    }
    span = spanFrom(begin);
    return true;
}

// window_clause ::= WINDOW windowdefn (COMMA windowdefn)*; windowdefn ::= nm AS LP window RP
bool Parser::parseWindowClause(SelectCore& core)
{
    const uint32_t begin = advance().span.begin;
    do {
        auto window = std::make_unique<NamedWindow>();
        const uint32_t windowBegin = peek().span.begin;
        if (!parseName(window->name, "a window name") || !expect(Keyword::As, "AS")) return false;
        if (!(window->def = parseWindowDef())) return false;
        window->setSpan(spanFrom(windowBegin));
        core.windows.push_back(std::move(window));
    } while (accept(TokenKind::Comma));
    core.windowSpan = spanFrom(begin);
    return true;
}

// LP window RP; window ::= [nm] [PARTITION BY nexprlist] [ORDER BY sortlist] frame_opt
std::unique_ptr<WindowDef> Parser::parseWindowDef()
{
    auto def = std::make_unique<WindowDef>();
    const uint32_t begin = peek().span.begin;
    if (!expect(TokenKind::LParen, "'('")) return nullptr;
    const Token& first = peek();
    const bool frameWord = first.is(Keyword::Partition) || first.is(Keyword::Range) || first.is(Keyword::Rows)
        || first.is(Keyword::Groups);
    if (isName(first) && !frameWord) def->baseName = identifierOf(advance());
    if (accept(Keyword::Partition)) {
        if (!expect(Keyword::By, "BY") || !parseExprList(def->partitionBy, false)) return nullptr;
    }
    SourceSpan orderSpan;
    if (at(Keyword::Order) && !parseOrderBy(def->orderBy, orderSpan)) return nullptr;
    if (at(Keyword::Range) || at(Keyword::Rows) || at(Keyword::Groups)) {
        if (!parseFrameSpec(def->frame.emplace())) return nullptr;
    }
    if (!expect(TokenKind::RParen, "')'")) return nullptr;
    def->setSpan(spanFrom(begin));
    return def;
}

// frame_opt ::= range_or_rows frame_bound_s frame_exclude_opt
//             | range_or_rows BETWEEN frame_bound_s AND frame_bound_e frame_exclude_opt
bool Parser::parseFrameSpec(FrameSpec& frame)
{
    const Token& unit = advance();
    frame.unit = unit.is(Keyword::Rows) ? FrameUnit::Rows : unit.is(Keyword::Range) ? FrameUnit::Range
                                                                                       : FrameUnit::Groups;
    frame.between = accept(Keyword::Between);
    if (!parseFrameBound(frame.start, true)) return false;
    if (frame.between && (!expect(Keyword::And, "AND") || !parseFrameBound(frame.end, false))) return false;
    if (accept(Keyword::Exclude)) {
        if (accept(Keyword::No)) {
            if (!expect(Keyword::Others, "OTHERS")) return false;
            frame.exclude = FrameExclude::NoOthers;
        } else if (accept(Keyword::Current)) {
            if (!expect(Keyword::Row, "ROW")) return false;
            frame.exclude = FrameExclude::CurrentRow;
        } else if (accept(Keyword::Group)) {
            frame.exclude = FrameExclude::Group;
        } else if (expect(Keyword::Ties, "NO OTHERS, CURRENT ROW, GROUP or TIES")) {
            frame.exclude = FrameExclude::Ties;
        } else {
            return false;
        }
    }
    return true;
}

// frame_bound_s ::= frame_bound | UNBOUNDED PRECEDING; frame_bound_e ::= frame_bound | UNBOUNDED FOLLOWING
// frame_bound ::= expr PRECEDING|FOLLOWING | CURRENT ROW
bool Parser::parseFrameBound(FrameBound& bound, bool isStart)
{
    if (accept(Keyword::Unbounded)) {
        bound.kind = isStart ? FrameBoundKind::UnboundedPreceding : FrameBoundKind::UnboundedFollowing;
        return expect(isStart ? Keyword::Preceding : Keyword::Following, isStart ? "PRECEDING" : "FOLLOWING");
    }
    if (accept(Keyword::Current)) {
        bound.kind = FrameBoundKind::CurrentRow;
        return expect(Keyword::Row, "ROW");
    }
    if (!(bound.offset = parseExpr())) return false;
    if (accept(Keyword::Preceding)) bound.kind = FrameBoundKind::Preceding;
    else if (expect(Keyword::Following, "PRECEDING or FOLLOWING")) bound.kind = FrameBoundKind::Following;
    else return false;
    return true;
}

} // namespace sqleq::sql
