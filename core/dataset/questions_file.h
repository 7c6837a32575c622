// Reader for a questions file in the corpus's dev_questions.tsv layout: a header
// `index<TAB>db_id<TAB>question`, then one natural-language question per item.
// Only reading and splitting happens here; items are matched to gold by the caller.
#pragma once

#include "core/base/result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sqleq::dataset {

struct Question {
    std::size_t index = 0;  ///< the item's 0-based position in the gold file
    std::string dbId;
    std::string text;
    uint32_t line = 0;      ///< 1-based line in the file, for error messages
};

/// Reads a questions file. The header line is optional (recognised by its first
/// field `index`); blank lines are skipped; a tab inside the question is kept.
/// Errors name the file and line: fewer than three fields, an index that is not a
/// number.
Result<std::vector<Question>> readQuestionsFile(const std::string& path);

} // namespace sqleq::dataset
