// The shaping operations behind TargetedDatabases. Keys and UNIQUE columns are never
// duplicated (the database would not materialize); everything else may be, since
// duplicated values are exactly what ties, repeated rows and groups need.

#include "core/targeted/content_shaping.h"

#include "core/fuzz/table_order.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <cctype>
#include <cmath>

namespace sqleq::targeted::detail {

std::size_t columnIndex(const schema::Table& table, std::string_view column)
{
    return table.columnIndex(column);
}

/// Columns under a PRIMARY KEY or UNIQUE constraint, or referenced by a foreign key
/// (SQL requires those to be unique, and the sampler keeps them so even where the schema
/// forgot to say it): copying their values breaks the key.
std::vector<bool> keyedColumns(const schema::Schema& schema, const schema::Table& table)
{
    std::vector<bool> keyed(table.columns.size(), false);
    for (const auto& other : schema.tables) {
        for (const auto& key : other.foreignKeys) {
            if (!schema::sameIdentifier(key.referencedTable, table.name)) continue;
            const auto& referenced = key.referencedColumns.empty() ? table.primaryKey : key.referencedColumns;
            for (const auto& name : referenced)
                if (const auto c = columnIndex(table, name); c < keyed.size()) keyed[c] = true;
        }
    }
    for (const auto& name : table.primaryKey) {
        if (const auto c = columnIndex(table, name); c < keyed.size()) keyed[c] = true;
    }
    for (const auto& unique : table.uniques) {
        for (const auto& name : unique.columns)
            if (const auto c = columnIndex(table, name); c < keyed.size()) keyed[c] = true;
    }
    for (std::size_t c = 0; c < table.columns.size(); ++c) keyed[c] = keyed[c] || table.columns[c].primaryKey;
    return keyed;
}

schema::TableRows* rowsOf(schema::DatabaseContent& content, std::string_view table)
{
    for (auto& entry : content.tables)
        if (schema::sameIdentifier(entry.table, table)) return &entry;
    return nullptr;
}

namespace {

/// Whether the columns `at` include the whole primary key or a whole UNIQUE constraint.
/// A text that is equal for two tuples exactly when their values are (storage equality,
/// as exec::Value's ==): type tag, then the value's bytes, length-prefixed.
std::string tupleKey(const exec::Row& tuple)
{
    std::string key;
    for (const exec::Value& value : tuple) {
        key += static_cast<char>('0' + static_cast<int>(value.type()));
        switch (value.type()) {
        case exec::ValueType::Null: break;
        case exec::ValueType::Integer: key += std::to_string(value.asInteger()); break;
        case exec::ValueType::Real: {
            const double real = value.asReal() == 0.0 ? 0.0 : value.asReal();  // -0.0 == 0.0
            key.append(reinterpret_cast<const char*>(&real), sizeof real);
            break;
        }
        case exec::ValueType::Text:
        case exec::ValueType::Blob: {
            const std::string& bytes = value.type() == exec::ValueType::Text ? value.asText() : value.asBlob();
            key += std::to_string(bytes.size());
            key += ':';
            key += bytes;
            break;
        }
        }
        key += '|';
    }
    return key;
}

std::string childKey(const exec::Row& row, const std::vector<std::size_t>& at)
{
    exec::Row tuple;
    for (const std::size_t c : at) tuple.push_back(row[c]);
    return tupleKey(tuple);
}

bool holdsUniqueSet(const schema::Table& table, const std::vector<std::size_t>& at)
{
    const auto holds = [&](const std::vector<std::string>& names) {
        return !names.empty() && std::all_of(names.begin(), names.end(), [&](const std::string& name) {
            return std::find(at.begin(), at.end(), columnIndex(table, name)) != at.end();
        });
    };
    std::vector<std::string> primary = table.primaryKey;
    if (primary.empty())
        for (const auto& column : table.columns)
            if (column.primaryKey) primary.push_back(column.name);
    return holds(primary) || std::any_of(table.uniques.begin(), table.uniques.end(),
                                         [&](const schema::UniqueConstraint& unique) { return holds(unique.columns); });
}

bool isSingleColumnKey(const schema::Table& table, std::string_view column)
{
    if (table.primaryKey.size() == 1 && schema::sameIdentifier(table.primaryKey.front(), column)) return true;
    return std::any_of(table.uniques.begin(), table.uniques.end(), [&](const schema::UniqueConstraint& unique) {
        return unique.columns.size() == 1 && schema::sameIdentifier(unique.columns.front(), column);
    });
}

std::string withCase(std::string text, bool upper)
{
    for (char& c : text) c = static_cast<char>(upper ? std::toupper(static_cast<unsigned char>(c))
                                                     : std::tolower(static_cast<unsigned char>(c)));
    return text;
}

/// The variants of a constant the targeted databases cycle through. Halves only where
/// the column is not declared INTEGER: its values are whole numbers by the schema's intent.
std::vector<exec::Value> variantsOf(const exec::Value& value, bool fractional)
{
    std::vector<exec::Value> out{value};
    if (value.type() == exec::ValueType::Integer) {
        const int64_t v = value.asInteger();
        // Saturating arithmetic: a constant near the int64 limits must not overflow.
        const auto shifted = [](int64_t a, int64_t d) {
            int64_t r = 0;
            return __builtin_add_overflow(a, d, &r) ? a : r;
        };
        const int64_t negated = v == INT64_MIN ? INT64_MAX : -v;
        const int64_t scaled = std::llabs(v) < INT64_MAX / 5 ? v * 5 : v;
        for (const int64_t w : {shifted(v, 1), shifted(v, -1), int64_t{0}, negated, scaled})
            out.push_back(exec::Value::integer(w));
        if (fractional) {
            out.push_back(exec::Value::real(static_cast<double>(v) + 0.5));
            out.push_back(exec::Value::real(static_cast<double>(v) - 0.5));
        }
    } else if (value.type() == exec::ValueType::Real) {
        const double v = value.asReal();
        for (const double w : {v + 1, v - 1, 0.0, -v, v * 5}) out.push_back(exec::Value::real(w));
        if (fractional)
            for (const double w : {v + 0.5, v - 0.5}) out.push_back(exec::Value::real(w));
    } else if (value.type() == exec::ValueType::Text) {
        const std::string& text = value.asText();
        out.push_back(exec::Value::text(withCase(text, false)));
        out.push_back(exec::Value::text(withCase(text, true)));
        std::string flipped = text;
        if (!flipped.empty()) {
            const auto first = static_cast<unsigned char>(flipped[0]);
            flipped[0] = static_cast<char>(std::isupper(first) ? std::tolower(first) : std::toupper(first));
        }
        out.push_back(exec::Value::text(flipped));
        out.push_back(exec::Value::text(text + " "));
    }
    return out;
}

/// The variants of a LIKE/GLOB pattern's literal piece ("%Hey%" gives "Hey"): the piece
/// alone, after and before other text (anchored patterns differ there), and in other
/// case (LIKE ignores ASCII case, GLOB, instr and `=` do not).
std::vector<exec::Value> patternVariantsOf(const std::string& piece)
{
    std::vector<exec::Value> out{exec::Value::text(piece)};
    for (std::string variant : {"x" + piece, piece + "x", withCase(piece, false), withCase(piece, true),
                                "x" + withCase(piece, false) + "x"}) {
        auto value = exec::Value::text(std::move(variant));
        if (std::find(out.begin(), out.end(), value) == out.end()) out.push_back(std::move(value));
    }
    return out;
}

bool columnHolds(const schema::TableRows& rows, std::size_t column, const exec::Value& value)
{
    return std::any_of(rows.rows.begin(), rows.rows.end(), [&](const exec::Row& row) { return row[column] == value; });
}

/// True when a foreign key links the two columns directly (either way).
bool linkedByForeignKey(const schema::Schema& schema, const fuzz::ColumnName& a, const fuzz::ColumnName& b)
{
    const auto links = [&](const fuzz::ColumnName& child, const fuzz::ColumnName& parent) {
        const auto* table = schema.findTable(child.table);
        if (table == nullptr) return false;
        for (const auto& key : table->foreignKeys) {
            if (!schema::sameIdentifier(key.referencedTable, parent.table)) continue;
            for (std::size_t k = 0; k < key.columns.size(); ++k) {
                const bool parentMatches = k < key.referencedColumns.size()
                    ? schema::sameIdentifier(key.referencedColumns[k], parent.column)
                    : true;
                if (schema::sameIdentifier(key.columns[k], child.column) && parentMatches) return true;
            }
        }
        return false;
    };
    return links(a, b) || links(b, a);
}

} // namespace

void keepFirstRows(schema::DatabaseContent& content, std::size_t rows)
{
    for (auto& entry : content.tables)
        if (entry.rows.size() > rows) entry.rows.resize(rows);
}

void copyRowValues(const schema::Schema& schema, schema::DatabaseContent& content, double share, fuzz::Prng& rng)
{
    for (auto& entry : content.tables) {
        const auto* table = schema.findTable(entry.table);
        if (table == nullptr || entry.rows.size() < 2) continue;
        const auto keyed = keyedColumns(schema, *table);
        for (std::size_t c = 0; c < keyed.size(); ++c) {
            if (keyed[c] || !rng.chance(share)) continue;
            for (std::size_t r = 1; r < entry.rows.size(); ++r) entry.rows[r][c] = entry.rows[0][c];
        }
    }
}

void plantConstantVariants(const schema::Schema& schema, schema::DatabaseContent& content,
                           const fuzz::GoldConstants& constants, std::size_t round, fuzz::Prng& rng)
{
    std::size_t ordinal = 0;
    for (const auto& constant : constants.items) {
        if (!constant.attributed()) continue;
        const bool pattern = constant.use == fuzz::ConstantUse::Pattern;
        if (pattern && constant.value.type() != exec::ValueType::Text) continue;
        const auto* table = schema.findTable(constant.table);
        auto* rows = rowsOf(content, constant.table);
        if (table == nullptr || rows == nullptr || rows->rows.empty()) continue;
        const std::size_t column = columnIndex(*table, constant.column);
        if (column >= table->columns.size()) continue;
        const auto variants = pattern ? patternVariantsOf(constant.value.asText())
                                      : variantsOf(constant.value, table->columns[column].affinity != schema::Affinity::Integer);
        const exec::Value& variant = variants[(round + ordinal++) % variants.size()];
        if (keyedColumns(schema, *table)[column] && columnHolds(*rows, column, variant)) continue;
        rows->rows[rng.index(rows->rows.size())][column] = variant;
    }
}

void poolEquatedColumns(const schema::Schema& schema, schema::DatabaseContent& content,
                        const fuzz::GoldConstants& constants, fuzz::Prng& rng)
{
    for (const auto& [a, b] : constants.equatedColumns) {
        if (linkedByForeignKey(schema, a, b)) continue;
        const auto* tableA = schema.findTable(a.table);
        const auto* tableB = schema.findTable(b.table);
        auto* rowsA = rowsOf(content, a.table);
        auto* rowsB = rowsOf(content, b.table);
        if (!tableA || !tableB || !rowsA || !rowsB || rowsA->rows.empty() || rowsB->rows.empty()) continue;
        std::size_t columnA = columnIndex(*tableA, a.column);
        std::size_t columnB = columnIndex(*tableB, b.column);
        if (columnA >= tableA->columns.size() || columnB >= tableB->columns.size()) continue;
        // The side that must stay unique gives its values to the other.
        bool fromA = isSingleColumnKey(*tableA, a.column) || !isSingleColumnKey(*tableB, b.column);
        if (keyedColumns(schema, *tableB)[columnB] && !keyedColumns(schema, *tableA)[columnA]) fromA = false;
        auto* source = fromA ? rowsA : rowsB;
        auto* target = fromA ? rowsB : rowsA;
        const std::size_t from = fromA ? columnA : columnB;
        const std::size_t to = fromA ? columnB : columnA;
        const auto& targetTable = fromA ? *tableB : *tableA;
        if (keyedColumns(schema, targetTable)[to]) {
            // A key on both sides: give the target the source's values in order, as far as they go.
            for (std::size_t r = 0; r < target->rows.size() && r < source->rows.size(); ++r)
                target->rows[r][to] = source->rows[r][from];
            continue;
        }
        for (auto& row : target->rows) row[to] = source->rows[rng.index(source->rows.size())][from];
    }
}

int64_t freshKeyBase(const schema::Schema& schema, const schema::DatabaseContent& content)
{
    int64_t largest = 0;
    for (const auto& entry : content.tables) {
        const schema::Table* definition = schema.findTable(entry.table);
        if (definition == nullptr) continue;
        const std::vector<bool> keyed = keyedColumns(schema, *definition);
        for (const auto& row : entry.rows)
            for (std::size_t c = 0; c < row.size() && c < keyed.size(); ++c)
                if (keyed[c] && row[c].type() == exec::ValueType::Integer) largest = std::max(largest, row[c].asInteger());
    }
    return largest < std::numeric_limits<int64_t>::max() / 2 ? largest + 1 : 1;
}

void growTable(const schema::Schema& schema, schema::DatabaseContent& content, const std::string& table,
               std::size_t rows, int64_t firstKey)
{
    const schema::Table* definition = schema.findTable(table);
    schema::TableRows* entry = rowsOf(content, table);
    if (definition == nullptr || entry == nullptr || entry->rows.empty() || rows == 0) return;
    std::vector<bool> keyed = keyedColumns(schema, *definition);
    // A key column that is also a foreign key keeps its parent: the rows stay children
    // of one parent row (the group), unless nothing else would keep the key unique.
    std::vector<bool> referencing(definition->columns.size(), false);
    for (const auto& key : definition->foreignKeys)
        for (const auto& name : key.columns)
            if (const auto c = columnIndex(*definition, name); c < referencing.size()) referencing[c] = true;
    const bool keyOfItsOwn = std::any_of(definition->primaryKey.begin(), definition->primaryKey.end(),
                                         [&](const std::string& name) {
                                             const auto c = columnIndex(*definition, name);
                                             return c < referencing.size() && !referencing[c];
                                         });
    if (keyOfItsOwn)
        for (std::size_t c = 0; c < keyed.size(); ++c) keyed[c] = keyed[c] && !referencing[c];
    const exec::Row first = entry->rows.front();
    entry->rows.resize(1);
    entry->rows.reserve(rows);
    for (std::size_t r = 1; r < rows; ++r) {
        exec::Row copy = first;
        for (std::size_t c = 0; c < copy.size() && c < keyed.size(); ++c) {
            if (!keyed[c]) continue;
            if (copy[c].type() == exec::ValueType::Text) copy[c] = exec::Value::text(copy[c].asText() + "_" + std::to_string(r));
            else copy[c] = exec::Value::integer(firstKey + static_cast<int64_t>(r));
        }
        entry->rows.push_back(std::move(copy));
    }
}

void shiftKeysBelowZero(const schema::Schema& schema, schema::DatabaseContent& content,
                        const std::vector<std::pair<fuzz::ColumnName, fuzz::ColumnName>>& equated, int64_t lowest)
{
    // Columns are numbered table by table; a key family is a set of columns that must
    // move together: a foreign key with what it references, a column with what the
    // queries equate it with. Each family moves on its own, so each reaches `lowest`.
    std::vector<std::size_t> firstColumn;
    std::size_t columns = 0;
    for (const auto& table : schema.tables) {
        firstColumn.push_back(columns);
        columns += table.columns.size();
    }
    std::vector<std::size_t> family(columns);
    for (std::size_t i = 0; i < columns; ++i) family[i] = i;
    auto root = [&](std::size_t i) {
        while (family[i] != i) i = family[i] = family[family[i]];
        return i;
    };
    auto join = [&](std::size_t a, std::size_t b) { family[root(a)] = root(b); };
    auto node = [&](std::string_view table, std::string_view column) -> std::optional<std::size_t> {
        const std::size_t t = fuzz::tableIndex(schema, table);
        if (t >= schema.tables.size()) return std::nullopt;
        const std::size_t c = columnIndex(schema.tables[t], column);
        if (c >= schema.tables[t].columns.size()) return std::nullopt;
        return firstColumn[t] + c;
    };
    std::vector<bool> moving(columns, false);
    for (std::size_t t = 0; t < schema.tables.size(); ++t) {
        const auto& table = schema.tables[t];
        const std::vector<bool> keyed = keyedColumns(schema, table);
        for (std::size_t c = 0; c < keyed.size(); ++c) moving[firstColumn[t] + c] = keyed[c];
        for (const auto& key : table.foreignKeys) {
            const schema::Table* parent = schema.findTable(key.referencedTable);
            if (parent == nullptr) continue;
            const auto& referenced = key.referencedColumns.empty() ? parent->primaryKey : key.referencedColumns;
            for (std::size_t k = 0; k < key.columns.size() && k < referenced.size(); ++k) {
                const auto child = node(table.name, key.columns[k]);
                const auto target = node(parent->name, referenced[k]);
                if (!child || !target) continue;
                moving[*child] = moving[*target] = true;
                join(*child, *target);
            }
        }
    }
    for (const auto& [a, b] : equated) {
        const auto left = node(a.table, a.column);
        const auto right = node(b.table, b.column);
        if (left && right) join(*left, *right);
    }
    // A family moves when any of its columns is a key.
    std::vector<bool> familyMoves(columns, false);
    for (std::size_t i = 0; i < columns; ++i) familyMoves[root(i)] = familyMoves[root(i)] || moving[i];
    std::vector<int64_t> smallest(columns, std::numeric_limits<int64_t>::max());
    auto forEachKeyValue = [&](auto&& visit) {
        for (auto& entry : content.tables) {
            const std::size_t t = fuzz::tableIndex(schema, entry.table);
            if (t >= schema.tables.size()) continue;
            for (auto& row : entry.rows)
                for (std::size_t c = 0; c < row.size() && c < schema.tables[t].columns.size(); ++c) {
                    const std::size_t f = root(firstColumn[t] + c);
                    if (familyMoves[f] && row[c].type() == exec::ValueType::Integer) visit(f, row[c]);
                }
        }
    };
    forEachKeyValue([&](std::size_t f, exec::Value& value) { smallest[f] = std::min(smallest[f], value.asInteger()); });
    // A family already at `lowest` or below stays, as does one so large that moving could overflow.
    constexpr int64_t kFar = int64_t{1} << 52;
    forEachKeyValue([&](std::size_t f, exec::Value& value) {
        if (smallest[f] <= lowest || smallest[f] > kFar || lowest < -kFar) return;
        value = exec::Value::integer(value.asInteger() - (smallest[f] - lowest));
    });
}

void reshapeTexts(const schema::Schema& schema, schema::DatabaseContent& content, std::size_t rotation)
{
    auto swapCase = [](std::string text, bool allUpper) {
        for (char& c : text) {
            const auto u = static_cast<unsigned char>(c);
            if (allUpper) c = static_cast<char>(std::toupper(u));
            else c = static_cast<char>(std::isupper(u) ? std::tolower(u) : std::toupper(u));
        }
        return text;
    };
    for (auto& entry : content.tables) {
        const schema::Table* table = schema.findTable(entry.table);
        if (table == nullptr) continue;
        std::vector<bool> fixed = keyedColumns(schema, *table);
        for (const auto& key : table->foreignKeys)
            for (const auto& name : key.columns)
                if (const auto c = columnIndex(*table, name); c < fixed.size()) fixed[c] = true;
        for (std::size_t r = 0; r < entry.rows.size(); ++r) {
            auto& row = entry.rows[r];
            for (std::size_t c = 0; c < row.size() && c < fixed.size(); ++c) {
                if (fixed[c] || table->columns[c].affinity != schema::Affinity::Text
                    || row[c].type() != exec::ValueType::Text)
                    continue;
                const std::string& text = row[c].asText();
                switch ((r + c + rotation) % 4) {
                case 0: row[c] = exec::Value::text(" " + text); break;
                case 1: row[c] = exec::Value::text(text + " "); break;
                case 2: row[c] = exec::Value::text(swapCase(text, true)); break;
                default: row[c] = exec::Value::text(swapCase(text, false)); break;
                }
            }
        }
    }
}

void emptyTable(schema::DatabaseContent& content, const std::string& table)
{
    if (auto* rows = rowsOf(content, table)) rows->rows.clear();
}

void addNulls(const schema::Schema& schema, schema::DatabaseContent& content, fuzz::Prng& rng)
{
    for (auto& entry : content.tables) {
        const auto* table = schema.findTable(entry.table);
        if (table == nullptr || entry.rows.empty()) continue;
        const auto keyed = keyedColumns(schema, *table);
        for (std::size_t c = 0; c < keyed.size(); ++c) {
            if (keyed[c] || table->columns[c].notNull || !rng.chance(0.5)) continue;
            entry.rows[rng.index(entry.rows.size())][c] = exec::Value::null();
        }
    }
}

bool repairForeignKeys(const schema::Schema& schema, schema::DatabaseContent& content, bool nonEmpty,
                       fuzz::Prng& rng)
{
    const fuzz::FillOrder order = fuzz::planFillOrder(schema);
    for (const std::size_t t : order.tables) {
        const auto& table = schema.tables[t];
        auto* child = rowsOf(content, table.name);
        if (child == nullptr) continue;
        for (std::size_t k = 0; k < table.foreignKeys.size(); ++k) {
            const auto& key = table.foreignKeys[k];
            if (order.deferred[t][k]) continue;
            const auto* parentTable = schema.findTable(key.referencedTable);
            const auto* parent = rowsOf(content, key.referencedTable);
            if (parentTable == nullptr) continue;
            const auto& parentColumns = key.referencedColumns.empty() ? parentTable->primaryKey : key.referencedColumns;
            std::vector<std::size_t> childAt, parentAt;
            for (std::size_t i = 0; i < key.columns.size() && i < parentColumns.size(); ++i) {
                childAt.push_back(columnIndex(table, key.columns[i]));
                parentAt.push_back(columnIndex(*parentTable, parentColumns[i]));
            }
            if (std::find(childAt.begin(), childAt.end(), table.columns.size()) != childAt.end()) continue;
            if (std::find(parentAt.begin(), parentAt.end(), parentTable->columns.size()) != parentAt.end()) continue;
            std::vector<exec::Row> tuples;
            std::vector<std::string> tupleKeys;  // per tuple: read for every row repaired, so made once
            std::unordered_set<std::string> parentKeys;
            if (parent != nullptr) {
                for (const auto& row : parent->rows) {
                    exec::Row tuple;
                    for (const std::size_t c : parentAt) tuple.push_back(row[c]);
                    tupleKeys.push_back(tupleKey(tuple));
                    parentKeys.insert(tupleKeys.back());
                    tuples.push_back(std::move(tuple));
                }
            }
            // A key that is also unique in the child (LOCATION.RESTAURANT_ID as its primary
            // key) may point at each parent once: a repaired row takes a parent no other
            // row uses, or goes. Rows point at a tuple by the count of its key among the
            // rows kept so far and those still to come (a group of thousands is repaired in
            // linear time, not by comparing every row with every parent).
            const bool uniqueInChild = holdsUniqueSet(table, childAt);
            std::unordered_map<std::string, std::size_t> pointing;
            if (uniqueInChild)
                for (const auto& row : child->rows) ++pointing[childKey(row, childAt)];
            std::vector<exec::Row> kept;
            for (std::size_t r = 0; r < child->rows.size(); ++r) {
                exec::Row& row = child->rows[r];
                const std::string key = childKey(row, childAt);
                if (uniqueInChild) --pointing[key];
                const bool hasNull = std::any_of(childAt.begin(), childAt.end(), [&](std::size_t c) { return row[c].isNull(); });
                const bool resolves = hasNull || parentKeys.contains(key);
                if (!resolves) {
                    std::vector<std::size_t> free;
                    for (std::size_t t = 0; t < tuples.size(); ++t) {
                        if (!uniqueInChild) {
                            free.push_back(t);
                            continue;
                        }
                        const auto used = pointing.find(tupleKeys[t]);
                        if (used == pointing.end() || used->second == 0) free.push_back(t);
                    }
                    if (free.empty()) continue;  // no parent to point at: the row goes
                    const auto& tuple = tuples[free[rng.index(free.size())]];
                    for (std::size_t i = 0; i < childAt.size(); ++i) row[childAt[i]] = tuple[i];
                }
                if (uniqueInChild) ++pointing[childKey(row, childAt)];
                kept.push_back(std::move(row));
            }
            child->rows = std::move(kept);
        }
    }
    if (!nonEmpty) return true;
    for (const auto& table : schema.tables) {
        const auto* rows = rowsOf(content, table.name);
        if (rows == nullptr || rows->rows.empty()) return false;
    }
    return true;
}

} // namespace sqleq::targeted::detail
