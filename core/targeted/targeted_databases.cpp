// The plan of targeted databases and how each is built: a sampled database of both
// queries' constants (its own stream, so the search never replays the suite's),
// cut to a few rows and shaped for one kind of difference, join columns pooled,
// foreign keys repaired. Kinds are interleaved in rounds, so a small budget still
// tries each of them early.

#include "core/targeted/targeted_databases.h"

#include "core/base/ascii_case.h"
#include "core/exec/spider_compat.h"
#include "core/fuzz/fuzz.h"
#include "core/fuzz/table_order.h"
#include "core/sql/parser.h"
#include "core/sql/select.h"
#include "core/sql/walk.h"
#include "core/targeted/boundary_values.h"
#include "core/targeted/content_shaping.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace sqleq::targeted {
namespace {

/// Distinct from the suite's stream and the random search's.
constexpr uint64_t kTargetedStream = 0xBB67AE8584CAA73Bull;
constexpr std::size_t kRounds = 8;
/// Count thresholds above this would need larger tables than a targeted database has.
constexpr int64_t kLargestGroup = 40;
/// Witness databases: both queries' witnesses, the gold's alone, the candidate's alone;
/// two copies differing in every free value, then three sharing half of them.
constexpr std::size_t kWitnessVariants = 6;
/// Near misses of the gold's plans at most: two per condition, for every open neighbor
/// that changes one (ATIS golds carry two dozen).
constexpr std::size_t kMaxNearMisses = 64;
/// Witnesses forming one group of k rows are built for count thresholds k up to this.
constexpr int64_t kLargestWitnessGroup = 1000;

fuzz::GoldConstants constantsOf(const schema::Schema& schema, std::string_view query)
{
    const sql::ParseOutput parsed = sql::parse(exec::officialPostprocess(query));
    return parsed.ok() ? fuzz::collectConstants(*parsed.statement, schema) : fuzz::GoldConstants{};
}

bool hasOrderBy(std::string_view query)
{
    const sql::ParseOutput parsed = sql::parse(exec::officialPostprocess(query));
    if (!parsed.ok()) return false;
    bool found = false;
    sql::walk(*parsed.statement, [&](const sql::Node& node) {
        if (node.kind() == sql::NodeKind::SelectStatement && !node.as<sql::SelectStatement>().orderBy.empty()) found = true;
        if (node.kind() == sql::NodeKind::SelectCore && !node.as<sql::SelectCore>().orderBy.empty()) found = true;
        return !found;
    });
    return found;
}

/// Whether the query trims, cuts, cases or matches text: the functions and operators
/// whose answer changes with spaces around a text or the case of its letters.
bool readsTextShape(std::string_view query)
{
    static constexpr std::array<std::string_view, 10> kTextShapeFunctions{
        "trim", "ltrim", "rtrim", "substr", "substring", "upper", "lower", "instr", "replace", "length"};
    const sql::ParseOutput parsed = sql::parse(exec::officialPostprocess(query));
    if (!parsed.ok()) return false;
    bool found = false;
    sql::walk(*parsed.statement, [&](const sql::Node& node) {
        if (node.kind() == sql::NodeKind::Like) found = true;
        if (node.kind() == sql::NodeKind::FunctionCall) {
            const std::string name = asciiLower(node.as<sql::FunctionCall>().name.name);
            found = found || std::find(kTextShapeFunctions.begin(), kTextShapeFunctions.end(), name)
                != kTextShapeFunctions.end();
        }
        return !found;
    });
    return found;
}

/// The integer LIMIT of the whole statement, if it has one.
std::optional<int64_t> limitOf(std::string_view query)
{
    const sql::ParseOutput parsed = sql::parse(exec::officialPostprocess(query));
    if (!parsed.ok() || !parsed.statement->limit) return std::nullopt;
    const auto value = fuzz::constantValue(*parsed.statement->limit);
    if (!value || value->type() != exec::ValueType::Integer) return std::nullopt;
    return value->asInteger();
}

/// How many result rows tell the two LIMITs apart: the larger of two different
/// limits, or one past the only one; 0 when they are alike or out of reach.
int64_t rowsPastLimit(std::string_view gold, std::string_view candidate)
{
    const auto goldLimit = limitOf(gold);
    const auto candidateLimit = limitOf(candidate);
    if (goldLimit == candidateLimit) return 0;
    const int64_t rows = goldLimit && candidateLimit ? std::max(*goldLimit, *candidateLimit)
                                                     : (goldLimit ? *goldLimit : *candidateLimit) + 1;
    return rows >= 2 && rows <= TargetedDatabases::kLargestBuiltGroup ? rows : 0;
}

/// Direction bits that set every two columns of the schema apart: enough for its
/// widest column place.
std::size_t directionBits(const schema::Schema& schema)
{
    std::size_t columns = 0;
    for (const auto& table : schema.tables) columns += table.columns.size();
    std::size_t bits = 1;
    while (bits < 16 && (std::size_t{1} << bits) < columns) ++bits;
    return bits;
}

} // namespace

