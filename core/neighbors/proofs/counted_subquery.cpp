// Proof rule: `count(*)` over a subquery counts its rows or groups, whatever the
// subquery selects, so its column list does not matter.
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <algorithm>
#include <string>
#include <vector>

namespace sqleq::neighbors::proofs {

/// `SELECT count(*) FROM (SELECT … GROUP BY …)` counts the groups, and over an ungrouped
/// subquery without aggregates its rows: either way what the subquery selects does not
/// matter, so its column list becomes `1`.
std::vector<TextEdit> countedSubqueryEdits(const sql::SelectStatement& statement, std::vector<std::string>& reasons)
{
    std::vector<TextEdit> edits;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* outer = node.tryAs<sql::SelectCore>();
        if (outer == nullptr || !outer->from || outer->from->terms.size() != 1 || outer->where || !outer->groupBy.empty()
            || outer->columns.empty())
            return true;
        const bool countsOnly = std::all_of(outer->columns.begin(), outer->columns.end(), [](const auto& column) {
            return column->columnKind == sql::ResultColumnKind::Expr && isCount(column->expr.get())
                   && column->expr->template as<sql::FunctionCall>().star;
        });
        const auto* ref = outer->from->terms.front()->source
                              ? outer->from->terms.front()->source->tryAs<sql::SubqueryRef>()
                              : nullptr;
        if (!countsOnly || ref == nullptr || !ref->subquery) return true;
        const auto* inner = ref->subquery->body ? ref->subquery->body->tryAs<sql::SelectCore>() : nullptr;
        if (inner == nullptr || inner->distinct != sql::DistinctMode::None || inner->columns.empty()
            || (inner->groupBy.empty() && hasAggregate(*inner)))
            return true;
        const SourceSpan columns = inner->columns.front()->span().merge(inner->columns.back()->span());
        if (!columns.valid()) return true;
        edits.push_back({columns, "1"});
        reasons.push_back("count(*) over a subquery counts its rows or groups, whatever it selects");
        return true;
    });
    return edits;
}

} // namespace sqleq::neighbors::proofs
