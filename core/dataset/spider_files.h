// Readers for the Spider ecosystem's plain-text files: the gold file
// (`SQL<TAB>db_id` per line) and a predictions file (one SQL per line, an
// optional `<TAB>db_id` suffix ignored as the official evaluator does).
// Only reading and splitting happens here; nothing is parsed or executed.
#pragma once

#include "core/base/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sqleq::dataset {

struct GoldItem {
    std::string sql;
    std::string dbId;
    uint32_t line = 0;  ///< 1-based line in the file, for error messages
};

struct Prediction {
    std::string sql;
    uint32_t line = 0;
};

/// Reads a gold file. Blank lines are skipped (the official evaluator treats them
/// as interaction separators); a line without a tab is an error naming the line.
Result<std::vector<GoldItem>> readGoldFile(const std::string& path);

/// Reads a predictions file: the first tab-separated field of every line, blank
/// lines skipped as the official evaluator does.
Result<std::vector<Prediction>> readPredictionsFile(const std::string& path);

/// Reads a whole file into a string; the error names the file.
Result<std::string> readTextFile(const std::string& path);

} // namespace sqleq::dataset
