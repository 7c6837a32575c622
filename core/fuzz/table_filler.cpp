// Row construction for one table: foreign keys first (whole parent rows), then
// the other columns (pooled, fresh or NULL), then self-references, then the
// PRIMARY KEY / UNIQUE check that decides whether the row is kept.

#include "core/fuzz/table_filler.h"

#include "core/fuzz/constant_variants.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <iterator>

namespace sqleq::fuzz {
namespace {

/// A text key equal for values a UNIQUE index may treat as equal (1 and 1.0,
/// 'a' and 'A'), distinct otherwise.
void appendKey(std::string& key, const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: key += 'N'; break;
    case exec::ValueType::Integer: key += fmt::format("n{}", value.asInteger()); break;
    case exec::ValueType::Real: {
        const double real = value.asReal();
        // The range first: converting a double outside int64's range is undefined.
        if (real > -9e18 && real < 9e18 && real == static_cast<double>(static_cast<int64_t>(real)))
            key += fmt::format("n{}", static_cast<int64_t>(real));
        else
            key += fmt::format("n{:.17g}", real);
        break;
    }
    case exec::ValueType::Text: {
        // Folded: a NOCASE column (the schema does not record collations) must
        // not receive 'Peru' and 'peru'; under BINARY this only rejects more rows.
        std::string folded = value.asText();
        for (char& c : folded)
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        key += fmt::format("t{}:{}", folded.size(), folded);
        break;
    }
    case exec::ValueType::Blob: key += fmt::format("b{}:{}", value.asBlob().size(), value.asBlob()); break;
    }
    key += '|';
}

/// Constants of `table.column` and of every column whose foreign key leads to
/// it: a child's `WHERE DestAirport = 'APG'` needs 'APG' among the parent's keys.
void columnConstants(const FillContext& context, const schema::Table& table, std::string_view column, int depth,
                     std::vector<GoldConstant>& out)
{
    for (const GoldConstant* constant : context.constants.forColumn(table.name, column)) out.push_back(*constant);
    if (depth >= 4) return;  // key chains are short; this also stops cycles
    for (const schema::Table& child : context.schema.tables) {
        for (const schema::ForeignKey& key : child.foreignKeys) {
            if (!schema::sameIdentifier(key.referencedTable, table.name)) continue;
            for (std::size_t i = 0; i < key.columns.size() && i < key.referencedColumns.size(); ++i) {
                const bool same = &child == &table && schema::sameIdentifier(key.columns[i], column);
                if (!same && schema::sameIdentifier(key.referencedColumns[i], column))
                    columnConstants(context, child, key.columns[i], depth + 1, out);
            }
        }
    }
}

bool typeMatches(ValueKind kind, const exec::Value& value)
{
    const bool numeric = value.type() == exec::ValueType::Integer || value.type() == exec::ValueType::Real;
    return isNumericKind(kind) ? numeric : value.type() == exec::ValueType::Text;
}

bool isKeyColumn(const schema::Schema& schema, const schema::Table& table, std::size_t keyIndex,
                 std::string_view column)
{
    const auto same = [&](const std::string& name) { return schema::sameIdentifier(name, column); };
    if (std::any_of(table.primaryKey.begin(), table.primaryKey.end(), same)) return true;
    for (const schema::Column& c : table.columns)
        if (c.primaryKey && same(c.name)) return true;
    for (const auto& unique : table.uniques)
        if (std::any_of(unique.columns.begin(), unique.columns.end(), same)) return true;
    for (std::size_t k = 0; k < table.foreignKeys.size(); ++k)
        if (k != keyIndex && std::any_of(table.foreignKeys[k].columns.begin(), table.foreignKeys[k].columns.end(), same))
            return true;
    for (const schema::Table& other : schema.tables)
        for (const schema::ForeignKey& key : other.foreignKeys)
            if (schema::sameIdentifier(key.referencedTable, table.name)
                && std::any_of(key.referencedColumns.begin(), key.referencedColumns.end(), same))
                return true;
    return false;
}

} // namespace

