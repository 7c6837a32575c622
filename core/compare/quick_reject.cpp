// quick_rej: Python's stable sort by the string key str(x) + str(type(x)); Python
// compares str by code point, which for valid UTF-8 is plain byte order.
#include "core/compare/quick_reject.h"

#include "core/compare/python_value.h"
#include "core/compare/row_multiset.h"

#include <algorithm>
#include <span>
#include <string>

namespace sqleq::compare::detail {
namespace {

RowRef sortedRow(const NormalizedTable& table, const std::vector<int>& order, std::size_t row)
{
    const std::size_t width = table.columnCount();
    return {&table, row, std::span<const int>(order).subspan(row * width, width)};
}

/// Stable insertion sort: rows are narrow, and std::stable_sort would allocate per row.
void stableSortColumns(std::vector<int>& columns, const std::vector<std::string>& keys)
{
    for (std::size_t i = 1; i < columns.size(); ++i) {
        const int moving = columns[i];
        const std::string& key = keys[static_cast<std::size_t>(moving)];
        std::size_t j = i;
        for (; j > 0 && key < keys[static_cast<std::size_t>(columns[j - 1])]; --j)
            columns[j] = columns[j - 1];
        columns[j] = moving;
    }
}

} // namespace

std::vector<int> unorderedColumns(const NormalizedTable& table)
{
    const std::size_t width = table.columnCount();
    std::vector<int> order;
    order.reserve(table.rowCount() * width);
    std::vector<std::string> keys(width);  // reused across rows to keep their capacity
    std::vector<int> columns(width);
    for (std::size_t row = 0; row < table.rowCount(); ++row) {
        for (std::size_t column = 0; column < width; ++column) {
            const exec::Value& value = table.at(row, column);
            keys[column].clear();
            if (value.type() == exec::ValueType::Text)
                keys[column] += value.asText();  // already repaired, no need to re-validate
            else
                appendPythonStr(keys[column], value);
            keys[column] += pythonTypeString(value.type());
            columns[column] = static_cast<int>(column);
        }
        stableSortColumns(columns, keys);
        order.insert(order.end(), columns.begin(), columns.end());
    }
    return order;
}

QuickReject quickReject(const NormalizedTable& gold, const NormalizedTable& candidate,
                        bool orderMatters)
{
    const std::vector<int> goldOrder = unorderedColumns(gold);
    const std::vector<int> candidateOrder = unorderedColumns(candidate);
    QuickReject out;
    if (orderMatters) {
        for (std::size_t row = 0; row < gold.rowCount(); ++row) {
            if (!rowsEqual(sortedRow(gold, goldOrder, row), sortedRow(candidate, candidateOrder, row))) {
                out.passes = false;
                out.goldRow = row;
                out.candidateRow = row;
                return out;
            }
        }
        return out;
    }
    // set(s1) == set(s2): every candidate row finds a gold group, every group is hit.
    RowMultiset goldSet(gold.rowCount());
    for (std::size_t row = 0; row < gold.rowCount(); ++row) goldSet.add(sortedRow(gold, goldOrder, row));
    std::vector<bool> hit(goldSet.groupCount(), false);
    for (std::size_t row = 0; row < candidate.rowCount(); ++row) {
        const auto group = goldSet.groupOf(sortedRow(candidate, candidateOrder, row));
        if (!group) {
            out.passes = false;
            out.candidateRow = row;
            return out;
        }
        hit[*group] = true;
    }
    const auto missed = std::find(hit.begin(), hit.end(), false);
    if (missed != hit.end()) {
        out.passes = false;
        out.goldRow = goldSet.firstRowOfGroup(static_cast<std::size_t>(missed - hit.begin()));
    }
    return out;
}

} // namespace sqleq::compare::detail