TargetedDatabases::TargetedDatabases(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                                     fuzz::Profile profile, uint64_t seed, bool largeGroups, bool witnesses,
                                     bool boundaries)
    : m_schema(schema), m_profile(profile), m_seed(seed)
{
    m_valuesAtTheEdge = boundaries;
    m_readsTextShape = readsTextShape(gold) || readsTextShape(candidate);
    if (boundaries) {
        m_boundaries = detail::boundaryValues(gold, schema);
        fuzz::merge(m_boundaries, detail::boundaryValues(candidate, schema));
    }
    if (witnesses) {
        m_goldWitnesses = detail::planWitnesses(gold, schema);
        m_candidateAll = detail::planWitnesses(candidate, schema);
        for (const auto& plan : m_candidateAll) {
            const std::string signature = plan.signature();
            if (std::none_of(m_goldWitnesses.begin(), m_goldWitnesses.end(),
                             [&](const detail::WitnessPlan& mine) { return mine.signature() == signature; }))
                m_candidateWitnesses.push_back(plan);
        }
        m_differencePlans = detail::planDifference(gold, candidate, schema);
        m_ordered = hasOrderBy(gold) || hasOrderBy(candidate);
        for (const auto* plans : {&m_goldWitnesses, &m_candidateWitnesses}) {
            for (const auto& plan : *plans) m_witnessSignature += plan.signature() + "\n";
            m_witnessSignature += "--\n";
        }
    }
    m_constants = constantsOf(schema, gold);
    fuzz::merge(m_constants, constantsOf(schema, candidate));
    for (const auto& constant : m_constants.items) {
        if (constant.attributed() || constant.value.type() != exec::ValueType::Integer) continue;
        const int64_t k = constant.value.asInteger();
        if (k > kLargestGroup && largeGroups && k <= kLargestBuiltGroup) {
            for (const int64_t around : {k - 1, k, k + 1}) m_largeThresholds.push_back(around);
            continue;
        }
        if (k < 0 || k > kLargestGroup) continue;
        for (const int64_t around : {k - 1, k, k + 1, k + 2})
            if (around >= 2) m_countThresholds.push_back(around);
    }
    m_rowsPastLimit = rowsPastLimit(gold, candidate);
    for (auto* thresholds : {&m_countThresholds, &m_largeThresholds}) {
        std::sort(thresholds->begin(), thresholds->end());
        thresholds->erase(std::unique(thresholds->begin(), thresholds->end()), thresholds->end());
    }
    planTargets();
}

void TargetedDatabases::add(Kind kind, std::size_t parameter, std::size_t table)
{
    m_targets.push_back(Target{kind, parameter, m_targets.size(), table});
}

