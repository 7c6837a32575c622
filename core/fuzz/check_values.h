// CheckValues: per column of one table, values its CHECK constraints name, so a
// row the checks refused can be redrawn from values built to pass them: the
// members of an IN list, compared constants and BETWEEN bounds, a value one step
// inside a strict bound (`> 1000` gives 1001), and text matching a LIKE or GLOB pattern ('____-__-__'
// gives '4k0a-7b-q2'). Random values almost never meet such checks; without
// these, every row of the table is refused and it stays empty, which the spider
// profile forbids and which makes every query over it agree.
#pragma once

#include "core/exec/value.h"
#include "core/fuzz/prng.h"
#include "core/schema/schema.h"
#include "core/sql/expr.h"

#include <string>
#include <vector>

namespace sqleq::fuzz {

class CheckValues {
public:
    /// Reads the CHECK bodies of `table` (a body sqleq cannot parse adds nothing).
    CheckValues(const schema::Table& table, const schema::Schema& schema);

    /// Whether some CHECK names a value for column `column` (its index in the table).
    [[nodiscard]] bool has(std::size_t column) const;
    /// Whether any column has such values.
    [[nodiscard]] bool empty() const { return m_empty; }

    /// One value for `column` from its checks (has(column) must hold): a named
    /// constant, a numeric neighbour of one, or a pattern's instance. Whether the
    /// whole row passes is still for the CHECKs to say.
    exec::Value draw(std::size_t column, Prng& rng) const;

private:
    struct Pattern {
        std::string text;
        sql::LikeOp op = sql::LikeOp::Like;
    };

    void addCheck(const std::string& body, const schema::Table& table, const schema::Schema& schema);
    /// For `column > 1000` (either way round), 1001: a value strictly inside the bound.
    void addInsideBound(const sql::BinaryExpr& comparison, const schema::Table& table);

    std::vector<std::vector<exec::Value>> m_values;  ///< per column
    std::vector<std::vector<Pattern>> m_patterns;    ///< per column
    std::vector<bool> m_fractional;                  ///< per column: REAL-like, so neighbours may be fractional
    bool m_empty = true;
};

/// A text that `pattern` matches under `op` (LIKE or GLOB): each one-character
/// wildcard becomes a random letter or digit, each many-character wildcard a
/// random word of 0 to 3 letters, and a GLOB class its first member.
std::string patternInstance(std::string_view pattern, sql::LikeOp op, Prng& rng);

} // namespace sqleq::fuzz