bool isClosableKey(const schema::Schema& schema, const FillOrder& order, std::size_t table, std::size_t key)
{
    if (table >= order.deferred.size() || key >= order.deferred[table].size() || !order.deferred[table][key])
        return false;
    const schema::Table& child = schema.tables[table];
    const schema::ForeignKey& fk = child.foreignKeys[key];
    const std::size_t parent = tableIndex(schema, fk.referencedTable);
    if (parent >= schema.tables.size() || parent == table) return false;
    if (fk.columns.empty() || fk.columns.size() != fk.referencedColumns.size()) return false;
    for (const std::string& name : fk.referencedColumns)
        if (schema.tables[parent].columnIndex(name) >= schema.tables[parent].columns.size()) return false;
    return std::all_of(fk.columns.begin(), fk.columns.end(), [&](const std::string& name) {
        return child.columnIndex(name) < child.columns.size() && !isKeyColumn(schema, child, key, name);
    });
}

void closeDeferredKeys(const schema::Schema& schema, const FillOrder& order, Profile profile,
                       std::vector<std::vector<exec::Row>>& rows, Prng& rng)
{
    for (const std::size_t t : order.tables) {
        const schema::Table& child = schema.tables[t];
        for (std::size_t k = 0; k < child.foreignKeys.size(); ++k) {
            if (!isClosableKey(schema, order, t, k)) continue;
            const schema::ForeignKey& fk = child.foreignKeys[k];
            const std::size_t p = tableIndex(schema, fk.referencedTable);
            const schema::Table& parent = schema.tables[p];
            std::vector<std::size_t> columns;
            std::vector<std::size_t> parentColumns;
            bool nullable = true;
            for (std::size_t j = 0; j < fk.columns.size(); ++j) {
                columns.push_back(child.columnIndex(fk.columns[j]));
                parentColumns.push_back(parent.columnIndex(fk.referencedColumns[j]));
                const schema::Column& column = child.columns[columns.back()];
                nullable = nullable && !column.notNull && !column.primaryKey;
            }
            std::vector<std::size_t> candidates;
            for (std::size_t r = 0; r < rows[p].size(); ++r)
                if (std::none_of(parentColumns.begin(), parentColumns.end(),
                                 [&](std::size_t c) { return rows[p][r][c].isNull(); }))
                    candidates.push_back(r);
            const double nullChance = profile == Profile::Strict && nullable ? 0.2 : 0.0;
            for (exec::Row& row : rows[t]) {
                if (candidates.empty() || (nullChance > 0 && rng.chance(nullChance))) {
                    if (nullable)
                        for (std::size_t c : columns) row[c] = exec::Value::null();
                    continue;
                }
                const exec::Row& source = rows[p][rng.pick(candidates)];
                for (std::size_t j = 0; j < columns.size(); ++j) row[columns[j]] = source[parentColumns[j]];
            }
        }
    }
}

TableFiller::TableFiller(const FillContext& context, std::size_t tableIndex, const TableStyle& style, Prng& rng)
    : m_context(context), m_table(context.schema.tables[tableIndex]), m_tableIndex(tableIndex), m_style(style), m_rng(rng),
      m_checks(m_table, style.checkLimits)
{
    planKeys();
    planUniques();
    planColumns();
    planFocus();
}

void TableFiller::planFocus()
{
    m_focusConstants.resize(m_table.columns.size());
    const ConstantGroup* group = m_context.focus;
    if (group == nullptr || m_context.focusRows == nullptr) return;
    bool involved = false;
    for (const GoldConstant& constant : group->items) {
        if (!schema::sameIdentifier(constant.table, m_table.name)) continue;
        const std::size_t c = m_table.columnIndex(constant.column);
        if (c >= m_table.columns.size()) continue;
        m_focusConstants[c].push_back(&constant);
        involved = true;
    }
    for (KeyPlan& key : m_keys) {
        planFocusParents(key);
        involved = involved || !key.focus.empty();
    }
    // Drawn only for involved tables, so other tables sample as without a focus.
    if (involved) m_focusChance = 0.25 + 0.5 * m_rng.unit();
}

