// NormalizedTable: a result's rows as Python's sqlite3 would hand them over (TEXT with
// invalid UTF-8 dropped), each cell pre-hashed once; RowRef reads one row through a
// column order (a permutation, or quick_rej's per-row sort). Internal to core/compare;
// it borrows the ResultSet it was built from, which must outlive it.
#pragma once

#include "core/exec/value.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

namespace sqleq::compare::detail {

class NormalizedTable {
public:
    /// Rows narrower than `width` are padded with NULL and wider ones cut (a malformed
    /// ResultSet must not crash the comparison; SQLite never produces one).
    NormalizedTable(const std::vector<exec::Row>& rows, std::size_t width);
    NormalizedTable(const NormalizedTable&) = delete;
    NormalizedTable& operator=(const NormalizedTable&) = delete;

    [[nodiscard]] std::size_t rowCount() const { return m_rowCount; }
    [[nodiscard]] std::size_t columnCount() const { return m_width; }
    /// Some cell is a REAL equal to an INTEGER (2.0, -0.0): only then can quick_rej
    /// reject rows that a column permutation matches.
    [[nodiscard]] bool hasIntegralReal() const { return m_hasIntegralReal; }
    [[nodiscard]] const exec::Value& at(std::size_t row, std::size_t column) const
    {
        return *m_cells[row * m_width + column];
    }
    [[nodiscard]] uint64_t hashAt(std::size_t row, std::size_t column) const
    {
        return m_hashes[row * m_width + column];
    }

private:
    std::size_t m_rowCount = 0;
    std::size_t m_width = 0;
    bool m_hasIntegralReal = false;
    std::vector<const exec::Value*> m_cells;  // into the caller's rows, or into m_owned
    std::vector<uint64_t> m_hashes;
    std::deque<exec::Value> m_owned;          // repaired TEXT and padding; stable addresses
};

/// Row `row` of `table` read as the tuple (cell[columns[0]], cell[columns[1]], ...).
struct RowRef {
    const NormalizedTable* table = nullptr;
    std::size_t row = 0;
    std::span<const int> columns;
};

uint64_t rowHash(const RowRef& row);

/// Python tuple equality of two views of the same width.
bool rowsEqual(const RowRef& a, const RowRef& b);

/// 0, 1, ..., width - 1.
std::vector<int> identityColumns(std::size_t width);

} // namespace sqleq::compare::detail