void TargetedDatabases::planTargets()
{
    const bool strict = m_profile == fuzz::Profile::Strict;
    // Where the two WHERE clauses differ in one place, a row combination deciding them
    // apart is the most direct test of all, and the cheapest: first.
    for (std::size_t plan = 0; plan < m_differencePlans.size(); ++plan) add(Kind::Difference, plan);
    if (!m_goldWitnesses.empty() || !m_candidateWitnesses.empty()) {
        for (std::size_t variant = 0; variant < kWitnessVariants; ++variant) add(Kind::Witnesses, variant);
        // Random directions leave two ORDER BY columns moving together half the time.
        if (m_ordered)
            for (std::size_t bit = 0; bit < directionBits(m_schema); ++bit) add(Kind::OrderedWitnesses, bit);
        // One witness of one plan as the only rows of its tables, so that exactly one
        // combination of rows qualifies: the gold's at its bounds; the candidate's at
        // its bounds and inside them (`<= 'Y'` met by 'X~', which `= 'Y'` is not).
        const std::size_t plans = m_goldWitnesses.size() + m_candidateWitnesses.size();
        for (std::size_t plan = 0; plan < plans; ++plan)
            for (std::size_t choice = 0; choice < (plan < m_goldWitnesses.size() ? 1U : 2U); ++choice)
                add(Kind::SingleWitness, plan, choice);
        // The gold's single witness missing it in one place, each condition and join in
        // turn: nothing passes the gold, and a neighbor that relaxes that one place
        // (`=` → `<=`, a constant changed) takes the row.
        std::size_t nearMisses = 0;
        for (std::size_t plan = 0; plan < m_goldWitnesses.size(); ++plan) {
            const auto& classes = m_goldWitnesses[plan].classes;
            for (std::size_t k = 0; k < classes.size(); ++k) {
                if (classes[k].conditions.empty() && classes[k].members.size() < 2) continue;
                for (std::size_t side = 0; side < 2 && nearMisses < kMaxNearMisses; ++side, ++nearMisses)
                    add(Kind::NearMiss, plan, 2 * k + side);
            }
        }
        // `HAVING count(DISTINCT title) > 100` over four joined tables: one group of
        // k witnesses, distinct wherever the GROUP BY leaves them free.
        for (const auto* thresholds : {&m_countThresholds, &m_largeThresholds})
            for (const int64_t k : *thresholds)
                if (k <= kLargestWitnessGroup) add(Kind::WitnessGroup, static_cast<std::size_t>(k));
    }
    for (std::size_t round = 0; round < kRounds; ++round) {
        add(Kind::Variants, 1 + round % 3);
        add(Kind::Ties, 2 + round % 2);
        if (round < 3) add(Kind::NothingPasses, 1 + round % 2);
        if (round < 2)
            for (const int64_t k : m_countThresholds) add(Kind::GroupOfK, static_cast<std::size_t>(k));
        if (strict && round == 0)
            for (std::size_t t = 0; t < m_schema.tables.size(); ++t) add(Kind::EmptyTable, t);
        if (strict && round < 3) add(Kind::Nulls, 2);
    }
    // Each table alone, then every table grown in lockstep (row r of each carries the same
    // fresh keys, so joins on keys still pair them): a group of k joined rows.
    for (const int64_t k : m_largeThresholds)
        for (std::size_t t = 0; t <= m_schema.tables.size(); ++t) add(Kind::LargeGroup, static_cast<std::size_t>(k), t);
    // `ORDER BY age LIMIT 100` against `LIMIT 101`: random databases seldom return 101
    // rows. Enough rows through the WHERE (witnesses), or in each table and in all
    // tables in lockstep. Last, so every database planned before keeps its index.
    if (m_rowsPastLimit > 0) {
        const auto rows = static_cast<std::size_t>(m_rowsPastLimit);
        if ((!m_goldWitnesses.empty() || !m_candidateWitnesses.empty()) && m_rowsPastLimit <= kLargestWitnessGroup)
            add(Kind::WitnessGroup, rows);
        for (std::size_t t = 0; t <= m_schema.tables.size(); ++t) add(Kind::LargeGroup, rows, t);
    }
    // Rows on both sides of each computed comparison's boundary, in two arrangements.
    if (!m_boundaries.items.empty() || !m_boundaries.groups.empty())
        for (std::size_t rotation = 0; rotation < 2; ++rotation) add(Kind::Boundary, rotation);
    // Integer keys of 0 and below: random keys count from 1. With the other values of
    // the search only, so distilled suites keep their databases.
    if (m_valuesAtTheEdge)
        for (std::size_t rows = 2; rows <= 3; ++rows)
            for (std::size_t below = 0; below < 2; ++below) add(Kind::KeyEdges, rows, below);
    // Spaces around a text and letters in another case: nothing in the spider profile
    // rules them out, real data has them, random samples seldom do.
    if (m_valuesAtTheEdge && m_readsTextShape)
        for (std::size_t rotation = 0; rotation < 4; ++rotation) add(Kind::TextShapes, 4, rotation);
}

