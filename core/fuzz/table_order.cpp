// Topological order with deterministic cycle breaking: when no table is ready,
// the first remaining table in schema order goes next and its keys to unfilled
// tables are deferred.

#include "core/fuzz/table_order.h"

#include <algorithm>

namespace sqleq::fuzz {

std::size_t tableIndex(const schema::Schema& schema, std::string_view name)
{
    for (std::size_t i = 0; i < schema.tables.size(); ++i)
        if (schema::sameIdentifier(schema.tables[i].name, name)) return i;
    return schema.tables.size();
}

FillOrder planFillOrder(const schema::Schema& schema)
{
    const std::size_t count = schema.tables.size();
    FillOrder order;
    order.levels.assign(count, 0);
    order.deferred.resize(count);
    std::vector<std::vector<std::size_t>> parents(count);  // per table, per key: parent index
    for (std::size_t t = 0; t < count; ++t) {
        for (const auto& key : schema.tables[t].foreignKeys) parents[t].push_back(tableIndex(schema, key.referencedTable));
        order.deferred[t].assign(parents[t].size(), false);
    }
    std::vector<bool> filled(count, false);
    auto ready = [&](std::size_t t) {
        return std::all_of(parents[t].begin(), parents[t].end(),
                           [&](std::size_t p) { return p == t || (p < count && filled[p]); });
    };
    while (order.tables.size() < count) {
        std::size_t next = count;
        for (std::size_t t = 0; t < count && next == count; ++t)
            if (!filled[t] && ready(t)) next = t;
        if (next == count) {
            for (std::size_t t = 0; t < count && next == count; ++t)
                if (!filled[t]) next = t;
        }
        int level = 0;
        for (std::size_t k = 0; k < parents[next].size(); ++k) {
            const std::size_t p = parents[next][k];
            if (p == next) continue;
            if (p >= count || !filled[p]) order.deferred[next][k] = true;
            else level = std::max(level, order.levels[p] + 1);
        }
        order.levels[next] = level;
        filled[next] = true;
        order.tables.push_back(next);
    }
    return order;
}

} // namespace sqleq::fuzz
