// Readers for the Spider ecosystem's plain-text files: the gold file
// (`SQL<TAB>db_id` per line) and a predictions file (one SQL per line, an
// optional `<TAB>db_id` suffix ignored as the official evaluator does).
// Blank lines end interactions, as in the official evaluator's multi-turn
// (SParC, CoSQL) reading: every item keeps its interaction and turn, and the file's
// layout counts every interaction, empty ones included (two blank lines in a row
// make one). A file with one interaction is a single-turn (Spider) file.
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
    uint32_t interaction = 0;  ///< 0-based interaction (blank-line separated block)
    uint32_t turn = 0;         ///< 0-based turn within its interaction
    /// Non-empty when the line was refused ("FILE: line L: N bytes, larger than the
    /// 1 MiB limit for one query"); sql is then empty.
    std::string error;
};

struct Prediction {
    std::string sql;
    uint32_t line = 0;
    uint32_t interaction = 0;  ///< as GoldItem::interaction
    uint32_t turn = 0;
    std::string error;  ///< as GoldItem::error
};

/// The interactions of a file: how many turns each has, in order. evaluation.py's
/// reading: every blank line (whitespace only) closes the current interaction, even an
/// empty one, so consecutive blank lines and a blank line after the last one's closing
/// line add empty interactions; the last interaction counts without a closing blank
/// line when it has a turn.
struct InteractionLayout {
    std::vector<uint32_t> turns;
    /// More than one interaction: evaluation.py then reports turn and interaction
    /// accuracy (`include_turn_acc = len(glist) > 1`).
    [[nodiscard]] bool multiTurn() const { return turns.size() > 1; }
};

struct GoldFile {
    std::vector<GoldItem> items;
    InteractionLayout layout;
};

struct PredictionsFile {
    std::vector<Prediction> predictions;
    InteractionLayout layout;
};

/// Reads a gold file (at most input_limits::kDatasetFile bytes). Blank lines are
/// skipped (the official evaluator treats them as interaction separators); a line
/// without a tab is an error naming the line; a line over input_limits::kSqlText is
/// kept as an item with `error` set and no SQL.
Result<std::vector<GoldItem>> readGoldFile(const std::string& path);

/// readGoldFile with the interaction layout of the file.
Result<GoldFile> readGoldInteractions(const std::string& path);

/// Reads a predictions file: the first tab-separated field of every line, blank
/// lines skipped as the official evaluator does; caps as readGoldFile.
Result<std::vector<Prediction>> readPredictionsFile(const std::string& path);

/// readPredictionsFile with the interaction layout of the file.
Result<PredictionsFile> readPredictionInteractions(const std::string& path);

/// Reads a whole file into a string under `limit`; the error names the file and,
/// when it is too large, the limit.
Result<std::string> readTextFile(const std::string& path,
                                 const FileLimit& limit = {input_limits::kDatasetFile, "text file"});

} // namespace sqleq::dataset