void TargetedDatabases::placeBoundaries(schema::DatabaseContent& content, std::size_t rotation) const
{
    // Per column, its boundary values one per row (the table grown to hold them all).
    std::vector<std::pair<std::size_t, std::size_t>> columns;  // (table, column)
    for (const auto& constant : m_boundaries.items) {
        const std::size_t t = fuzz::tableIndex(m_schema, constant.table);
        if (t >= m_schema.tables.size()) continue;
        const std::size_t c = detail::columnIndex(m_schema.tables[t], constant.column);
        if (c < m_schema.tables[t].columns.size() && (columns.empty() || columns.back() != std::pair{t, c}))
            columns.emplace_back(t, c);
    }
    std::vector<const fuzz::ConstantGroup*> groups;  // rows of several columns solved together (`a + b > c`)
    for (const auto& group : m_boundaries.groups) groups.push_back(&group);
    if (rotation % 2 == 1) std::reverse(groups.begin(), groups.end());
    // Each table grown once, to hold its longest list of values and then one row per
    // group: growing copies its first row over all the others.
    std::vector<std::size_t> rowsNeeded(m_schema.tables.size(), 0);
    for (const auto& [t, c] : columns)
        rowsNeeded[t] = std::max(rowsNeeded[t], m_boundaries.forColumn(m_schema.tables[t].name,
                                                                       m_schema.tables[t].columns[c].name).size());
    std::vector<std::size_t> groupRow = rowsNeeded;  // where each table's next group goes
    for (const auto* group : groups)
        if (const std::size_t t = fuzz::tableIndex(m_schema, group->items.front().table); t < rowsNeeded.size())
            ++rowsNeeded[t];
    const int64_t firstKey = detail::freshKeyBase(m_schema, content);
    for (std::size_t t = 0; t < m_schema.tables.size(); ++t) {
        const auto* rows = detail::rowsOf(content, m_schema.tables[t].name);
        if (rows != nullptr && !rows->rows.empty() && rows->rows.size() < rowsNeeded[t])
            detail::growTable(m_schema, content, m_schema.tables[t].name, rowsNeeded[t], firstKey);
    }
    for (const auto& [t, c] : columns) {
        const schema::Table& table = m_schema.tables[t];
        std::vector<exec::Value> values;
        for (const auto* constant : m_boundaries.forColumn(table.name, table.columns[c].name))
            values.push_back(constant->value);
        auto* rows = detail::rowsOf(content, table.name);
        if (rows == nullptr) continue;
        if (rotation % 2 == 1) std::reverse(values.begin(), values.end());
        for (std::size_t r = 0; r < rows->rows.size() && r < values.size(); ++r) rows->rows[r][c] = values[r];
    }
    for (const auto* group : groups) {
        const std::size_t t = fuzz::tableIndex(m_schema, group->items.front().table);
        if (t >= m_schema.tables.size()) continue;
        const schema::Table& table = m_schema.tables[t];
        auto* rows = detail::rowsOf(content, table.name);
        const std::size_t r = groupRow[t]++;
        if (rows == nullptr || r >= rows->rows.size()) continue;
        for (const auto& constant : group->items) {
            const std::size_t c = detail::columnIndex(table, constant.column);
            if (c < table.columns.size()) rows->rows[r][c] = constant.value;
        }
    }
}

