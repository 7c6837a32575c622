// The official per-item pipeline of evaluation.py's evaluate() for etype
// 'match': parse gold and prediction, take the gold's hardness before
// rebuilding, rebuild values and columns, then eval_exact_match. Also the
// optional join-predicate check that the official metric lacks.
#include "core/metrics/spider_esm.h"

#include "core/exec/spider_compat.h"

#include "core/metrics/spider_evaluator.h"
#include "core/metrics/spider_sql_parser.h"

#include <algorithm>

namespace sqleq::metrics {
namespace {

Result<const SpiderDbSchema*> findDb(const SpiderSchemaIndex& index, std::string_view dbId) {
    const auto* db = index.find(dbId);
    if (!db)
        return Diagnostic{"metrics.unknown_db", "no database '" + std::string(dbId) + "' in tables.json", {}, {}};
    return db;
}

// ON conditions as "op|col|col" with the two sides sorted, per IUE level, before rebuilding.
void joinSignature(const SpiderSql& sql, std::vector<std::vector<std::string>>& out) {
    std::vector<std::string> level;
    for (const auto* unit : condUnits(sql.fromConds)) {
        std::string a = unit->valUnit.col1.colId;
        std::string b = unit->val1.kind == SpiderValue::Kind::Column ? unit->val1.column.colId : "value";
        if (b < a)
            std::swap(a, b);
        level.push_back(std::to_string(unit->notOp) + std::to_string(unit->op) + "|" + a + "|" + b);
    }
    std::sort(level.begin(), level.end());
    out.push_back(std::move(level));
    for (const auto* nested : {&sql.intersectSql, &sql.exceptSql, &sql.unionSql}) {
        if (*nested)
            joinSignature(*nested->ptr, out);
        else
            out.push_back({"-"});
    }
}

SpiderSql emptySql() {
    SpiderSql sql;
    sql.selectDistinct = false;
    return sql;
}

void rebuild(SpiderSql& sql, const SpiderDbSchema& db) {
    const auto valid = validColUnits(sql, db);
    rebuildSqlVal(sql);
    rebuildSqlCol(valid, sql, db.foreignKeyMap);
}

} // namespace

std::string_view hardnessName(Hardness hardness) {
    switch (hardness) {
    case Hardness::Easy: return "easy";
    case Hardness::Medium: return "medium";
    case Hardness::Hard: return "hard";
    case Hardness::Extra: return "extra";
    }
    return "extra";
}

std::string_view componentName(Component component) {
    static constexpr std::string_view kNames[kComponentCount] = {
        "select", "select(no AGG)", "where", "where(no OP)", "group(no Having)",
        "group", "order", "and/or", "IUEN", "keywords"};
    return kNames[static_cast<size_t>(component)];
}

Result<Hardness> classifyHardness(std::string_view goldSql, const SpiderSchemaIndex& index,
                                  std::string_view dbId) {
    auto db = findDb(index, dbId);
    if (!db)
        return db.error();
    auto gold = parseSpiderSql(goldSql, **db);
    if (!gold)
        return gold.error();
    return evalHardness(*gold);
}

Result<EsmResult> exactSetMatch(std::string_view gold, std::string_view pred,
                                const SpiderSchemaIndex& index, std::string_view dbId,
                                const EsmOptions& options) {
    auto db = findDb(index, dbId);
    if (!db)
        return db.error();
    auto goldSql = parseSpiderSql(gold, **db);
    if (!goldSql)
        return goldSql.error();
    EsmResult result;
    result.hardness = evalHardness(*goldSql);
    const std::string predText = options.replaceValuePlaceholder
                                     ? exec::officialValuePlaceholder(pred)
                                     : std::string(pred);
    auto predSql = parseSpiderSql(predText, **db);
    result.predictionParsed = predSql.ok();
    if (!predSql)
        result.predictionError = predSql.error().message;
    SpiderSql p = predSql ? std::move(*predSql) : emptySql();
    SpiderSql& g = *goldSql;
    std::vector<std::vector<std::string>> goldJoins;
    std::vector<std::vector<std::string>> predJoins;
    joinSignature(g, goldJoins);
    joinSignature(p, predJoins);
    rebuild(g, **db);
    rebuild(p, **db);
    result.officialExact = evalExactMatch(p, g, &result.components);
    result.exact = result.officialExact &&
                   (!options.fixJoinPredicates || (result.predictionParsed && goldJoins == predJoins));
    return result;
}

} // namespace sqleq::metrics
