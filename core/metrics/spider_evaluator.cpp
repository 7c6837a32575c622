// evaluation.py's rebuild and matching functions over SpiderSql. Kept literal on
// purpose, quirks included: nested WHERE subqueries are never column-rebuilt,
// GROUP BY compares bare column names, join conditions are never compared, and
// the and/or score swaps its totals.
#include "core/metrics/spider_evaluator.h"

#include <algorithm>
#include <set>

namespace sqleq::metrics {
namespace {

void rebuildConditionVal(SpiderCondition& condition) {
    for (size_t i = 0; i < condition.size(); i += 2) {
        if (condition[i].isConnector)
            continue;
        for (SpiderValue* value : {&condition[i].unit.val1, &condition[i].unit.val2}) {
            if (value->kind == SpiderValue::Kind::Subquery)
                rebuildSqlVal(*value->sql.ptr);
            else
                *value = SpiderValue{};
        }
    }
}

using FkMap = std::unordered_map<std::string, std::string>;
using ValidSet = std::unordered_set<std::string>;

void rebuildColUnit(const ValidSet& valid, SpiderColUnit& unit, const FkMap& fk) {
    if (auto it = fk.find(unit.colId); it != fk.end() && valid.count(unit.colId))
        unit.colId = it->second;
    unit.distinct.reset();
}

void rebuildValUnit(const ValidSet& valid, SpiderValUnit& unit, const FkMap& fk) {
    rebuildColUnit(valid, unit.col1, fk);
    if (unit.col2)
        rebuildColUnit(valid, *unit.col2, fk);
}

void rebuildConditionCol(const ValidSet& valid, SpiderCondition& condition, const FkMap& fk) {
    for (size_t i = 0; i < condition.size(); i += 2)
        if (!condition[i].isConnector)
            rebuildValUnit(valid, condition[i].unit.valUnit, fk);
}

ComponentScore scores(int count, int predTotal, int labelTotal) {
    ComponentScore score;
    score.labelTotal = labelTotal;
    score.predTotal = predTotal;
    const double v = predTotal != labelTotal ? 0 : (count == predTotal ? 1 : 0);
    score.acc = score.rec = score.f1 = v;
    return score;
}

template <typename T>
bool takeOne(std::vector<T>& pool, const T& item) {
    auto it = std::find(pool.begin(), pool.end(), item);
    if (it == pool.end())
        return false;
    pool.erase(it);
    return true;
}

void evalSelect(const SpiderSql& pred, const SpiderSql& label, ComponentScores& out) {
    auto labelSel = label.select;
    std::vector<SpiderValUnit> labelWoAgg;
    for (const auto& unit : label.select)
        labelWoAgg.push_back(unit.second);
    int count = 0;
    int countWoAgg = 0;
    for (const auto& unit : pred.select) {
        count += takeOne(labelSel, unit) ? 1 : 0;
        countWoAgg += takeOne(labelWoAgg, unit.second) ? 1 : 0;
    }
    const int predTotal = static_cast<int>(pred.select.size());
    const int labelTotal = static_cast<int>(label.select.size());
    out[Component::Select] = scores(count, predTotal, labelTotal);
    out[Component::SelectNoAgg] = scores(countWoAgg, predTotal, labelTotal);
}

void evalWhere(const SpiderSql& pred, const SpiderSql& label, ComponentScores& out) {
    std::vector<SpiderCondUnit> labelConds;
    std::vector<SpiderValUnit> labelWoOp;
    for (const auto* unit : condUnits(label.where)) {
        labelConds.push_back(*unit);
        labelWoOp.push_back(unit->valUnit);
    }
    const auto predConds = condUnits(pred.where);
    const int labelTotal = static_cast<int>(labelConds.size());
    int count = 0;
    int countWoOp = 0;
    for (const auto* unit : predConds) {
        count += takeOne(labelConds, *unit) ? 1 : 0;
        countWoOp += takeOne(labelWoOp, unit->valUnit) ? 1 : 0;
    }
    const int predTotal = static_cast<int>(predConds.size());
    out[Component::Where] = scores(count, predTotal, labelTotal);
    out[Component::WhereNoOp] = scores(countWoOp, predTotal, labelTotal);
}

std::string bareColumn(const std::string& colId) {
    const auto dot = colId.find('.');
    if (dot == std::string::npos)
        return colId;
    const auto next = colId.find('.', dot + 1);
    return colId.substr(dot + 1, next == std::string::npos ? std::string::npos : next - dot - 1);
}

void evalGroup(const SpiderSql& pred, const SpiderSql& label, ComponentScores& out) {
    std::vector<std::string> labelCols;
    for (const auto& unit : label.groupBy)
        labelCols.push_back(bareColumn(unit.colId));
    int count = 0;
    for (const auto& unit : pred.groupBy)
        count += takeOne(labelCols, bareColumn(unit.colId)) ? 1 : 0;
    out[Component::GroupNoHaving] = scores(count, static_cast<int>(pred.groupBy.size()),
                                           static_cast<int>(label.groupBy.size()));

    const int predTotal = pred.groupBy.empty() ? 0 : 1;
    const int labelTotal = label.groupBy.empty() ? 0 : 1;
    auto ids = [](const SpiderSql& sql) {
        std::vector<std::string> cols;
        for (const auto& unit : sql.groupBy)
            cols.push_back(unit.colId);
        return cols;
    };
    const bool same = predTotal == 1 && labelTotal == 1 && ids(pred) == ids(label) &&
                      pred.having == label.having;
    out[Component::Group] = scores(same ? 1 : 0, predTotal, labelTotal);
}

void evalOrder(const SpiderSql& pred, const SpiderSql& label, ComponentScores& out) {
    const int predTotal = pred.orderBy.present ? 1 : 0;
    const int labelTotal = label.orderBy.present ? 1 : 0;
    const bool same = label.orderBy.present && pred.orderBy == label.orderBy &&
                      pred.limit.has_value() == label.limit.has_value();
    out[Component::Order] = scores(same ? 1 : 0, predTotal, labelTotal);
}

void evalAndOr(const SpiderSql& pred, const SpiderSql& label, ComponentScores& out) {
    const auto p = condConnectors(pred.where);
    const auto l = condConnectors(label.where);
    const std::set<std::string> predSet(p.begin(), p.end());
    const std::set<std::string> labelSet(l.begin(), l.end());
    if (predSet == labelSet)
        out[Component::AndOr] = scores(1, 1, 1);
    else // evaluation.py returns (len(pred), len(label), 0) into (label_total, pred_total, cnt)
        out[Component::AndOr] = scores(0, static_cast<int>(labelSet.size()),
                                       static_cast<int>(predSet.size()));
}

void evalIuen(const SpiderSql& pred, const SpiderSql& label, ComponentScores& out) {
    int labelTotal = 0;
    int predTotal = 0;
    int count = 0;
    const std::pair<const SpiderSqlPtr*, const SpiderSqlPtr*> pairs[] = {
        {&pred.intersectSql, &label.intersectSql},
        {&pred.exceptSql, &label.exceptSql},
        {&pred.unionSql, &label.unionSql}};
    for (const auto& [p, l] : pairs) {
        predTotal += *p ? 1 : 0;
        labelTotal += *l ? 1 : 0;
        if (*p && *l)
            count += evalExactMatch(*p->ptr, *l->ptr) ? 1 : 0;
    }
    out[Component::Iuen] = scores(count, predTotal, labelTotal);
}

std::set<std::string> keywords(const SpiderSql& sql) {
    std::set<std::string> res;
    if (!sql.where.empty()) res.insert("where");
    if (!sql.groupBy.empty()) res.insert("group");
    if (!sql.having.empty()) res.insert("having");
    if (sql.orderBy.present) {
        res.insert(sql.orderBy.direction);
        res.insert("order");
    }
    if (sql.limit) res.insert("limit");
    if (sql.exceptSql) res.insert("except");
    if (sql.unionSql) res.insert("union");
    if (sql.intersectSql) res.insert("intersect");
    for (const auto* cond : {&sql.fromConds, &sql.where, &sql.having}) {
        for (const auto& connector : condConnectors(*cond))
            if (connector == "or") res.insert("or");
        for (const auto* unit : condUnits(*cond)) {
            if (unit->notOp) res.insert("not");
            if (unit->op == kWhereOpIn) res.insert("in");
            if (unit->op == kWhereOpLike) res.insert("like");
        }
    }
    return res;
}

void evalKeywords(const SpiderSql& pred, const SpiderSql& label, ComponentScores& out) {
    const auto p = keywords(pred);
    const auto l = keywords(label);
    int count = 0;
    for (const auto& k : p)
        count += l.count(k) ? 1 : 0;
    out[Component::Keywords] = scores(count, static_cast<int>(p.size()), static_cast<int>(l.size()));
}

// sorted() of ('table_unit', id) / ('sql', dict) tuples: 'sql' < 'table_unit', ids by string.
std::vector<SpiderTableUnit> sortedTables(std::vector<SpiderTableUnit> units) {
    std::stable_sort(units.begin(), units.end(), [](const SpiderTableUnit& a, const SpiderTableUnit& b) {
        if (a.isSql != b.isSql)
            return a.isSql;
        return !a.isSql && a.table < b.table;
    });
    return units;
}

} // namespace

void rebuildSqlVal(SpiderSql& sql) {
    rebuildConditionVal(sql.fromConds);
    rebuildConditionVal(sql.having);
    rebuildConditionVal(sql.where);
    for (auto* nested : {&sql.intersectSql, &sql.exceptSql, &sql.unionSql})
        if (*nested)
            rebuildSqlVal(*nested->ptr);
}

std::unordered_set<std::string> validColUnits(const SpiderSql& sql, const SpiderDbSchema& db) {
    std::set<std::string> prefixes;
    for (const auto& unit : sql.tableUnits)
        if (!unit.isSql && unit.table.size() >= 2)
            prefixes.insert(unit.table.substr(0, unit.table.size() - 2));
    std::unordered_set<std::string> valid;
    for (const auto& [key, id] : db.idMap) {
        const auto dot = id.find('.');
        if (dot != std::string::npos && prefixes.count(id.substr(0, dot)))
            valid.insert(id);
    }
    return valid;
}

void rebuildSqlCol(const ValidSet& valid, SpiderSql& sql, const FkMap& fk) {
    for (auto& [agg, unit] : sql.select)
        rebuildValUnit(valid, unit, fk);
    sql.selectDistinct.reset();
    rebuildConditionCol(valid, sql.fromConds, fk);
    rebuildConditionCol(valid, sql.where, fk);
    for (auto& unit : sql.groupBy)
        rebuildColUnit(valid, unit, fk);
    for (auto& unit : sql.orderBy.units)
        rebuildValUnit(valid, unit, fk);
    rebuildConditionCol(valid, sql.having, fk);
    for (auto* nested : {&sql.intersectSql, &sql.exceptSql, &sql.unionSql})
        if (*nested)
            rebuildSqlCol(valid, *nested->ptr, fk);
}

ComponentScores evalPartialMatch(const SpiderSql& pred, const SpiderSql& label) {
    ComponentScores out;
    evalSelect(pred, label, out);
    evalWhere(pred, label, out);
    evalGroup(pred, label, out);
    evalOrder(pred, label, out);
    evalAndOr(pred, label, out);
    evalIuen(pred, label, out);
    evalKeywords(pred, label, out);
    return out;
}

bool evalExactMatch(const SpiderSql& pred, const SpiderSql& label, ComponentScores* scoresOut) {
    const auto partial = evalPartialMatch(pred, label);
    if (scoresOut)
        *scoresOut = partial;
    for (const auto& score : partial.scores)
        if (score.f1 != 1)
            return false;
    if (!label.tableUnits.empty())
        return sortedTables(label.tableUnits) == sortedTables(pred.tableUnits);
    return true;
}

} // namespace sqleq::metrics
