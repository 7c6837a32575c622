// Readers for the Spider ecosystem's plain-text files: the gold file
// (`SQL<TAB>db_id` per line) and a predictions file (one SQL per line, an
// optional `<TAB>db_id` suffix ignored as the official evaluator does).
// Only reading and splitting happens here; nothing is parsed or executed. Files
// are read under a size cap (core/base/capped_file.h) and every line is held to the
// 1 MiB cap on one query: a longer line is refused by itself, the rest still read.
#pragma once

#include "core/base/capped_file.h"
#include "core/base/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sqleq::dataset {

struct GoldItem {
    std::string sql;
    std::string dbId;
    uint32_t line = 0;  ///< 1-based line in the file, for error messages
    /// Non-empty when the line was refused ("FILE: line L: N bytes, larger than the
    /// 1 MiB limit for one query"); sql is then empty.
    std::string error;
};

struct Prediction {
    std::string sql;
    uint32_t line = 0;
    std::string error;  ///< as GoldItem::error
};

/// Reads a gold file (at most input_limits::kDatasetFile bytes). Blank lines are
/// skipped (the official evaluator treats them as interaction separators); a line
/// without a tab is an error naming the line; a line over input_limits::kSqlText is
/// kept as an item with `error` set and no SQL.
Result<std::vector<GoldItem>> readGoldFile(const std::string& path);

/// Reads a predictions file: the first tab-separated field of every line, blank
/// lines skipped as the official evaluator does; caps as readGoldFile.
Result<std::vector<Prediction>> readPredictionsFile(const std::string& path);

/// Reads a whole file into a string under `limit`; the error names the file and,
/// when it is too large, the limit.
Result<std::string> readTextFile(const std::string& path,
                                 const FileLimit& limit = {input_limits::kDatasetFile, "text file"});

} // namespace sqleq::dataset