void TableFiller::planFocusParents(KeyPlan& plan) const
{
    if (plan.self || plan.deferred) return;
    const auto& parentFocus = (*m_context.focusRows)[plan.parent];
    const auto& parentRows = m_context.rows[plan.parent];
    std::vector<std::size_t> holding;  // parents whose key is a focus constant of the child column
    for (std::size_t r = 0; r < parentRows.size(); ++r) {
        // All complete parents, not the skewed few: the focus rows may lie elsewhere.
        if (std::any_of(plan.parentColumns.begin(), plan.parentColumns.end(),
                        [&](std::size_t c) { return parentRows[r][c].isNull(); }))
            continue;
        if (r < parentFocus.size() && parentFocus[r]) plan.focus.push_back(r);
        for (std::size_t j = 0; j < plan.columns.size(); ++j)
            for (const GoldConstant* constant : m_focusConstants[plan.columns[j]])
                if (constant->use == ConstantUse::Compare && parentRows[r][plan.parentColumns[j]] == constant->value
                    && (holding.empty() || holding.back() != r))
                    holding.push_back(r);
    }
    if (holding.empty()) return;
    std::vector<std::size_t> both;
    std::set_intersection(plan.focus.begin(), plan.focus.end(), holding.begin(), holding.end(), std::back_inserter(both));
    plan.focus = both.empty() ? std::move(holding) : std::move(both);
}

exec::Value TableFiller::focusValue(std::size_t column)
{
    const GoldConstant& constant = *m_rng.pick(m_focusConstants[column]);
    if (constant.value.type() == exec::ValueType::Text) {
        if (constant.use == ConstantUse::Pattern)
            return exec::Value::text(randomWord(m_rng, 1, 3) + constant.value.asText() + randomWord(m_rng, 1, 3));
        return constant.value;
    }
    return numericVariant(constant.value, false, m_rng);
}

void TableFiller::planKeys()
{
    const auto& keys = m_table.foreignKeys;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        KeyPlan plan;
        plan.parent = tableIndex(m_context.schema, keys[k].referencedTable);
        plan.self = plan.parent == m_tableIndex;
        plan.deferred = m_context.order.deferred[m_tableIndex][k] || plan.parent >= m_context.schema.tables.size();
        plan.closable = isClosableKey(m_context.schema, m_context.order, m_tableIndex, k);
        plan.nullable = true;
        for (const std::string& name : keys[k].columns) {
            plan.columns.push_back(m_table.columnIndex(name));
            const schema::Column& column = m_table.columns[std::min(plan.columns.back(), m_table.columns.size() - 1)];
            if (column.notNull || column.primaryKey) plan.nullable = false;
        }
        const bool valid = std::all_of(plan.columns.begin(), plan.columns.end(),
                                       [&](std::size_t c) { return c < m_table.columns.size(); });
        if (!valid || keys[k].referencedColumns.size() != keys[k].columns.size()) continue;
        if (!plan.deferred) {
            const schema::Table& parent = m_context.schema.tables[plan.parent];
            for (const std::string& name : keys[k].referencedColumns) plan.parentColumns.push_back(parent.columnIndex(name));
            if (std::any_of(plan.parentColumns.begin(), plan.parentColumns.end(),
                            [&](std::size_t c) { return c >= parent.columns.size(); }))
                continue;
        }
        if (!plan.self && !plan.deferred) planCandidates(plan);
        if (m_context.profile == Profile::Strict && plan.nullable) plan.nullChance = m_rng.unit() * m_style.nullChance;
        m_keys.push_back(std::move(plan));
    }
}

