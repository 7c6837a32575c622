// Per-database planning (size regime, pool tightness, NULL and empty-table
// rates) and the parents-first filling loop. Every choice comes from one Prng
// forked from (seed, index), and each table gets its own fork so that its rows
// depend on its parents' rows, not on how many draws other tables made.

#include "core/fuzz/sampler.h"

#include "core/base/text_excerpt.h"
#include "core/fuzz/table_filler.h"
#include "core/fuzz/table_order.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::fuzz {
namespace {

constexpr std::size_t kMaxRows = 300;
constexpr uint64_t kFocusStream = 0x666f637573;  // "focus"; table streams are table indices
constexpr uint64_t kCycleStream = 0x6379636c65;  // "cycle": the keys that close a foreign-key cycle
constexpr double kFocusChance = 0.5;

struct DatabaseStyle {
    std::vector<std::size_t> rows;  ///< per schema table
    double poolChance = 0.2;
    double nullChance = 0;
    bool skewParents = false;
};

/// Base size per regime: one row (edge cases of aggregates and LIMIT), a few
/// rows, tens, or up to a hundred (groups, ties, many joins).
int64_t baseRows(Prng& rng)
{
    const uint64_t regime = rng.below(100);
    if (regime < 15) return 1;
    if (regime < 50) return rng.uniform(2, 5);
    if (regime < 85) return rng.uniform(5, 25);
    return rng.uniform(25, 80);
}

std::vector<std::size_t> plannedRows(const schema::Schema& schema, const FillOrder& order, Prng& rng)
{
    const int64_t base = baseRows(rng);
    std::vector<std::size_t> rows(schema.tables.size(), 1);
    std::size_t total = 0;
    for (std::size_t t = 0; t < rows.size(); ++t) {
        int64_t count = base;
        if (base > 1) {
            count += rng.uniform(-base / 3, base / 3);
            // Children of children tend to be larger (many orders per customer).
            count *= 1 + rng.uniform(0, std::min(order.levels[t], 2));
        }
        rows[t] = static_cast<std::size_t>(std::max<int64_t>(count, 1));
        total += rows[t];
    }
    if (total > kMaxRows) {
        for (std::size_t& count : rows) count = std::max<std::size_t>(1, count * kMaxRows / total);
    }
    return rows;
}

DatabaseStyle planDatabase(const schema::Schema& schema, const FillOrder& order, Profile profile, Prng& rng)
{
    DatabaseStyle style;
    style.rows = plannedRows(schema, order, rng);
    // Tight pools (2–4 values per column) make duplicates and ties: DISTINCT,
    // GROUP BY, ORDER BY … LIMIT 1 and count vs count(DISTINCT) need them.
    style.poolChance = rng.chance(0.4) ? 0.75 : 0.2;
    style.skewParents = rng.chance(0.3);
    if (profile == Profile::Strict) {
        style.nullChance = 0.2 + 0.4 * rng.unit();
        if (rng.chance(0.3)) {
            for (std::size_t& count : style.rows)
                if (rng.chance(0.3)) count = 0;
        }
        // A cycle-closing key that may not be NULL needs its parent to have rows.
        for (std::size_t t = 0; t < schema.tables.size(); ++t)
            for (std::size_t k = 0; k < schema.tables[t].foreignKeys.size(); ++k)
                if (style.rows[t] > 0 && isClosableKey(schema, order, t, k)) {
                    const std::size_t p = tableIndex(schema, schema.tables[t].foreignKeys[k].referencedTable);
                    style.rows[p] = std::max<std::size_t>(style.rows[p], 1);
                }
    }
    return style;
}

bool sameColumnSet(const std::vector<std::string>& a, const std::vector<std::string>& b)
{
    if (a.size() != b.size() || a.empty()) return false;
    return std::all_of(a.begin(), a.end(), [&](const std::string& name) {
        return std::any_of(b.begin(), b.end(), [&](const std::string& other) { return schema::sameIdentifier(name, other); });
    });
}

} // namespace

