// Internal to core/metrics: evaluation.py's functions over SpiderSql —
// rebuild_sql_val / build_valid_col_units / rebuild_sql_col, the partial
// matches, eval_exact_match and eval_hardness. spider_esm.cpp composes them.
#pragma once

#include "core/metrics/spider_esm.h"
#include "core/metrics/spider_sql_tree.h"

#include <string>
#include <unordered_set>

namespace sqleq::metrics {

/// rebuild_sql_val with DISABLE_VALUE: condition values other than subqueries become None.
void rebuildSqlVal(SpiderSql& sql);
/// build_valid_col_units: every column id of the FROM clause's tables.
std::unordered_set<std::string> validColUnits(const SpiderSql& sql, const SpiderDbSchema& db);
/// rebuild_sql_col with DISABLE_DISTINCT: foreign-key unification, distinct → None.
void rebuildSqlCol(const std::unordered_set<std::string>& valid, SpiderSql& sql,
                   const std::unordered_map<std::string, std::string>& fkMap);

/// eval_partial_match(pred, label).
ComponentScores evalPartialMatch(const SpiderSql& pred, const SpiderSql& label);
/// eval_exact_match(pred, label); fills `scores` with the top-level partial scores.
bool evalExactMatch(const SpiderSql& pred, const SpiderSql& label, ComponentScores* scores = nullptr);
/// eval_hardness on a gold parse taken before rebuilding.
Hardness evalHardness(const SpiderSql& sql);

} // namespace sqleq::metrics
