// NormalizedTable: one pass over a result that repairs TEXT the way the evaluator's
// decode(errors="ignore") does and hashes every cell, so that later stages compare
// and hash rows without touching strings again.
#include "core/compare/normalized_table.h"

#include "core/compare/python_value.h"

#include <numeric>

namespace sqleq::compare::detail {

NormalizedTable::NormalizedTable(const std::vector<exec::Row>& rows, std::size_t width)
    : m_rowCount(rows.size()), m_width(width)
{
    m_cells.reserve(m_rowCount * m_width);
    m_hashes.reserve(m_rowCount * m_width);
    for (const exec::Row& row : rows) {
        for (std::size_t column = 0; column < m_width; ++column) {
            const exec::Value* cell = nullptr;
            if (column >= row.size()) {
                cell = &m_owned.emplace_back();
            } else if (row[column].type() == exec::ValueType::Text
                       && !isValidUtf8(row[column].asText())) {
                cell = &m_owned.emplace_back(exec::Value::text(dropInvalidUtf8(row[column].asText())));
            } else {
                cell = &row[column];
            }
            if (cell->type() == exec::ValueType::Real && equalsAnInteger(cell->asReal()))
                m_hasIntegralReal = true;
            m_cells.push_back(cell);
            m_hashes.push_back(hashNormalized(*cell));
        }
    }
}

uint64_t rowHash(const RowRef& row)
{
    uint64_t hash = row.columns.size();
    for (const int column : row.columns)
        hash = combineHash(hash, row.table->hashAt(row.row, static_cast<std::size_t>(column)));
    return hash;
}

bool rowsEqual(const RowRef& a, const RowRef& b)
{
    if (a.columns.size() != b.columns.size()) return false;
    for (std::size_t i = 0; i < a.columns.size(); ++i) {
        const auto ca = static_cast<std::size_t>(a.columns[i]);
        const auto cb = static_cast<std::size_t>(b.columns[i]);
        if (a.table->hashAt(a.row, ca) != b.table->hashAt(b.row, cb)) return false;
        if (!equalNormalized(a.table->at(a.row, ca), b.table->at(b.row, cb))) return false;
    }
    return true;
}

std::vector<int> identityColumns(std::size_t width)
{
    std::vector<int> columns(width);
    std::iota(columns.begin(), columns.end(), 0);
    return columns;
}

} // namespace sqleq::compare::detail