std::string TargetedDatabases::label(std::size_t index) const
{
    const Target& target = m_targets.at(index);
    switch (target.kind) {
    case Kind::SingleWitness:
        return fmt::format("targeted {}: only one row combination, satisfying the {}'s WHERE clause", index,
                           target.parameter < m_goldWitnesses.size() ? "gold" : "candidate");
    case Kind::Witnesses:
        return fmt::format("targeted {}: rows satisfying {} WHERE clause, {} copies", index,
                           target.parameter % 3 == 0 ? "each query's" : target.parameter % 3 == 1 ? "the gold's" : "the candidate's",
                           2 + target.parameter / 3 % 2);
    case Kind::NearMiss:
        return fmt::format("targeted {}: one row combination missing the gold's WHERE clause in one place", index);
    case Kind::Difference:
        return fmt::format("targeted {}: one row combination on which the two WHERE clauses disagree", index);
    case Kind::OrderedWitnesses:
        return fmt::format("targeted {}: rows satisfying each query's WHERE clause, 2 copies ordered apart, "
                           "direction bit {}",
                           index, target.parameter);
    case Kind::WitnessGroup:
        return fmt::format("targeted {}: one group of {} row{} satisfying each query's WHERE clause", index,
                           target.parameter, target.parameter == 1 ? "" : "s");
    case Kind::Variants:
        return fmt::format("targeted {}: constants and their variants, {} row{} per table", index, target.parameter,
                           target.parameter == 1 ? "" : "s");
    case Kind::Ties:
        return fmt::format("targeted {}: ties and duplicates, {} row{} per table", index, target.parameter,
                           target.parameter == 1 ? "" : "s");
    case Kind::GroupOfK:
        return fmt::format("targeted {}: a group of exactly {} row{}", index, target.parameter,
                           target.parameter == 1 ? "" : "s");
    case Kind::NothingPasses: return fmt::format("targeted {}: no constant of either query", index);
    case Kind::EmptyTable:
        return fmt::format("targeted {}: table {} empty", index, m_schema.tables[target.parameter].name);
    case Kind::Nulls: return fmt::format("targeted {}: NULLs", index);
    case Kind::LargeGroup:
        return target.table < m_schema.tables.size()
                   ? fmt::format("targeted {}: a group of exactly {} rows in {}", index, target.parameter,
                                 m_schema.tables[target.table].name)
                   : fmt::format("targeted {}: a group of exactly {} joined rows", index, target.parameter);
    case Kind::Boundary:
        return fmt::format("targeted {}: values on both sides of a computed comparison: length, date, arithmetic",
                           index);
    case Kind::TextShapes:
        return fmt::format("targeted {}: texts with spaces around them and letters in another case, rotation {}",
                           index, target.table);
    case Kind::KeyEdges:
        return fmt::format("targeted {}: integer keys from {} up, {} rows per table", index,
                           -static_cast<int64_t>(target.table), target.parameter);
    }
    return fmt::format("targeted {}", index);
}

