// Proof rule: no value of a column lies below its minimum or above its maximum, so a
// comparison with `(SELECT min(x) FROM t)` over the whole table is an equality or an
// inequality.
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sqleq::neighbors::proofs {

/// `x <= (SELECT min(x) FROM t)` is `x = …` for a column x of t (no value is below its
/// minimum), `x > (SELECT min …)` is `x != …`; likewise `>=`/`<` with max.
std::vector<TextEdit> extremeEdits(const sql::SelectStatement& statement, const schema::Schema& schema,
                                   std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<TextEdit> edits;
    auto resolvedOf = [&](const sql::Expr* expr) -> std::optional<ColumnKey> {
        const auto* ref = expr != nullptr ? expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved) return std::nullopt;
        return ColumnKey{asciiLower(site->resolved->table), asciiLower(site->resolved->column)};
    };
    // The (table, column) and "min"/"max" of `(SELECT min(c) FROM t)` over the whole table.
    auto extremeOf = [&](const sql::Expr* expr) -> std::optional<std::pair<ColumnKey, std::string>> {
        const auto* subquery = expr != nullptr ? expr->tryAs<sql::SubqueryExpr>() : nullptr;
        if (subquery == nullptr || !subquery->subquery || !subquery->subquery->orderBy.empty()
            || subquery->subquery->limit || subquery->subquery->with)
            return std::nullopt;
        const auto* core = subquery->subquery->body ? subquery->subquery->body->tryAs<sql::SelectCore>() : nullptr;
        if (core == nullptr || core->where || !core->groupBy.empty() || core->having || core->columns.size() != 1
            || !core->from || core->from->terms.size() != 1 || core->distinct != sql::DistinctMode::None)
            return std::nullopt;
        const auto* call = core->columns.front()->expr ? core->columns.front()->expr->tryAs<sql::FunctionCall>() : nullptr;
        if (call == nullptr || call->args.size() != 1 || call->filter || call->over || call->overName) return std::nullopt;
        const std::string name = asciiLower(call->name.name);
        if (name != "min" && name != "max") return std::nullopt;
        const auto column = resolvedOf(call->args.front().get());
        if (!column) return std::nullopt;
        return std::pair{*column, name};
    };
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* binary = node.tryAs<sql::BinaryExpr>();
        if (binary == nullptr) return true;
        auto extreme = extremeOf(binary->right.get());
        auto column = resolvedOf(binary->left.get());
        auto op = binary->op;
        if (!extreme) {
            extreme = extremeOf(binary->left.get());
            column = resolvedOf(binary->right.get());
            op = mirrored(op);
        }
        if (!extreme || !column || *column != extreme->first || !binary->opSpan.valid()) return true;
        const bool isMin = extreme->second == "min";
        std::string canonical;
        if ((isMin && op == sql::BinaryOp::LessEq) || (!isMin && op == sql::BinaryOp::GreaterEq)) canonical = "=";
        else if ((isMin && op == sql::BinaryOp::Greater) || (!isMin && op == sql::BinaryOp::Less)) canonical = "!=";
        else if (op == sql::BinaryOp::Eq) canonical = "=";
        else if (op == sql::BinaryOp::NotEq) canonical = "!=";
        if (canonical.empty()) return true;
        edits.push_back({binary->opSpan, canonical});
        if (op != sql::BinaryOp::Eq && op != sql::BinaryOp::NotEq)
            reasons.push_back(fmt::format("no value of {}.{} is {} its {}imum", column->first, column->second,
                                          isMin ? "below" : "above", extreme->second));
        return true;
    });
    return edits;
}

} // namespace sqleq::neighbors::proofs
