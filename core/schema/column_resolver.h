// Column resolution for later stages: which schema table and column a reference
// `qualifier.column` or bare `column` names, given the tables a query has in
// scope. Independent of any AST: callers pass names, not nodes. Matching is
// ASCII case-insensitive, as in SQLite.
#pragma once

#include "core/base/result.h"
#include "core/schema/schema.h"

#include <span>
#include <string>
#include <string_view>

namespace sqleq::schema {

/// One table in a query's scope: `name` is how the query refers to it (its
/// alias, or the table name when it has none); `table` the schema table.
struct TableBinding {
    std::string name;
    std::string table;
};

struct ResolvedColumn {
    std::string binding;  ///< the scope name that matched, as given in the binding
    std::string table;    ///< the schema's spelling of the table name
    std::string column;   ///< the schema's spelling of the column name
};

/// Resolves `qualifier.column` (empty qualifier: a bare column). Errors:
/// "schema.unknown_table" (no such alias/table in scope, or a binding to a
/// table the schema lacks), "schema.unknown_column", and
/// "schema.ambiguous_column" listing every candidate as `binding.column`.
/// Not modelled: USING/NATURAL join column merging and the implicit rowid.
Result<ResolvedColumn> resolveColumn(const Schema& schema, std::span<const TableBinding> scope,
                                     std::string_view qualifier, std::string_view column);

} // namespace sqleq::schema