std::optional<schema::DatabaseContent> TargetedDatabases::build(std::size_t index) const
{
    const Target& target = m_targets.at(index);
    const fuzz::GoldConstants none;
    const fuzz::GoldConstants& planted = target.kind == Kind::NothingPasses ? none : m_constants;
    const fuzz::SampleSpec spec{.profile = m_profile, .seed = m_seed ^ kTargetedStream, .index = target.stream};
    auto sampled = fuzz::sampleDatabase(m_schema, planted, spec);
    if (!sampled) return std::nullopt;
    schema::DatabaseContent content = std::move(*sampled);
    fuzz::Prng rng(m_seed ^ kTargetedStream ^ (target.stream * 0x9E3779B97F4A7C15ull));
    switch (target.kind) {
    case Kind::Difference:
    case Kind::Witnesses:
    case Kind::OrderedWitnesses:
    case Kind::SingleWitness:
    case Kind::NearMiss:
    case Kind::WitnessGroup: return buildWitnesses(std::move(content), target, rng);
    case Kind::Variants:
        detail::keepFirstRows(content, target.parameter);
        detail::plantConstantVariants(m_schema, content, m_constants, target.stream, rng);
        break;
    case Kind::Ties:
        detail::keepFirstRows(content, target.parameter);
        detail::plantConstantVariants(m_schema, content, m_constants, target.stream, rng);
        detail::copyRowValues(m_schema, content, 0.6, rng);
        break;
    case Kind::GroupOfK:
        detail::keepFirstRows(content, target.parameter);
        detail::copyRowValues(m_schema, content, 1.0, rng);
        break;
    case Kind::NothingPasses: detail::keepFirstRows(content, target.parameter); break;
    case Kind::EmptyTable:
        detail::keepFirstRows(content, 2);
        detail::emptyTable(content, m_schema.tables[target.parameter].name);
        break;
    case Kind::Nulls:
        detail::keepFirstRows(content, target.parameter);
        detail::addNulls(m_schema, content, rng);
        break;
    case Kind::LargeGroup: detail::keepFirstRows(content, 2); break;
    case Kind::Boundary:
        detail::keepFirstRows(content, 1 + target.parameter);
        placeBoundaries(content, target.parameter);
        break;
    case Kind::KeyEdges:
        detail::keepFirstRows(content, target.parameter);
        detail::plantConstantVariants(m_schema, content, m_constants, target.stream, rng);
        break;
    case Kind::TextShapes:
        detail::keepFirstRows(content, target.parameter);
        detail::plantConstantVariants(m_schema, content, m_constants, target.stream, rng);
        detail::reshapeTexts(m_schema, content, target.table);
        break;
    }
    // A large group is grown last, from rows whose keys already resolve, so that its
    // copies keep one parent and stay one group.
    detail::poolEquatedColumns(m_schema, content, m_constants, rng);
    const bool nonEmpty = m_profile == fuzz::Profile::Spider;
    if (!detail::repairForeignKeys(m_schema, content, nonEmpty, rng)) return std::nullopt;
    if (target.kind == Kind::KeyEdges)  // the smallest key at 0, or at -1 (then 0 too when keys are consecutive)
        detail::shiftKeysBelowZero(m_schema, content, m_constants.equatedColumns, -static_cast<int64_t>(target.table));
    if (target.kind == Kind::LargeGroup) {
        const int64_t firstKey = detail::freshKeyBase(m_schema, content);
        for (std::size_t t = 0; t < m_schema.tables.size(); ++t)
            if (t == target.table || target.table == m_schema.tables.size())
                detail::growTable(m_schema, content, m_schema.tables[t].name, target.parameter, firstKey);
        // The copies replaced the rows other tables may have pointed at.
        if (!detail::repairForeignKeys(m_schema, content, nonEmpty, rng)) return std::nullopt;
    }
    return content;
}