bool isEnforceable(const schema::Schema& schema, const schema::ForeignKey& key)
{
    const schema::Table* parent = schema.findTable(key.referencedTable);
    if (parent == nullptr) return false;
    if (key.referencedColumns.empty()) return !parent->primaryKey.empty();
    if (sameColumnSet(key.referencedColumns, parent->primaryKey)) return true;
    return std::any_of(parent->uniques.begin(), parent->uniques.end(), [&](const schema::UniqueConstraint& unique) {
        return sameColumnSet(key.referencedColumns, unique.columns);
    });
}

schema::Schema materializableSchema(const schema::Schema& schema)
{
    schema::Schema out = schema;
    for (schema::Table& table : out.tables)
        std::erase_if(table.foreignKeys, [&](const schema::ForeignKey& key) { return !isEnforceable(schema, key); });
    return out;
}

Result<schema::DatabaseContent> sampleDatabase(const schema::Schema& schema, const GoldConstants& constants,
                                               const SampleSpec& spec)
{
    Prng rng = Prng(spec.seed).fork(spec.index);
    const FillOrder order = planFillOrder(schema);
    const DatabaseStyle style = planDatabase(schema, order, spec.profile, rng);
    std::vector<std::vector<exec::Row>> rows(schema.tables.size());
    std::vector<std::vector<bool>> focusRows(schema.tables.size());
    // Half the databases favour one gold's constants taken together. A forked
    // stream, so the other choices of the database do not shift.
    const ConstantGroup* focus = nullptr;
    if (Prng focusRng = rng.fork(kFocusStream); !constants.groups.empty() && focusRng.chance(kFocusChance))
        focus = &focusRng.pick(constants.groups);
    const FillContext context{schema, constants, spec.profile, order, rows, focus, &focusRows};
    schema::DatabaseContent content;
    content.tables.reserve(schema.tables.size());
    for (const std::size_t t : order.tables) {
        Prng tableRng = rng.fork(t);
        const TableStyle tableStyle{style.rows[t], style.poolChance, style.nullChance, style.skewParents,
                                    spec.checkLimits};
        if (tableStyle.targetRows > 0) {
            TableFiller filler(context, t, tableStyle, tableRng);
            rows[t] = filler.fill();
            if (filler.failure()) return *filler.failure();
            // The spider profile promises a row in every table; a table whose CHECKs
            // refused every drawn row would break that promise (and make every query over
            // it agree), so such a database is not sampled at all. A key cycle that
            // leaves a table empty is the documented exception below.
            if (spec.profile == Profile::Spider && rows[t].empty() && filler.checksRefused()) {
                return Diagnostic{"fuzz.profile",
                                  fmt::format("table \"{}\": no sampled row passed {} (the spider profile needs "
                                              "a row in every table)",
                                              schema.tables[t].name, excerpt(filler.checkText(), 120)),
                                  {}, {}};
            }
            focusRows[t] = filler.focusRows();
        }
    }
    // Keys that close a cycle point at parents filled after their table: now
    // every parent exists. A forked stream, so acyclic schemas sample as before.
    Prng cycleRng = rng.fork(kCycleStream);
    closeDeferredKeys(schema, order, spec.profile, rows, cycleRng);
    for (const std::size_t t : order.tables) content.tables.push_back(schema::TableRows{schema.tables[t].name, rows[t]});
    return content;
}

Result<exec::Connection> sampleConnection(const schema::Schema& schema, const GoldConstants& constants,
                                          const SampleSpec& spec)
{
    auto content = sampleDatabase(schema, constants, spec);
    if (!content) return content.error();
    const bool allEnforceable = std::all_of(schema.tables.begin(), schema.tables.end(), [&](const schema::Table& table) {
        return std::all_of(table.foreignKeys.begin(), table.foreignKeys.end(),
                           [&](const schema::ForeignKey& key) { return isEnforceable(schema, key); });
    });
    if (allEnforceable) return schema::materialize(schema, *content);
    return schema::materialize(materializableSchema(schema), *content);
}

Result<exec::Connection> sampleConnection(const schema::Schema& schema, const GoldConstants& constants,
                                          const SampleSpec& spec, const schema::Materializer& materializer)
{
    auto content = sampleDatabase(schema, constants, spec);
    if (!content) return content.error();
    return materializer.build(*content);
}

} // namespace sqleq::fuzz
