// The one depth limit of a query, shared by sqleq's parser and the executor's SQLite
// limit (SQLITE_LIMIT_EXPR_DEPTH), with the one message both give. SQLite counts an
// expression tree's depth, in which each operator of a chain `a OR b OR c` adds a
// level; the parser counts the same way, so a query one accepts the other runs, and a
// flat list past the limit gets the same words from Check and from Run.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <string>

namespace sqleq {

inline constexpr uint32_t kMaxQueryDepth = 500;

inline std::string queryTooDeepMessage()
{
    return fmt::format("the query is more than {} levels deep (SQLite's limit; each operator of a chain "
                       "such as `a OR b OR …` counts as one level)",
                       kMaxQueryDepth);
}

} // namespace sqleq
