// Operator swaps. Each edit covers only the operator's tokens (BinaryExpr and
// LikeExpr record them; the NOT of NOT IN and ASC/DESC are found among the
// tokens), so the GUI can highlight exactly the operator that changed.

#include "core/neighbors/operator_mutations.h"

#include "core/schema/schema.h"
#include "core/sql/walk.h"

#include <algorithm>
#include <array>
#include <utility>

namespace sqleq::neighbors {
namespace {

using sql::BinaryOp;

constexpr std::array<std::pair<BinaryOp, std::string_view>, 6> kComparisons{{
    {BinaryOp::Eq, "="}, {BinaryOp::NotEq, "!="}, {BinaryOp::Less, "<"},
    {BinaryOp::LessEq, "<="}, {BinaryOp::Greater, ">"}, {BinaryOp::GreaterEq, ">="},
}};
constexpr std::array<std::pair<BinaryOp, std::string_view>, 4> kArithmetic{{
    {BinaryOp::Add, "+"}, {BinaryOp::Subtract, "-"}, {BinaryOp::Multiply, "*"}, {BinaryOp::Divide, "/"},
}};
constexpr std::array<std::string_view, 5> kAggregates{"COUNT", "MIN", "MAX", "AVG", "SUM"};

template <std::size_t N>
void swapFrom(const GoldQuery& gold, const sql::BinaryExpr& binary,
              const std::array<std::pair<BinaryOp, std::string_view>, N>& table, MutationFamily family,
              Candidates& out)
{
    bool member = false;
    for (const auto& entry : table) member = member || entry.first == binary.op;
    if (!member || !binary.opSpan.valid()) return;
    for (const auto& [op, spelling] : table) {
        if (op != binary.op) out.push_back(makeReplacement(gold.text, family, binary.opSpan, std::string(spelling)));
    }
}

void mutateBinary(const GoldQuery& gold, const sql::BinaryExpr& binary, Candidates& out)
{
    if (binary.op == BinaryOp::And || binary.op == BinaryOp::Or) {
        if (!binary.opSpan.valid()) return;
        const std::string_view original = gold.text.substr(binary.opSpan.begin, binary.opSpan.length());
        const std::string_view other = binary.op == BinaryOp::And ? "OR" : "AND";
        out.push_back(makeReplacement(gold.text, MutationFamily::LogicalOperator, binary.opSpan,
                                      matchCase(original, other)));
        return;
    }
    swapFrom(gold, binary, kComparisons, MutationFamily::ComparisonOperator, out);
    swapFrom(gold, binary, kArithmetic, MutationFamily::ArithmeticOperator, out);
}

void mutateAggregate(const GoldQuery& gold, const sql::FunctionCall& call, Candidates& out)
{
    const auto isAggregate = [&](std::string_view name) { return schema::sameIdentifier(name, call.name.name); };
    if (call.over || call.overName || !call.name.span.valid()) return;
    if (std::none_of(kAggregates.begin(), kAggregates.end(), isAggregate)) return;
    const std::string_view original = gold.text.substr(call.name.span.begin, call.name.span.length());
    for (std::string_view other : kAggregates) {
        if (isAggregate(other)) continue;
        out.push_back(makeReplacement(gold.text, MutationFamily::Aggregate, call.name.span, matchCase(original, other)));
    }
}

void mutateOrdering(const GoldQuery& gold, const sql::OrderingTerm& term, Candidates& out)
{
    if (!term.expr || !term.span().valid()) return;
    const SourceSpan exprSpan = gold.tokens.grouped(term.expr->span());
    const SourceSpan tail{exprSpan.end, term.span().end};
    if (term.order == sql::SortOrder::None) {
        // No direction means ASC: insert DESC right after the expression.
        const uint32_t at = term.nulls == sql::NullsOrder::None ? term.span().end : exprSpan.end;
        out.push_back(Candidate{MutationFamily::SortDirection, SourceSpan{at, at}, " DESC"});
        return;
    }
    const bool asc = term.order == sql::SortOrder::Asc;
    const auto token = gold.tokens.findKeyword(tail, asc ? sql::Keyword::Asc : sql::Keyword::Desc);
    if (!token) return;
    const std::string_view original = gold.text.substr(token->begin, token->length());
    out.push_back(makeReplacement(gold.text, MutationFamily::SortDirection, *token,
                                  matchCase(original, asc ? "DESC" : "ASC")));
}

void mutateLike(const GoldQuery& gold, const sql::LikeExpr& like, Candidates& out)
{
    if (!like.opSpan.valid() || !like.operand) return;
    const auto first = gold.tokens.startingAt(like.opSpan.begin);
    const auto last = gold.tokens.endingAt(like.opSpan.end);
    if (!first || !last) return;
    const SourceSpan opWord = gold.tokens.tokens()[*last].span;
    const std::string_view word = gold.text.substr(opWord.begin, opWord.length());
    if (like.negated) {
        out.push_back(makeReplacement(gold.text, MutationFamily::LikeNegation, like.opSpan, std::string(word)));
    } else {
        out.push_back(makeReplacement(gold.text, MutationFamily::LikeNegation, like.opSpan,
                                      matchCase(word, "NOT ") + std::string(word)));
    }
}

void mutateIn(const GoldQuery& gold, const sql::InExpr& in, Candidates& out)
{
    if (!in.operand) return;
    const auto& tokens = gold.tokens.tokens();
    const std::size_t i = gold.tokens.firstFrom(gold.tokens.grouped(in.operand->span()).end);
    if (i >= tokens.size()) return;
    if (in.negated && i + 1 < tokens.size() && tokens[i].is(sql::Keyword::Not) && tokens[i + 1].is(sql::Keyword::In)) {
        // "NOT IN" → "IN": remove the NOT and the space after it.
        out.push_back(makeReplacement(gold.text, MutationFamily::InNegation,
                                      SourceSpan{tokens[i].span.begin, tokens[i + 1].span.begin}, {}));
    } else if (!in.negated && tokens[i].is(sql::Keyword::In)) {
        const std::string_view word = gold.text.substr(tokens[i].span.begin, tokens[i].span.length());
        const uint32_t at = tokens[i].span.begin;
        out.push_back(Candidate{MutationFamily::InNegation, SourceSpan{at, at}, matchCase(word, "NOT ")});
    }
}

} // namespace

void appendOperatorMutations(const GoldQuery& gold, Candidates& out)
{
    sql::walk(gold.statement, [&](const sql::Node& node) {
        switch (node.kind()) {
        case sql::NodeKind::Binary: mutateBinary(gold, node.as<sql::BinaryExpr>(), out); break;
        case sql::NodeKind::FunctionCall: mutateAggregate(gold, node.as<sql::FunctionCall>(), out); break;
        case sql::NodeKind::OrderingTerm: mutateOrdering(gold, node.as<sql::OrderingTerm>(), out); break;
        case sql::NodeKind::Like: mutateLike(gold, node.as<sql::LikeExpr>(), out); break;
        case sql::NodeKind::In: mutateIn(gold, node.as<sql::InExpr>(), out); break;
        default: break;
        }
        return true;
    });
}

} // namespace sqleq::neighbors
