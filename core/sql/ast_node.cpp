// Names of node kinds, shared by JSON output and messages.

#include "core/sql/ast_node.h"

#include <iterator>

namespace sqleq::sql {

std::string_view nodeKindName(NodeKind kind)
{
    static constexpr std::string_view kNames[] = {
        "Literal", "Parameter", "ColumnRef", "Unary", "Binary", "Like", "Between", "In", "NullTest",
        "Exists", "Subquery", "Case", "Cast", "Collate", "FunctionCall", "RowValue",
        "SelectStatement", "CommonTableExpr", "CompoundSelect", "SelectCore", "ValuesSelect",
        "ResultColumn", "OrderingTerm", "WindowDef", "NamedWindow", "FromClause", "JoinTerm",
        "TableRef", "TableFunctionRef", "SubqueryRef", "JoinGroup",
    };
    static_assert(std::size(kNames) == static_cast<size_t>(NodeKind::JoinGroup) + 1);
    return kNames[static_cast<size_t>(kind)];
}

} // namespace sqleq::sql
