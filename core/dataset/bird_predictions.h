// Reader for BIRD's predictions format: one JSON object whose keys "0".."N-1" number
// the items and whose values are `SQL\t----- bird -----\tdb_id`. The result is the
// same list of predictions a plain predictions file gives, so evaluation does not
// know which format it read. Only reading and splitting happens here; nothing is
// parsed as SQL or executed. The file is read under the dataset cap, each SQL under
// the one-query cap, and the JSON through a streaming parser that never recurses.
#pragma once

#include "core/base/result.h"
#include "core/dataset/spider_files.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::dataset {

/// BIRD's separator between the SQL and the db_id inside one value.
inline constexpr std::string_view kBirdSeparator = "\t----- bird -----\t";

struct BirdPrediction {
    std::string sql;
    std::string dbId;   ///< empty when the value carries no separator
    /// Non-empty when the item was refused by itself (a value that is not a string,
    /// an SQL over the one-query cap), naming the file and the key; sql is then empty.
    std::string error;
};

/// Splits BIRD's JSON predictions `text` (`source` names it in errors) into the
/// predictions in key order: item i is the value of key "i", whatever order the keys
/// appear in. Errors that stop the whole file name the position ("FILE: line L, column
/// C: invalid JSON: ...") or the key (a key that is not an item number, a duplicate, a
/// missing one). A value that is not a string, or an SQL larger than one query may be,
/// refuses only its own item. The SQL is the part before the separator; a value
/// without the separator is cut at its first tab, as a plain predictions line is.
Result<std::vector<BirdPrediction>> parseBirdPredictions(std::string_view text, std::string_view source);

/// True when `path` is a regular file whose first non-blank character is `{`, i.e. a
/// predictions file in BIRD's JSON format. Reads only the file's first bytes; never
/// reads from a device or a FIFO (those go to the plain reader, which caps them).
bool isBirdPredictionsFile(const std::string& path);

/// Reads BIRD's JSON predictions at `path` and aligns them with the gold items read
/// from `goldPath`: the counts must agree, and every prediction that names a db_id
/// must name its gold item's (an error names the key and the gold line otherwise, as
/// a sign that the two files do not belong together). The predictions carry no line
/// number (0): their errors name the key.
Result<std::vector<Prediction>> readBirdPredictionsFile(const std::string& path, const std::vector<GoldItem>& gold,
                                                        const std::string& goldPath);

} // namespace sqleq::dataset