std::optional<schema::DatabaseContent> TargetedDatabases::buildWitnesses(schema::DatabaseContent content,
                                                                         const Target& target, fuzz::Prng& rng) const
{
    const bool group = target.kind == Kind::WitnessGroup;
    const bool nearMiss = target.kind == Kind::NearMiss;
    const bool difference = target.kind == Kind::Difference;
    const bool single = target.kind == Kind::SingleWitness || nearMiss || difference;
    const std::size_t variant = target.kind == Kind::Witnesses ? target.parameter : 0;
    detail::keepFirstRows(content, 1 + variant % 2);
    // Rows cut loose from their parents are reattached first: repaired afterwards, one
    // could be pointed at a witness's parent and collide with the witness on a key.
    const bool nonEmpty = m_profile == fuzz::Profile::Spider;
    if (!detail::repairForeignKeys(m_schema, content, nonEmpty, rng)) return std::nullopt;
    detail::WitnessCopies copies{.count = group ? target.parameter : 2 + variant / 3 % 2,
                                 .share = variant < 3 ? 0.0 : 0.5,
                                 .oneGroup = group,
                                 .directionBit = std::nullopt,
                                 .nearMiss = std::nullopt};
    std::vector<const detail::WitnessPlan*> plans;
    if (single) {
        copies = {.count = 1, .firstChoice = nearMiss ? 0 : target.table, .directionBit = std::nullopt, .nearMiss = std::nullopt};
        const bool ofGold = difference || target.parameter < m_goldWitnesses.size();
        const detail::WitnessPlan& chosen = difference ? m_differencePlans[target.parameter]
                                            : ofGold   ? m_goldWitnesses[target.parameter]
                                                       : m_candidateWitnesses[target.parameter - m_goldWitnesses.size()];
        plans.push_back(&chosen);
        // The query's other cores (a derived table it counts, a subquery it compares
        // with) need rows too: the first plan of each, also alone in its tables.
        const auto& all = ofGold ? m_goldWitnesses : m_candidateAll;
        std::vector<std::size_t> cores{chosen.core};
        for (const auto& plan : all) {
            if (std::find(cores.begin(), cores.end(), plan.core) != cores.end()) continue;
            cores.push_back(plan.core);
            plans.push_back(&plan);
        }
    } else {
        if (target.kind == Kind::OrderedWitnesses) copies.directionBit = static_cast<unsigned>(target.parameter);
        if (variant % 3 != 2)
            for (const auto& plan : m_goldWitnesses) plans.push_back(&plan);
        if (variant % 3 != 1)
            for (const auto& plan : m_candidateWitnesses) plans.push_back(&plan);
    }
    const schema::DatabaseContent templates = content;
    int64_t nextKey = detail::freshKeyBase(m_schema, content);
    bool planted = false;
    std::vector<std::string> plantedTables;
    // A near miss misses the chosen plan only; the other cores' witnesses are whole.
    detail::WitnessCopies missed = copies;
    if (nearMiss) missed.nearMiss = detail::WitnessCopies::NearMiss{target.table / 2, target.table % 2 == 1};
    for (const auto* plan : plans) {
        const bool chosen = plan == plans.front();
        if (!detail::plantWitnesses(m_schema, content, *plan, chosen ? missed : copies, rng, nextKey)) {
            if (nearMiss && chosen) return std::nullopt;
            continue;
        }
        planted = true;
        plantedTables.insert(plantedTables.end(), plan->slots.begin(), plan->slots.end());
    }
    if (!planted) return std::nullopt;
    if (single || group) {
        // The sampled rows the witnesses were made from go: only the witnesses qualify
        // (exactly one combination, or a group of exactly k, not k and a stray row).
        for (const auto& name : plantedTables) {
            const schema::TableRows* before = templates.find(name);
            schema::TableRows* rows = detail::rowsOf(content, name);
            if (before == nullptr || rows == nullptr) continue;
            std::erase_if(rows->rows, [&](const exec::Row& row) {
                return std::find(before->rows.begin(), before->rows.end(), row) != before->rows.end();
            });
        }
    }
    if (!detail::repairForeignKeys(m_schema, content, nonEmpty, rng)) return std::nullopt;
    return content;
}

} // namespace sqleq::targeted
