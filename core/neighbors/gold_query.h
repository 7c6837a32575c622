// GoldQuery: everything the mutation families read about one gold — its text,
// AST, tokens, column scopes and the schema — bundled so each family is a plain
// function from a GoldQuery to candidates. Internal to core/neighbors.
#pragma once

#include "core/neighbors/equated_columns.h"
#include "core/neighbors/scope_index.h"
#include "core/neighbors/text_edit.h"
#include "core/neighbors/token_index.h"

#include <string_view>
#include <vector>

namespace sqleq::neighbors {

struct GoldQuery {
    std::string_view text;
    const sql::SelectStatement& statement;
    const schema::Schema& schema;
    const TokenIndex& tokens;
    const ScopeIndex& scopes;
    const EquatedColumns& equated;
};

using Candidates = std::vector<Candidate>;

} // namespace sqleq::neighbors
