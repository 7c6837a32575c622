// process_sql.get_sql reimplemented over spiderTokenize's tokens: the official
// evaluator's recursive-descent parser with its aliases-to-tables map, default
// tables, and every assertion and lookup failure turned into a Diagnostic (a
// prediction that fails here scores 0 against the gold, as officially).
#pragma once

#include "core/base/result.h"
#include "core/metrics/spider_schema_index.h"
#include "core/metrics/spider_sql_tree.h"

#include <string_view>

namespace sqleq::metrics {

/// The official structure of `sql` on `db`, or "metrics.spider_parse" naming the failure.
/// Pure function; safe to call from several threads.
Result<SpiderSql> parseSpiderSql(std::string_view sql, const SpiderDbSchema& db);

} // namespace sqleq::metrics
