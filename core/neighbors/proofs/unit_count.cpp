// Proof rule: count(1), and sum(1) over the groups of a GROUP BY, count rows as
// count(*) does.
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <string>
#include <vector>

namespace sqleq::neighbors::proofs {

/// `count(1)` counts rows as `count(*)` does; so does `sum(1)` over a group of a GROUP BY,
/// which has at least one row (over no row at all it would be NULL, not 0).
std::vector<TextEdit> unitCountEdits(const sql::SelectStatement& statement, std::vector<std::string>& reasons)
{
    std::vector<TextEdit> edits;
    const auto countsRows = [](const sql::FunctionCall& call, bool grouped) {
        if (call.distinct || call.star || call.filter || call.over || call.overName || call.args.size() != 1) return false;
        const auto* literal = call.args.front() ? call.args.front()->tryAs<sql::Literal>() : nullptr;
        if (literal == nullptr || literal->literalKind != sql::LiteralKind::Integer || literal->text != "1") return false;
        const std::string name = asciiLower(call.name.name);
        return name == "count" || (name == "sum" && grouped);
    };
    sql::walk(statement, [&](const sql::Node& node) {
        if (node.kind() != sql::NodeKind::SelectStatement) return true;
        const auto& current = node.as<sql::SelectStatement>();
        const auto* core = current.body ? current.body->tryAs<sql::SelectCore>() : nullptr;
        const bool grouped = core != nullptr && !core->groupBy.empty();
        // The calls of this statement's own clauses; nested statements get their turn.
        const auto own = [&](const sql::Node& part) {
            sql::walk(part, [&](const sql::Node& inner) {
                if (inner.kind() == sql::NodeKind::SelectStatement) return false;
                const auto* call = inner.tryAs<sql::FunctionCall>();
                if (call == nullptr || !countsRows(*call, grouped)) return true;
                edits.push_back({call->span(), "count(*)"});
                return false;
            });
        };
        if (core != nullptr) {
            for (const auto& column : core->columns)
                if (column) own(*column);
            if (core->having) own(*core->having);
        }
        for (const auto& term : current.orderBy)
            if (term) own(*term);
        return true;
    });
    if (!edits.empty()) reasons.push_back("count(1) and, over groups, sum(1) count rows as count(*) does");
    return edits;
}

} // namespace sqleq::neighbors::proofs
