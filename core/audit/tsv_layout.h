// tsv_layout: the column names of the annotation TSV, shared by its writer and
// its reader. The first five are esm_false_negatives.tsv's (TestSuiteEval), the
// last three are sqleq's additions. Internal to core/audit.
#pragma once

#include <array>
#include <string_view>

namespace sqleq::audit::detail {

inline constexpr std::string_view kColumnDatabase = "database name";
inline constexpr std::string_view kColumnGold = "gold";
inline constexpr std::string_view kColumnPred = "pred";
inline constexpr std::string_view kColumnReason = "equivalent reason";
inline constexpr std::string_view kColumnNote = "note";
inline constexpr std::string_view kColumnVerdict = "verdict";
inline constexpr std::string_view kColumnAnnotator = "annotator";
inline constexpr std::string_view kColumnIndex = "index";

inline constexpr std::array<std::string_view, 5> kRequiredColumns{kColumnDatabase, kColumnGold, kColumnPred,
                                                                  kColumnReason, kColumnNote};
inline constexpr std::array<std::string_view, 3> kExtraColumns{kColumnVerdict, kColumnAnnotator, kColumnIndex};

} // namespace sqleq::audit::detail
