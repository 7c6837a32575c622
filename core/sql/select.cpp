// Statement-level nodes: the spelling of compound operators, the small queries
// over a statement that later stages need (hasTopLevelOrderBy), and the members
// that need FromClause complete. Copying, walking and reporting them is derived
// from node_table.cpp.

#include "core/sql/select.h"

namespace sqleq::sql {

std::string_view compoundOpSpelling(CompoundOp op)
{
    switch (op) {
    case CompoundOp::Union: return "UNION";
    case CompoundOp::UnionAll: return "UNION ALL";
    case CompoundOp::Intersect: return "INTERSECT";
    case CompoundOp::Except: return "EXCEPT";
    }
    return "?";
}

bool hasTopLevelOrderBy(const SelectStatement& statement) { return !statement.orderBy.empty(); }

// Defined here, where SelectStatement and FromClause are complete.
CommonTableExpr::CommonTableExpr() = default;
CommonTableExpr::~CommonTableExpr() = default;
SelectCore::SelectCore() = default;
SelectCore::~SelectCore() = default;

} // namespace sqleq::sql
