// The `spelling` rule: what SQLite reads the same however it is written, past what the
// printer already evens out — function names in any case (`COUNT(*)` is `count(*)`)
// and an explicit ASC, which is ORDER BY's default. Neither touches the plan.

#include "core/prove/rules.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

namespace sqleq::prove {

std::string applySpelling(sql::SelectStatement& statement, const RuleContext&, Uses& uses)
{
    sql::walk(statement, [&](sql::Node& node) {
        if (auto* call = node.tryAs<sql::FunctionCall>()) {
            const std::string lower = asciiLower(call->name.name);
            if (lower != call->name.name || call->name.quote != sql::QuoteStyle::None) {
                call->name.name = lower;
                call->name.quote = sql::QuoteStyle::None;
                uses.add("function names are read in any case");
            }
        } else if (auto* term = node.tryAs<sql::OrderingTerm>(); term && term->order == sql::SortOrder::Asc) {
            term->order = sql::SortOrder::None;
            uses.add("ASC is ORDER BY's default");
        }
        return true;
    });
    return {};
}

} // namespace sqleq::prove
