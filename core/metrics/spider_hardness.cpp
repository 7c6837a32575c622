// eval_hardness of evaluation.py: count_component1 (where, group, order,
// limit, joins, or, like), count_component2 (nested queries) and count_others.
// Literal on purpose: count_agg over WHERE counts NOT conditions and over
// HAVING also counts the and/or connectors, exactly as the official code does.
#include "core/metrics/spider_evaluator.h"

namespace sqleq::metrics {
namespace {

int countComponent1(const SpiderSql& sql) {
    int count = 0;
    count += sql.where.empty() ? 0 : 1;
    count += sql.groupBy.empty() ? 0 : 1;
    count += sql.orderBy.present ? 1 : 0;
    count += sql.limit ? 1 : 0;
    if (!sql.tableUnits.empty())
        count += static_cast<int>(sql.tableUnits.size()) - 1;
    for (const auto* cond : {&sql.fromConds, &sql.where, &sql.having}) {
        for (const auto& connector : condConnectors(*cond))
            count += connector == "or" ? 1 : 0;
        for (const auto* unit : condUnits(*cond))
            count += unit->op == kWhereOpLike ? 1 : 0;
    }
    return count;
}

int countComponent2(const SpiderSql& sql) {
    int count = 0;
    for (const auto* cond : {&sql.fromConds, &sql.where, &sql.having})
        for (const auto* unit : condUnits(*cond))
            count += (unit->val1.kind == SpiderValue::Kind::Subquery ? 1 : 0) +
                     (unit->val2.kind == SpiderValue::Kind::Subquery ? 1 : 0);
    count += sql.intersectSql ? 1 : 0;
    count += sql.exceptSql ? 1 : 0;
    count += sql.unionSql ? 1 : 0;
    return count;
}

int countOthers(const SpiderSql& sql) {
    int aggCount = 0;
    for (const auto& [agg, unit] : sql.select)
        aggCount += agg != 0 ? 1 : 0;
    for (const auto* unit : condUnits(sql.where))
        aggCount += unit->notOp ? 1 : 0; // has_agg reads cond_unit[0], the not flag
    for (const auto& unit : sql.groupBy)
        aggCount += unit.agg != 0 ? 1 : 0;
    for (const auto& unit : sql.orderBy.units)
        aggCount += (unit.col1.agg != 0 ? 1 : 0) + (unit.col2 && unit.col2->agg != 0 ? 1 : 0);
    for (const auto& item : sql.having) // every item: connectors are truthy strings
        aggCount += item.isConnector || item.unit.notOp ? 1 : 0;
    int count = aggCount > 1 ? 1 : 0;
    count += sql.select.size() > 1 ? 1 : 0;
    count += sql.where.size() > 1 ? 1 : 0;
    count += sql.groupBy.size() > 1 ? 1 : 0;
    return count;
}

} // namespace

Hardness evalHardness(const SpiderSql& sql) {
    const int c1 = countComponent1(sql);
    const int c2 = countComponent2(sql);
    const int others = countOthers(sql);
    if (c1 <= 1 && others == 0 && c2 == 0)
        return Hardness::Easy;
    if ((others <= 2 && c1 <= 1 && c2 == 0) || (c1 <= 2 && others < 2 && c2 == 0))
        return Hardness::Medium;
    if ((others > 2 && c1 <= 2 && c2 == 0) || (c1 > 2 && c1 <= 3 && others <= 2 && c2 == 0) ||
        (c1 <= 1 && others == 0 && c2 <= 1))
        return Hardness::Hard;
    return Hardness::Extra;
}

} // namespace sqleq::metrics
