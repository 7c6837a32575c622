// Witness rows from a plan: values chosen per class of equal columns, one per copy,
// so that every condition holds; rows built from the database's own rows, keys made
// fresh, colliding rows replaced and missing parents added.

#include "core/targeted/witness_rows.h"

#include "core/targeted/content_shaping.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace sqleq::targeted::detail {
namespace {

// ---- choosing values ----------------------------------------------------------------

bool isNumber(const exec::Value& value)
{
    return value.type() == exec::ValueType::Integer || value.type() == exec::ValueType::Real;
}

double numberOf(const exec::Value& value)
{
    return value.type() == exec::ValueType::Integer ? static_cast<double>(value.asInteger()) : value.asReal();
}

/// A text just below `text` in SQLite's BINARY order (nothing is below "").
std::string textBelow(std::string text)
{
    if (text.empty()) return text;
    const auto last = static_cast<unsigned char>(text.back());
    if (last <= 0x21) {
        text.pop_back();
        return text;
    }
    text.back() = static_cast<char>(last - 1);
    return text + "~";
}

std::string textOfPattern(const std::string& pattern, std::size_t copy)
{
    std::string out;
    for (const char c : pattern) {
        if (c == '%') out += copy == 0 ? "" : std::string(copy, 'x');
        else if (c == '_') out += 'a';
        else out += c;
    }
    return out;
}

struct Range {
    std::optional<exec::Value> low, high;
    bool lowStrict = false, highStrict = false;
};

bool passes(const exec::Value& value, const Range& range)
{
    const auto compare = [](const exec::Value& a, const exec::Value& b) {
        if (isNumber(a) && isNumber(b)) return numberOf(a) < numberOf(b) ? -1 : numberOf(a) > numberOf(b) ? 1 : 0;
        if (a.type() == exec::ValueType::Text && b.type() == exec::ValueType::Text) return a.asText().compare(b.asText());
        return 0;
    };
    if (range.low) {
        const int c = compare(value, *range.low);
        if (c < 0 || (c == 0 && range.lowStrict)) return false;
    }
    if (range.high) {
        const int c = compare(value, *range.high);
        if (c > 0 || (c == 0 && range.highStrict)) return false;
    }
    return true;
}

exec::Value numberInRange(const Range& range, std::size_t copy)
{
    const bool integral = (!range.low || range.low->type() == exec::ValueType::Integer)
                          && (!range.high || range.high->type() == exec::ValueType::Integer);
    const auto make = [&](double v) {
        return integral ? exec::Value::integer(static_cast<int64_t>(std::llround(v))) : exec::Value::real(v);
    };
    const auto step = [&](double at) { return integral ? 1.0 : std::max(1e-6, std::fabs(at) * 1e-12); };
    std::vector<double> candidates;
    if (range.low) {
        const double low = numberOf(*range.low);
        const double first = range.lowStrict ? low + step(low) : low;
        candidates = {first, first + (integral ? 2 : 1), first + 10};
        if (range.high) {
            const double high = numberOf(*range.high);
            candidates[1] = integral ? std::floor((low + high) / 2) : (low + high) / 2;
            candidates[2] = range.highStrict ? high - step(high) : high;
        }
    } else {
        const double high = numberOf(*range.high);
        const double first = range.highStrict ? high - step(high) : high;
        candidates = {first, first - (integral ? 2 : 1), first - 10};
    }
    for (const std::size_t pick : {copy % candidates.size(), std::size_t{0}})
        if (auto value = make(candidates[pick]); passes(value, range)) return value;
    return make(candidates[0]);
}

exec::Value textInRange(const Range& range, std::size_t copy)
{
    std::vector<std::string> candidates;
    if (range.low) {
        const std::string& low = range.low->asText();
        candidates = {range.lowStrict ? low + "a" : low, low + "b", low + "zz"};
        if (range.high) candidates[2] = range.highStrict ? textBelow(range.high->asText()) : range.high->asText();
    } else {
        const std::string& high = range.high->asText();
        const std::string below = textBelow(high);
        candidates = {range.highStrict ? below : high, below, textBelow(below)};
    }
    for (const std::size_t pick : {copy % candidates.size(), std::size_t{0}})
        if (auto value = exec::Value::text(candidates[pick]); passes(value, range)) return value;
    return exec::Value::text(candidates[0]);
}

exec::Value freshValue(const schema::Column& column, int64_t& nextKey)
{
    const bool numeric = column.affinity != schema::Affinity::Text && column.affinity != schema::Affinity::Blob;
    const int64_t key = nextKey++;
    return numeric ? exec::Value::integer(key) : exec::Value::text(fmt::format("w{}", key));
}

/// The value copy `copy` gives a class; nothing keeps each row's own value.
std::optional<exec::Value> chooseValue(const EqualColumns& equal, const schema::Column& column, bool keyed,
                                       std::size_t copy, int64_t& nextKey)
{
    Range range;
    const ValueCondition* like = nullptr;
    const ValueCondition* notEqual = nullptr;
    for (const auto& condition : equal.conditions) {
        const exec::Value& value = condition.values.front();
        switch (condition.bound) {
        case Bound::Equal: return value;
        case Bound::OneOf: return condition.values[copy % condition.values.size()];
        case Bound::Like: like = &condition; break;
        case Bound::NotEqual: notEqual = &condition; break;
        case Bound::Greater:
        case Bound::GreaterOrEqual: {
            const bool strict = condition.bound == Bound::Greater;
            // The tighter of two low bounds is the one the other lets pass.
            if (!range.low || passes(value, Range{range.low, {}, range.lowStrict, false})) {
                range.low = value;
                range.lowStrict = strict;
            }
            break;
        }
        case Bound::Less:
        case Bound::LessOrEqual: {
            const bool strict = condition.bound == Bound::Less;
            if (!range.high || passes(value, Range{{}, range.high, false, range.highStrict})) {
                range.high = value;
                range.highStrict = strict;
            }
            break;
        }
        }
    }
    if (like != nullptr) return exec::Value::text(textOfPattern(like->values.front().asText(), copy));
    if (range.low && range.high && isNumber(*range.low) != isNumber(*range.high)) range.high.reset();
    const exec::Value* bound = range.low ? &*range.low : range.high ? &*range.high : nullptr;
    if (bound != nullptr && isNumber(*bound)) return numberInRange(range, copy);
    if (bound != nullptr && bound->type() == exec::ValueType::Text) return textInRange(range, copy);
    if (notEqual != nullptr) {
        const exec::Value& value = notEqual->values.front();
        if (value.type() == exec::ValueType::Integer) return exec::Value::integer(value.asInteger() + 1 + int64_t(copy));
        if (value.type() == exec::ValueType::Real) return exec::Value::real(value.asReal() + 1 + double(copy));
        if (value.type() == exec::ValueType::Text) return exec::Value::text(value.asText() + std::string(copy + 1, 'x'));
    }
    if (equal.members.size() > 1 || keyed) return freshValue(column, nextKey);
    return std::nullopt;
}

/// A value that fails `condition`: at its bound when that is excluded, else just past
/// it; `beyond` moves further out (or to the other side of an equality), so that both
/// `=` → `<=` and `=` → `>=` neighbors find a witness they accept.
std::optional<exec::Value> missing(const ValueCondition& condition, bool beyond)
{
    if (condition.values.empty()) return std::nullopt;
    const auto shifted = [](const exec::Value& value, bool up, int steps) -> std::optional<exec::Value> {
        switch (value.type()) {
        case exec::ValueType::Integer: {
            int64_t out = 0;
            const bool overflow = up ? __builtin_add_overflow(value.asInteger(), steps, &out)
                                     : __builtin_sub_overflow(value.asInteger(), steps, &out);
            return overflow ? std::nullopt : std::optional(exec::Value::integer(out));
        }
        case exec::ValueType::Real: return exec::Value::real(value.asReal() + (up ? 0.5 : -0.5) * steps);
        case exec::ValueType::Text: {
            std::string text = value.asText();
            for (int i = 0; i < steps; ++i) text = up ? text + "a" : textBelow(text);
            return exec::Value::text(text);
        }
        default: return std::nullopt;
        }
    };
    const exec::Value& value = condition.values.front();
    switch (condition.bound) {
    case Bound::Equal: return shifted(value, beyond, 1);
    case Bound::NotEqual: return value;
    case Bound::Less: return beyond ? shifted(value, true, 1) : value;
    case Bound::LessOrEqual: return shifted(value, true, beyond ? 2 : 1);
    case Bound::Greater: return beyond ? shifted(value, false, 1) : value;
    case Bound::GreaterOrEqual: return shifted(value, false, beyond ? 2 : 1);
    case Bound::OneOf: {
        // Past the largest of the list, or below the smallest.
        const exec::Value* extreme = &condition.values.front();
        for (const auto& other : condition.values)
            if (other.type() == extreme->type()
                && (isNumber(other) ? (numberOf(other) > numberOf(*extreme)) == beyond
                                    : other.type() == exec::ValueType::Text && (other.asText() > extreme->asText()) == beyond))
                extreme = &other;
        return shifted(*extreme, beyond, 1);
    }
    case Bound::Like: return exec::Value::text(beyond ? "~" : "#");
    }
    return std::nullopt;
}

/// Another value near `value`, distinct for every copy, above or below it (at random
/// unless `direction` says which), so later copies differ from the first in every column
/// they do not share with it, and in no fixed direction (ordered by one column, the
/// copies are not ordered by any other too).
exec::Value perturbed(const exec::Value& value, std::size_t copy, fuzz::Prng& rng,
                      std::optional<bool> direction = std::nullopt)
{
    const auto offset = 7 * static_cast<int64_t>(copy) + static_cast<int64_t>(rng.below(7));
    const bool randomBelow = rng.chance(0.5);  // drawn either way: the stream stays aligned
    const bool below = direction.value_or(randomBelow);
    switch (value.type()) {
    case exec::ValueType::Integer: {
        int64_t out = 0;
        const bool overflow = below ? __builtin_sub_overflow(value.asInteger(), offset, &out)
                                    : __builtin_add_overflow(value.asInteger(), offset, &out);
        return exec::Value::integer(overflow ? value.asInteger() : out);
    }
    case exec::ValueType::Real: {
        const double delta = static_cast<double>(offset) + 0.25;
        return exec::Value::real(below ? value.asReal() - delta : value.asReal() + delta);
    }
    case exec::ValueType::Text:
        // An upper-case letter in front sorts below most texts; a letter appended, above.
        return exec::Value::text(below ? fmt::format("A{}{}", copy, value.asText())
                                       : fmt::format("{}z{}", value.asText(), copy));
    default: return value;
    }
}

/// Makes the values of two classes obey `left op right`, and differ (a witness where
/// they are equal is what the equality `=` would give). The class no condition fixes
/// moves: a fresh key above the other, or a text just past it.
void order(const WitnessPlan& plan, const WitnessPlan::Ordering& ordering, std::vector<std::optional<exec::Value>>& values,
           int64_t& nextKey)
{
    auto& left = values[ordering.left];
    auto& right = values[ordering.right];
    if (!left || !right) return;
    // `left > right` is `right < left`: make the larger side larger.
    const bool leftLarger = ordering.bound == Bound::Greater || ordering.bound == Bound::GreaterOrEqual;
    exec::Value& small = leftLarger ? *right : *left;
    exec::Value& large = leftLarger ? *left : *right;
    const bool largeFree = plan.classes[leftLarger ? ordering.left : ordering.right].conditions.empty();
    if (isNumber(small) && isNumber(large)) {
        if (numberOf(small) < numberOf(large)) return;
        if (small.type() == exec::ValueType::Integer && large.type() == exec::ValueType::Integer) {
            if (largeFree) {
                large = exec::Value::integer(std::max(small.asInteger() + 1, nextKey));
                nextKey = large.asInteger() + 1;
            } else {
                small = exec::Value::integer(large.asInteger() - 1);
            }
        } else if (largeFree) {
            large = exec::Value::real(numberOf(small) + 1);
        } else {
            small = exec::Value::real(numberOf(large) - 1);
        }
    } else if (small.type() == exec::ValueType::Text && large.type() == exec::ValueType::Text) {
        if (small.asText() < large.asText()) return;
        if (largeFree) large = exec::Value::text(small.asText() + "z");
        else small = exec::Value::text(textBelow(large.asText()));
    }
}

// ---- placing rows --------------------------------------------------------------------

/// The column sets whose values must stay unique: the primary key as a whole, each
/// UNIQUE constraint, and each other keyed column (one a foreign key references).
std::vector<std::vector<std::size_t>> uniqueSets(const schema::Schema& schema, const schema::Table& table)
{
    std::vector<std::vector<std::size_t>> sets;
    std::vector<bool> covered(table.columns.size(), false);
    const auto add = [&](const std::vector<std::string>& names) {
        std::vector<std::size_t> set;
        for (const auto& name : names)
            if (const auto c = columnIndex(table, name); c < table.columns.size()) set.push_back(c);
        if (set.empty()) return;
        for (const std::size_t c : set) covered[c] = true;
        sets.push_back(std::move(set));
    };
    std::vector<std::string> primary = table.primaryKey;
    if (primary.empty())
        for (const auto& column : table.columns)
            if (column.primaryKey) primary.push_back(column.name);
    add(primary);
    for (const auto& unique : table.uniques) add(unique.columns);
    const std::vector<bool> keyed = keyedColumns(schema, table);
    for (std::size_t c = 0; c < keyed.size(); ++c)
        if (keyed[c] && !covered[c]) sets.push_back({c});
    return sets;
}

/// Appends `row` to `table`, first removing the rows any of its unique sets collides with.
void insertReplacing(const schema::Schema& schema, schema::DatabaseContent& content, const schema::Table& table,
                     exec::Row row)
{
    schema::TableRows* rows = rowsOf(content, table.name);
    if (rows == nullptr) {
        content.tables.push_back({table.name, {}});
        rows = &content.tables.back();
    }
    const auto sets = uniqueSets(schema, table);
    std::erase_if(rows->rows, [&](const exec::Row& existing) {
        return std::any_of(sets.begin(), sets.end(), [&](const std::vector<std::size_t>& set) {
            return std::all_of(set.begin(), set.end(), [&](std::size_t c) {
                return !row[c].isNull() && existing[c] == row[c];
            });
        });
    });
    rows->rows.push_back(std::move(row));
}

/// Adds a parent row for each foreign key of `row` that no row of the parent resolves.
void ensureParents(const schema::Schema& schema, schema::DatabaseContent& content, const schema::Table& table,
                   const exec::Row& row, fuzz::Prng& rng, int64_t& nextKey, bool unlikeConstants)
{
    for (const auto& key : table.foreignKeys) {
        const schema::Table* parent = schema.findTable(key.referencedTable);
        if (parent == nullptr || schema::sameIdentifier(parent->name, table.name)) continue;
        const auto& parentColumns = key.referencedColumns.empty() ? parent->primaryKey : key.referencedColumns;
        std::vector<std::pair<std::size_t, std::size_t>> pairs;  // (child column, parent column)
        for (std::size_t i = 0; i < key.columns.size() && i < parentColumns.size(); ++i) {
            const auto c = columnIndex(table, key.columns[i]);
            const auto p = columnIndex(*parent, parentColumns[i]);
            if (c >= table.columns.size() || p >= parent->columns.size()) {
                pairs.clear();
                break;
            }
            pairs.emplace_back(c, p);
        }
        if (pairs.empty() || std::any_of(pairs.begin(), pairs.end(), [&](auto pair) { return row[pair.first].isNull(); }))
            continue;
        const schema::TableRows* parentRows = rowsOf(content, parent->name);
        if (parentRows == nullptr || parentRows->rows.empty()) continue;
        const bool resolved = std::any_of(parentRows->rows.begin(), parentRows->rows.end(), [&](const exec::Row& candidate) {
            return std::all_of(pairs.begin(), pairs.end(), [&](auto pair) { return candidate[pair.second] == row[pair.first]; });
        });
        if (resolved) continue;
        exec::Row added = parentRows->rows[rng.index(parentRows->rows.size())];
        const std::vector<bool> keyed = keyedColumns(schema, *parent);
        for (std::size_t c = 0; c < keyed.size(); ++c) {
            if (keyed[c]) added[c] = freshValue(parent->columns[c], nextKey);
            // A parent added for a near miss must not complete the query it misses: its
            // sampled values (often the query's own constants) move off.
            else if (unlikeConstants) added[c] = perturbed(added[c], 1, rng);
        }
        for (const auto& [c, p] : pairs) added[p] = row[c];
        insertReplacing(schema, content, *parent, std::move(added));
    }
}

} // namespace