void TableFiller::planCandidates(KeyPlan& plan)
{
    const auto& parentRows = m_context.rows[plan.parent];
    for (std::size_t r = 0; r < parentRows.size(); ++r) {
        const bool complete = std::none_of(plan.parentColumns.begin(), plan.parentColumns.end(),
                                           [&](std::size_t c) { return parentRows[r][c].isNull(); });
        if (complete) plan.candidates.push_back(r);
    }
    if (plan.columns.size() == 1) {
        for (const GoldConstant* constant :
             m_context.constants.forColumn(m_table.name, m_table.columns[plan.columns[0]].name))
            for (std::size_t r : plan.candidates)
                if (parentRows[r][plan.parentColumns[0]] == constant->value) plan.preferred.push_back(r);
        std::sort(plan.preferred.begin(), plan.preferred.end());
        plan.preferred.erase(std::unique(plan.preferred.begin(), plan.preferred.end()), plan.preferred.end());
    }
    if (m_style.skewParents && plan.candidates.size() > 3 && m_rng.chance(0.5)) {
        // A few popular parents: groups of 3+ children for count(*) > 2.
        m_rng.shuffle(plan.candidates);
        plan.candidates.resize(static_cast<std::size_t>(m_rng.uniform(1, 3)));
        std::sort(plan.candidates.begin(), plan.candidates.end());
    }
}

void TableFiller::planUniques()
{
    auto addTuple = [&](const std::vector<std::string>& names) {
        std::vector<std::size_t> tuple;
        for (const std::string& name : names) {
            const std::size_t c = m_table.columnIndex(name);
            if (c < m_table.columns.size()) tuple.push_back(c);
        }
        if (!tuple.empty()) m_uniques.push_back(std::move(tuple));
    };
    if (!m_table.primaryKey.empty()) addTuple(m_table.primaryKey);
    for (const auto& unique : m_table.uniques) addTuple(unique.columns);
    // A foreign key names its parent's key: the parent columns are kept unique even when
    // the schema forgot to say so (Spider's car_1 and voter_1), or every join with the
    // parent would multiply rows that the real database never duplicates.
    for (const auto& child : m_context.schema.tables) {
        for (const auto& key : child.foreignKeys) {
            if (schema::sameIdentifier(key.referencedTable, m_table.name)) addTuple(key.referencedColumns);
        }
    }
    m_usedKeys.resize(m_uniques.size());
}

void TableFiller::planColumns()
{
    const std::size_t count = m_table.columns.size();
    std::vector<bool> inKey(count, false);
    std::vector<bool> singleUnique(count, false);
    for (const KeyPlan& key : m_keys)
        for (std::size_t c : key.columns) inKey[c] = true;
    for (const auto& tuple : m_uniques)
        if (tuple.size() == 1) singleUnique[tuple.front()] = true;
    const auto unattributed = m_context.constants.unattributed();
    m_generators.reserve(count);
    m_pools.resize(count);
    m_nullChance.assign(count, 0.0);
    for (std::size_t c = 0; c < count; ++c) {
        const schema::Column& column = m_table.columns[c];
        GeneratorInputs inputs;
        inputs.kind = classifyColumn(m_table, column);
        columnConstants(m_context, m_table, column.name, 0, inputs.constants);
        for (const GoldConstant* constant : unattributed)
            if (typeMatches(inputs.kind.kind, constant->value)) inputs.extras.push_back(constant->value);
        inputs.rowsHint = m_style.targetRows;
        inputs.caseVariants = m_context.profile == Profile::Strict;
        inputs.numericText = inputs.kind.kind == ValueKind::Text
                             && m_context.constants.usedNumerically(m_table.name, column.name);
        m_generators.emplace_back(std::move(inputs), m_rng);
        if (m_context.profile == Profile::Strict && !column.notNull && !column.primaryKey && !inKey[c])
            m_nullChance[c] = m_rng.chance(0.5) ? m_rng.unit() * m_style.nullChance : 0.0;
        if (!inKey[c] && !singleUnique[c] && m_rng.chance(m_style.poolChance)) {
            const auto size = static_cast<std::size_t>(m_rng.uniform(2, 4));
            for (std::size_t i = 0; i < size; ++i) m_pools[c].push_back(m_generators[c].next(m_rng));
        }
    }
}

