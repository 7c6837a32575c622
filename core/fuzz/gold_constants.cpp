// The sorted, duplicate-free set behind GoldConstants. The order is total and
// independent of insertion order, so merged sets (and the databases sampled
// from them) do not depend on the order in which gold queries were read.

#include "core/fuzz/gold_constants.h"

#include <algorithm>

namespace sqleq::fuzz {
namespace {

/// -1, 0, 1 for ASCII case-insensitive order (SQLite's identifier rule).
int compareIdentifiers(std::string_view a, std::string_view b)
{
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
        const char x = lower(a[i]);
        const char y = lower(b[i]);
        if (x != y) return x < y ? -1 : 1;
    }
    if (a.size() == b.size()) return 0;
    return a.size() < b.size() ? -1 : 1;
}

template <typename T> int compareScalars(const T& a, const T& b) { return a < b ? -1 : (b < a ? 1 : 0); }

int compareValues(const exec::Value& a, const exec::Value& b)
{
    if (a.type() != b.type()) return compareScalars(static_cast<int>(a.type()), static_cast<int>(b.type()));
    switch (a.type()) {
    case exec::ValueType::Null: return 0;
    case exec::ValueType::Integer: return compareScalars(a.asInteger(), b.asInteger());
    case exec::ValueType::Real: return compareScalars(a.asReal(), b.asReal());
    case exec::ValueType::Text: return compareScalars(a.asText(), b.asText());
    case exec::ValueType::Blob: return compareScalars(a.asBlob(), b.asBlob());
    }
    return 0;
}

int compareConstants(const GoldConstant& a, const GoldConstant& b)
{
    if (int c = compareIdentifiers(a.table, b.table)) return c;
    if (int c = compareIdentifiers(a.column, b.column)) return c;
    if (a.use != b.use) return a.use < b.use ? -1 : 1;
    return compareValues(a.value, b.value);
}

bool constantLess(const GoldConstant& a, const GoldConstant& b) { return compareConstants(a, b) < 0; }

int compareGroups(const ConstantGroup& a, const ConstantGroup& b)
{
    const std::size_t n = std::min(a.items.size(), b.items.size());
    for (std::size_t i = 0; i < n; ++i)
        if (int c = compareConstants(a.items[i], b.items[i])) return c;
    return compareScalars(a.items.size(), b.items.size());
}

int compareColumns(const ColumnName& a, const ColumnName& b)
{
    if (int c = compareIdentifiers(a.table, b.table)) return c;
    return compareIdentifiers(a.column, b.column);
}

/// Inserts `item` into the sorted, duplicate-free `items`.
template <typename T, typename Compare> void insertSorted(std::vector<T>& items, T item, Compare compare)
{
    const auto at = std::lower_bound(items.begin(), items.end(), item,
                                     [&](const T& a, const T& b) { return compare(a, b) < 0; });
    if (at != items.end() && compare(*at, item) == 0) return;
    items.insert(at, std::move(item));
}

} // namespace

std::vector<const GoldConstant*> GoldConstants::forColumn(std::string_view table, std::string_view column) const
{
    std::vector<const GoldConstant*> out;
    for (const GoldConstant& constant : items)
        if (constant.attributed() && schema::sameIdentifier(constant.table, table)
            && schema::sameIdentifier(constant.column, column))
            out.push_back(&constant);
    return out;
}

std::vector<const GoldConstant*> GoldConstants::unattributed() const
{
    std::vector<const GoldConstant*> out;
    for (const GoldConstant& constant : items)
        if (!constant.attributed()) out.push_back(&constant);
    return out;
}

bool GoldConstants::usedNumerically(std::string_view table, std::string_view column) const
{
    return std::any_of(numericColumns.begin(), numericColumns.end(), [&](const ColumnName& name) {
        return schema::sameIdentifier(name.table, table) && schema::sameIdentifier(name.column, column);
    });
}

void GoldConstants::add(GoldConstant constant)
{
    insertSorted(items, std::move(constant), compareConstants);
}

void GoldConstants::addGroup(ConstantGroup group)
{
    std::sort(group.items.begin(), group.items.end(), constantLess);
    group.items.erase(std::unique(group.items.begin(), group.items.end(),
                                  [](const GoldConstant& a, const GoldConstant& b) { return compareConstants(a, b) == 0; }),
                      group.items.end());
    if (group.items.empty()) return;
    insertSorted(groups, std::move(group), compareGroups);
}

void GoldConstants::addNumericColumn(ColumnName column)
{
    insertSorted(numericColumns, std::move(column), compareColumns);
}

void GoldConstants::addEquatedColumns(ColumnName a, ColumnName b)
{
    const int order = compareColumns(a, b);
    if (order == 0) return;
    if (order > 0) std::swap(a, b);
    std::pair<ColumnName, ColumnName> pair{std::move(a), std::move(b)};
    const auto less = [](const auto& x, const auto& y) {
        const int first = compareColumns(x.first, y.first);
        return first != 0 ? first < 0 : compareColumns(x.second, y.second) < 0;
    };
    const auto at = std::lower_bound(equatedColumns.begin(), equatedColumns.end(), pair, less);
    if (at != equatedColumns.end() && !less(pair, *at)) return;
    equatedColumns.insert(at, std::move(pair));
}

void merge(GoldConstants& into, const GoldConstants& from)
{
    for (const GoldConstant& constant : from.items) into.add(constant);
    for (const ConstantGroup& group : from.groups) into.addGroup(group);
    for (const ColumnName& column : from.numericColumns) into.addNumericColumn(column);
    for (const auto& [a, b] : from.equatedColumns) into.addEquatedColumns(a, b);
}

} // namespace sqleq::fuzz
