// The official Spider evaluator's SQL structure (process_sql.py's `sql` dict):
// select, from (table units + join conditions), where, groupBy, having,
// orderBy, limit and one intersect/union/except. Plain data with the deep
// equality Python's == gives those dicts; it knows nothing about parsing.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sqleq::metrics {

struct SpiderSql;

/// A shared_ptr whose == compares the pointed-to trees (null == null), like dicts.
struct SpiderSqlPtr {
    std::shared_ptr<SpiderSql> ptr;
    explicit operator bool() const { return ptr != nullptr; }
    bool operator==(const SpiderSqlPtr& other) const;
};

/// (agg_id, col_id, isDistinct); distinct becomes None (nullopt) once rebuilt.
struct SpiderColUnit {
    int agg = 0;
    std::string colId;
    std::optional<bool> distinct;
    bool operator==(const SpiderColUnit&) const = default;
};

/// (unit_op, col_unit1, col_unit2).
struct SpiderValUnit {
    int unitOp = 0;
    SpiderColUnit col1;
    std::optional<SpiderColUnit> col2;
    bool operator==(const SpiderValUnit&) const = default;
};

/// A condition operand: None, a float, a quoted string token, a column or a subquery.
struct SpiderValue {
    enum class Kind { None, Number, String, Column, Subquery };
    Kind kind = Kind::None;
    double number = 0;
    std::string text;
    SpiderColUnit column;
    SpiderSqlPtr sql;
    bool operator==(const SpiderValue& other) const;
};

/// process_sql.py's WHERE_OPS; SpiderCondUnit::op is an index into it.
inline constexpr std::array<std::string_view, 12> kWhereOps = {
    "not", "between", "=", ">", "<", ">=", "<=", "!=", "in", "like", "is", "exists"};
/// The operators evaluation.py tests for by index.
inline constexpr int kWhereOpIn = 8;
inline constexpr int kWhereOpLike = 9;
static_assert(kWhereOps[kWhereOpIn] == "in" && kWhereOps[kWhereOpLike] == "like");

/// (not_op, op_id, val_unit, val1, val2).
struct SpiderCondUnit {
    bool notOp = false;
    int op = 0;
    SpiderValUnit valUnit;
    SpiderValue val1;
    SpiderValue val2;
    bool operator==(const SpiderCondUnit&) const = default;
};

/// One element of a condition list: a cond unit or an 'and'/'or' connector.
struct SpiderCondItem {
    bool isConnector = false;
    std::string connector;
    SpiderCondUnit unit;
    bool operator==(const SpiderCondItem&) const = default;
};
using SpiderCondition = std::vector<SpiderCondItem>;

/// ('table_unit', '__t__') or ('sql', subquery).
struct SpiderTableUnit {
    bool isSql = false;
    std::string table;
    SpiderSqlPtr sql;
    bool operator==(const SpiderTableUnit&) const = default;
};

struct SpiderOrderBy {
    bool present = false;  ///< Python's [] when absent, (dir, units) otherwise
    std::string direction;
    std::vector<SpiderValUnit> units;
    bool operator==(const SpiderOrderBy&) const = default;
};

struct SpiderSql {
    std::optional<bool> selectDistinct = false;
    std::vector<std::pair<int, SpiderValUnit>> select;
    std::vector<SpiderTableUnit> tableUnits;
    SpiderCondition fromConds;
    SpiderCondition where;
    std::vector<SpiderColUnit> groupBy;
    SpiderCondition having;
    SpiderOrderBy orderBy;
    std::optional<int> limit;
    SpiderSqlPtr intersectSql;
    SpiderSqlPtr exceptSql;
    SpiderSqlPtr unionSql;
    bool operator==(const SpiderSql&) const = default;
};

/// The cond units of a condition (Python's conds[::2]); connectors at even
/// positions, which only malformed input produces, are skipped.
std::vector<const SpiderCondUnit*> condUnits(const SpiderCondition& condition);
/// The connectors of a condition (conds[1::2]).
std::vector<std::string> condConnectors(const SpiderCondition& condition);

} // namespace sqleq::metrics