std::vector<exec::Row> TableFiller::fill()
{
    std::vector<exec::Row> rows;
    rows.reserve(m_style.targetRows);
    const std::size_t attempts = m_style.targetRows * 4 + 16;
    for (std::size_t attempt = 0; attempt < attempts && rows.size() < m_style.targetRows; ++attempt) {
        const bool focus = m_focusChance > 0 && m_rng.chance(m_focusChance);
        // Random values rarely meet `code LIKE '___-__'` or `city IN (…)`: once the
        // checks refuse a row, most rows take such columns from the checks' own values.
        // Drawn only then, so tables whose rows pass sample exactly as without checks.
        const bool guided = m_checkRefused && !m_checkValues->empty() && m_rng.chance(0.75);
        auto row = makeRow(rows, focus, guided);
        const bool allowed = row && m_checks.allows(*row);
        if (row && !allowed && !m_checkRefused) {
            m_checkRefused = true;
            m_checkValues.emplace(m_table, m_context.schema);
        }
        if (allowed && acceptKeys(*row)) {
            rows.push_back(std::move(*row));
            m_focusRows.push_back(focus);
        }
        if (m_checks.failure()) break;
    }
    return rows;
}

std::optional<exec::Row> TableFiller::makeRow(const std::vector<exec::Row>& accepted, bool focus, bool guided)
{
    const std::size_t count = m_table.columns.size();
    exec::Row row(count);
    std::vector<bool> assigned(count, false);
    for (const KeyPlan& key : m_keys) {
        if (key.self) continue;
        const auto& parentRows = key.deferred ? accepted : m_context.rows[key.parent];
        if (!assignKey(key, parentRows, row, assigned, focus)) return std::nullopt;
    }
    for (std::size_t c = 0; c < count; ++c) {
        if (assigned[c]) continue;
        if (focus && !m_focusConstants[c].empty()) {
            exec::Value value = focusValue(c);
            // INTEGER PRIMARY KEY and STRICT INTEGER refuse anything else.
            if (!m_generators[c].columnKind().integersOnly || value.type() == exec::ValueType::Integer) {
                row[c] = std::move(value);
                continue;
            }
        }
        if (guided && m_checkValues->has(c)) {
            exec::Value value = m_checkValues->draw(c, m_rng);
            if (!m_generators[c].columnKind().integersOnly || value.type() == exec::ValueType::Integer) {
                row[c] = std::move(value);
                continue;
            }
        }
        if (m_nullChance[c] > 0 && m_rng.chance(m_nullChance[c])) continue;  // stays NULL
        row[c] = m_pools[c].empty() ? m_generators[c].next(m_rng) : m_rng.pick(m_pools[c]);
    }
    for (const KeyPlan& key : m_keys)
        if (key.self && !assignSelfKey(key, accepted, row)) return std::nullopt;
    return row;
}

bool TableFiller::assignSelfKey(const KeyPlan& key, const std::vector<exec::Row>& accepted, exec::Row& row)
{
    auto setNull = [&] {
        for (std::size_t c : key.columns) row[c] = exec::Value::null();
        return true;
    };
    if (key.nullChance > 0 && m_rng.chance(key.nullChance)) return setNull();
    // A row may point at an earlier row or at itself (always possible, so the
    // first row of a self-referencing table needs no NULL).
    for (int attempt = 0; attempt < 8; ++attempt) {
        const std::size_t r = m_rng.index(accepted.size() + 1);
        const exec::Row& source = r < accepted.size() ? accepted[r] : row;
        const bool complete = std::none_of(key.parentColumns.begin(), key.parentColumns.end(),
                                           [&](std::size_t c) { return source[c].isNull(); });
        if (!complete) continue;
        std::vector<exec::Value> values;  // read all first: `source` may be `row` itself
        for (std::size_t c : key.parentColumns) values.push_back(source[c]);
        for (std::size_t j = 0; j < key.columns.size(); ++j) row[key.columns[j]] = std::move(values[j]);
        return true;
    }
    return key.nullable && setNull();
}