bool plantWitnesses(const schema::Schema& schema, schema::DatabaseContent& content, const WitnessPlan& plan,
                    const WitnessCopies& copies, fuzz::Prng& rng, int64_t& nextKey)
{
    std::vector<const schema::Table*> tables;
    for (const auto& name : plan.slots) {
        const schema::Table* table = schema.findTable(name);
        const schema::TableRows* rows = table != nullptr ? rowsOf(content, table->name) : nullptr;
        if (rows == nullptr || rows->rows.empty()) return false;
        tables.push_back(table);
    }
    const auto isGrouped = [&](std::size_t slot, const std::string& column) {
        return copies.oneGroup && std::any_of(plan.grouped.begin(), plan.grouped.end(), [&](const SlotColumn& at) {
                   return at.slot == slot && at.column == column;
               });
    };
    // A column's place in the whole schema, whose bits say which way it moves.
    const auto directionOf = [&](const schema::Table& table, std::size_t column) -> std::optional<bool> {
        if (!copies.directionBit) return std::nullopt;
        std::size_t place = column;
        for (const auto& other : schema.tables) {
            if (&other == &table) break;
            place += other.columns.size();
        }
        return ((place >> *copies.directionBit) & 1U) != 0;
    };
    std::vector<std::vector<exec::Row>> witnesses(copies.count);
    std::vector<std::optional<exec::Value>> firstValues;
    for (std::size_t copy = 0; copy < copies.count; ++copy) {
        std::vector<std::optional<exec::Value>> values;
        for (const auto& equal : plan.classes) {
            // A grouped class keeps the first copy's value: all copies in one group.
            if (copy > 0 && std::any_of(equal.members.begin(), equal.members.end(), [&](const SlotColumn& member) {
                    return isGrouped(member.slot, member.column);
                })) {
                values.push_back(firstValues[values.size()]);
                continue;
            }
            const SlotColumn& first = equal.members.front();
            const schema::Table& table = *tables[first.slot];
            const std::size_t c = columnIndex(table, first.column);
            const bool keyed = std::any_of(equal.members.begin(), equal.members.end(), [&](const SlotColumn& member) {
                const schema::Table& at = *tables[member.slot];
                const std::vector<bool> keyedHere = keyedColumns(schema, at);  // a bool, not a reference into it
                const std::size_t column = columnIndex(at, member.column);
                return column < keyedHere.size() && static_cast<bool>(keyedHere[column]);
            });
            const bool ordered = std::any_of(plan.orderings.begin(), plan.orderings.end(), [&](const auto& ordering) {
                return ordering.left == values.size() || ordering.right == values.size();
            });
            values.push_back(chooseValue(equal, table.columns[c], keyed || ordered, copy + copies.firstChoice, nextKey));
        }
        for (const auto& ordering : plan.orderings) order(plan, ordering, values, nextKey);
        // A class with a condition takes a value that fails it; a bare join class keeps
        // its value for every member but the last, which moves off it (below).
        std::optional<std::pair<SlotColumn, exec::Value>> detached;
        if (copies.nearMiss) {
            const std::size_t k = copies.nearMiss->equalClass;
            if (k >= plan.classes.size() || !values[k]) return false;
            const EqualColumns& equal = plan.classes[k];
            if (!equal.conditions.empty()) {
                auto missed = missing(equal.conditions.front(), copies.nearMiss->beyond);
                if (!missed) return false;
                values[k] = std::move(missed);
            } else if (equal.members.size() > 1) {
                ValueCondition same{Bound::Equal, {*values[k]}};
                auto missed = missing(same, copies.nearMiss->beyond);
                if (!missed) return false;
                detached = std::pair{equal.members.back(), std::move(*missed)};
            } else {
                return false;
            }
        }
        if (copy == 0) firstValues = values;
        for (std::size_t slot = 0; slot < plan.slots.size(); ++slot) {
            const schema::Table& table = *tables[slot];
            const schema::TableRows* rows = rowsOf(content, table.name);
            exec::Row row = rows->rows[rng.index(rows->rows.size())];
            const std::vector<bool> keyed = keyedColumns(schema, table);
            // A table the copy uses twice (a self-join) gets two rows that differ where
            // the plan leaves them free; both would be the same sampled row otherwise.
            const auto repeats = static_cast<std::size_t>(std::count(plan.slots.begin(), plan.slots.begin() + static_cast<std::ptrdiff_t>(slot), plan.slots[slot]));
            for (std::size_t c = 0; c < row.size() && c < keyed.size(); ++c) {
                if (copy > 0 && isGrouped(slot, table.columns[c].name)) row[c] = witnesses[0][slot][c];
                else if (keyed[c]) row[c] = freshValue(table.columns[c], nextKey);
                else if (copy > 0) row[c] = rng.chance(copies.share) ? witnesses[0][slot][c]
                                                                     : perturbed(row[c], copy, rng, directionOf(table, c));
                else if (repeats > 0) row[c] = perturbed(row[c], repeats, rng);
            }
            for (std::size_t k = 0; k < plan.classes.size(); ++k) {
                if (!values[k]) continue;
                for (const auto& member : plan.classes[k].members)
                    if (member.slot == slot) row[columnIndex(table, member.column)] = *values[k];
            }
            if (detached && detached->first.slot == slot) row[columnIndex(table, detached->first.column)] = detached->second;
            witnesses[copy].push_back(std::move(row));
        }
    }
    for (const auto& witness : witnesses)
        for (std::size_t slot = 0; slot < witness.size(); ++slot) insertReplacing(schema, content, *tables[slot], witness[slot]);
    for (const auto& witness : witnesses)
        for (std::size_t slot = 0; slot < witness.size(); ++slot)
            ensureParents(schema, content, *tables[slot], witness[slot], rng, nextKey, copies.nearMiss.has_value());
    return true;
}

} // namespace sqleq::targeted::detail
