// FillOrder: the order in which the sampler fills tables so that every foreign
// key's parent rows exist first (Kahn's algorithm, preferring schema order so
// the output stays in schema order whenever the keys allow it). Keys that close
// a cycle are marked deferred: their parent is filled later, so they can only
// be NULL. Self-references are not dependencies; the filler handles them.
#pragma once

#include "core/schema/schema.h"

#include <cstddef>
#include <vector>

namespace sqleq::fuzz {

struct FillOrder {
    std::vector<std::size_t> tables;          ///< schema table indices, parents before children
    std::vector<int> levels;                  ///< per schema table: 0 for roots, 1 + max parent level
    std::vector<std::vector<bool>> deferred;  ///< per schema table, per foreign key
};

/// Pure and deterministic; keys naming unknown tables are treated as deferred.
FillOrder planFillOrder(const schema::Schema& schema);

/// Index of `name` in schema.tables (case-insensitive), or schema.tables.size().
std::size_t tableIndex(const schema::Schema& schema, std::string_view name);

} // namespace sqleq::fuzz