bool TableFiller::assignKey(const KeyPlan& key, const std::vector<exec::Row>& parentRows, exec::Row& row,
                            std::vector<bool>& assigned, bool focus)
{
    auto setNull = [&] {
        for (std::size_t c : key.columns)
            if (assigned[c]) return false;  // a column shared with an assigned key cannot be NULL here
        for (std::size_t c : key.columns) {
            row[c] = exec::Value::null();
            assigned[c] = true;  // so the plain-column pass leaves it NULL
        }
        return true;
    };
    // A closable key keeps the placeholder the plain-column pass draws until
    // closeDeferredKeys() points it at a parent row.
    if (key.deferred) return key.closable || (key.nullable && setNull());
    if (key.nullChance > 0 && m_rng.chance(key.nullChance)) return setNull();
    auto joinParent = [&](const exec::Row& parent) {
        for (std::size_t j = 0; j < key.columns.size(); ++j) {
            row[key.columns[j]] = parent[key.parentColumns[j]];
            assigned[key.columns[j]] = true;
        }
        return true;
    };
    // Parent rows agreeing with columns another key already set (overlapping keys).
    std::vector<std::size_t> matching;
    // Now and then a parent whose key is a gold constant of this column.
    const bool preferred = !key.preferred.empty() && m_rng.chance(0.3);
    // A focus row joins a focus parent, so the gold's joined conjunction holds.
    const bool toFocus = focus && !key.focus.empty();
    const std::vector<std::size_t>& parents = toFocus ? key.focus : (preferred ? key.preferred : key.candidates);
    // Every listed parent's key is non-NULL (planCandidates), so while no other key has
    // set one of these columns, every one matches: pick straight from the list, with
    // the same draw as from a copy of it (a child table of hundreds of rows would scan
    // its parents once per row).
    if (std::none_of(key.columns.begin(), key.columns.end(), [&](std::size_t c) { return assigned[c]; })) {
        if (parents.empty()) return key.nullable && setNull();
        return joinParent(parentRows[m_rng.pick(parents)]);
    }
    for (const std::size_t r : parents) {
        bool ok = true;
        for (std::size_t j = 0; j < key.columns.size() && ok; ++j) {
            const exec::Value& value = parentRows[r][key.parentColumns[j]];
            ok = !value.isNull() && (!assigned[key.columns[j]] || row[key.columns[j]] == value);
        }
        if (ok) matching.push_back(r);
    }
    if (matching.empty() && (preferred || toFocus)) return assignKey(key, parentRows, row, assigned, false);
    if (matching.empty()) return key.nullable && setNull();
    return joinParent(parentRows[m_rng.pick(matching)]);
}

bool TableFiller::acceptKeys(const exec::Row& row)
{
    std::vector<std::string> keys(m_uniques.size());
    for (std::size_t u = 0; u < m_uniques.size(); ++u) {
        bool hasNull = false;
        for (std::size_t c : m_uniques[u]) {
            hasNull = hasNull || row[c].isNull();
            appendKey(keys[u], row[c]);
        }
        // NULLs never clash in UNIQUE; a NULL in a primary key is refused outright.
        if (hasNull && u == 0 && !m_table.primaryKey.empty()) return false;
        if (!hasNull && m_usedKeys[u].count(keys[u]) != 0) return false;
        if (hasNull) keys[u].clear();
    }
    for (std::size_t u = 0; u < m_uniques.size(); ++u)
        if (!keys[u].empty()) m_usedKeys[u].insert(std::move(keys[u]));
    return true;
}

} // namespace sqleq::fuzz
