// Proof rule: a query none of whose rows or groups pass returns no row, whatever it
// selects.
#include "core/neighbors/proofs/proofs.h"

namespace sqleq::neighbors::proofs {
namespace {

bool literalFalse(const sql::Expr* expr)
{
    return numericLiteral(expr) && literalNumber(*expr) == 0;
}

} // namespace

/// A query none of whose rows or groups pass (WHERE or HAVING folded to 0; an ungrouped
/// query only without aggregates, which would still give one row) returns no row,
/// whatever it selects: its key is that of every empty query.
bool alwaysEmpty(const sql::SelectStatement& statement)
{
    const auto* core = statement.body ? statement.body->tryAs<sql::SelectCore>() : nullptr;
    if (core == nullptr) return false;
    if (!core->groupBy.empty()) return literalFalse(core->where.get()) || literalFalse(core->having.get());
    return literalFalse(core->where.get()) && !core->having && !hasAggregate(*core);
}

} // namespace sqleq::neighbors::proofs
