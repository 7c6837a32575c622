// Node drops. Each drop removes the node together with what ties it to its
// siblings — the AND before a conjunct, the comma before a list item, the join
// operator before a table — so that exactly one node disappears.

#include "core/neighbors/node_drops.h"

#include "core/sql/walk.h"

namespace sqleq::neighbors {
namespace {

constexpr MutationFamily kDrop = MutationFamily::DropNode;

void drop(const GoldQuery& gold, SourceSpan span, Candidates& out)
{
    if (span.valid() && span.length() > 0) out.push_back(makeDrop(gold.text, kDrop, span));
}

/// Drops item i of a list whose items have the given spans, with its separator.
void dropListItems(const GoldQuery& gold, const std::vector<SourceSpan>& items, Candidates& out)
{
    if (items.size() < 2) return;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i == 0) drop(gold, SourceSpan{items[0].begin, items[1].begin}, out);
        else drop(gold, SourceSpan{items[i - 1].end, items[i].end}, out);
    }
}

template <typename T>
std::vector<SourceSpan> groupedSpans(const GoldQuery& gold, const std::vector<std::unique_ptr<T>>& nodes)
{
    std::vector<SourceSpan> spans;
    for (const auto& node : nodes) spans.push_back(gold.tokens.grouped(node->span()));
    return spans;
}

void dropFromCore(const GoldQuery& gold, const sql::SelectCore& core, Candidates& out)
{
    if (core.distinct == sql::DistinctMode::Distinct) {
        if (const auto token = gold.tokens.findKeyword(core.span(), sql::Keyword::Distinct)) drop(gold, *token, out);
    }
    std::vector<SourceSpan> columns;
    for (const auto& column : core.columns) columns.push_back(column->span());
    dropListItems(gold, columns, out);
    for (SourceSpan clause : {core.whereSpan, core.groupBySpan, core.havingSpan, core.orderBySpan, core.limitSpan})
        drop(gold, clause, out);
    dropListItems(gold, groupedSpans(gold, core.groupBy), out);
    dropListItems(gold, groupedSpans(gold, core.orderBy), out);
}

void dropFromStatement(const GoldQuery& gold, const sql::SelectStatement& statement, Candidates& out)
{
    drop(gold, statement.orderBySpan, out);
    drop(gold, statement.limitSpan, out);
    dropListItems(gold, groupedSpans(gold, statement.orderBy), out);
}

void dropJoins(const GoldQuery& gold, const sql::FromClause& from, Candidates& out)
{
    const auto& terms = from.terms;
    for (std::size_t i = 0; i < terms.size(); ++i) {
        drop(gold, terms[i]->constraintSpan, out);
        if (i > 0) drop(gold, terms[i]->span(), out);
    }
    // The first table can go only when the second needs no ON/USING after it.
    if (terms.size() > 1 && !terms[1]->constraintSpan.valid() && terms[1]->source)
        drop(gold, SourceSpan{terms[0]->span().begin, terms[1]->source->span().begin}, out);
}

void dropLogicalOperand(const GoldQuery& gold, const sql::BinaryExpr& binary, Candidates& out)
{
    if (!binary.left || !binary.right) return;
    const SourceSpan left = gold.tokens.grouped(binary.left->span());
    const SourceSpan right = gold.tokens.grouped(binary.right->span());
    drop(gold, SourceSpan{left.end, right.end}, out);
    // In a chain a AND b AND c the left operand is itself a chain whose own
    // operands are dropped one by one when it is visited.
    const auto* chain = binary.left->tryAs<sql::BinaryExpr>();
    if (!chain || chain->op != binary.op) drop(gold, SourceSpan{left.begin, right.begin}, out);
}

void dropCompoundArm(const GoldQuery& gold, const sql::CompoundSelect& compound, Candidates& out)
{
    if (!compound.left || !compound.right) return;
    drop(gold, SourceSpan{compound.left->span().end, compound.right->span().end}, out);
    drop(gold, SourceSpan{compound.left->span().begin, compound.right->span().begin}, out);
}

void dropInExpression(const GoldQuery& gold, const sql::Node& node, Candidates& out)
{
    if (const auto* binary = node.tryAs<sql::BinaryExpr>()) {
        if (binary->op == sql::BinaryOp::And || binary->op == sql::BinaryOp::Or) dropLogicalOperand(gold, *binary, out);
    } else if (const auto* unary = node.tryAs<sql::UnaryExpr>()) {
        if (unary->op == sql::UnaryOp::Not && unary->operand && unary->opSpan.valid())
            drop(gold, SourceSpan{unary->opSpan.begin, gold.tokens.grouped(unary->operand->span()).begin}, out);
    } else if (const auto* call = node.tryAs<sql::FunctionCall>()) {
        if (call->distinct) {
            if (const auto token = gold.tokens.findKeyword(call->span(), sql::Keyword::Distinct)) drop(gold, *token, out);
        }
    } else if (const auto* in = node.tryAs<sql::InExpr>()) {
        if (in->source == sql::InSource::List) dropListItems(gold, groupedSpans(gold, in->items), out);
    } else if (const auto* between = node.tryAs<sql::BetweenExpr>()) {
        if (between->negated && between->operand && between->low) {
            const SourceSpan gap{gold.tokens.grouped(between->operand->span()).end, between->low->span().begin};
            if (const auto token = gold.tokens.findKeyword(gap, sql::Keyword::Not)) drop(gold, *token, out);
        }
    }
}

} // namespace

void appendNodeDrops(const GoldQuery& gold, Candidates& out)
{
    sql::walk(gold.statement, [&](const sql::Node& node) {
        if (const auto* statement = node.tryAs<sql::SelectStatement>()) dropFromStatement(gold, *statement, out);
        else if (const auto* core = node.tryAs<sql::SelectCore>()) dropFromCore(gold, *core, out);
        else if (const auto* from = node.tryAs<sql::FromClause>()) dropJoins(gold, *from, out);
        else if (const auto* compound = node.tryAs<sql::CompoundSelect>()) dropCompoundArm(gold, *compound, out);
        else dropInExpression(gold, node, out);
        return true;
    });
}

} // namespace sqleq::neighbors
