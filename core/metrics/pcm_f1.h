// PCM-F1, "partial component match F1" of SEDE (Hazoom, Malik, Bogin 2021,
// §4.1; reference code hirupert/sede, src/metrics/partial_match_eval): a soft
// exact-match metric over the sub-trees of a gold and a predicted query, scored
// per SQL clause and averaged. Pure functions over sql ASTs; no execution, no Qt.
//
// Our reading of the definition, on this project's AST instead of JSqlParser's:
// * Elements. Every expression sub-tree contributes its canonical printed form
//   (sql::print: upper-case keywords, minimal parentheses, identifiers as
//   written — so matching is case-sensitive for names, as in the reference),
//   and an operator sub-tree also its operator token: `b = 1` gives the four
//   elements b, =, 1 and "b = 1" (the paper's example). Function calls add their
//   name, CASE/CAST/EXISTS/IN/BETWEEN/LIKE their keyword. A clause with several
//   items also gets the whole list as one element (the paper's "a,b").
// * Categories. SELECT: each result column (aliases ignored, `*`, `t.*`), the
//   column list, and DISTINCT. TOP: the LIMIT expression (and OFFSET, tagged).
//   FROM: each table (schema.name, alias ignored), the table list, ON conditions
//   (options.includeOnClause; the paper's NoValues variant drops them), USING
//   columns, and the join keyword of NATURAL/LEFT/RIGHT/FULL/CROSS joins (plain,
//   INNER and comma joins are alike). WHERE, HAVING: the condition's sub-trees,
//   so every conjunct and its parts. GROUP BY: each term and the list. ORDER BY:
//   each term's sub-trees, "x DESC"/NULLS forms when not the default, the list.
// * Nesting, as the reference does it: the SELECT cores of a compound query and
//   of its WITH clauses pool their elements per category; a subquery inside an
//   expression or FROM adds its printed form plus all its own elements to the
//   category it appears in.
// * Scoring: multiset matching, precision = matched / |pred|, recall = matched /
//   |gold|, F1 their harmonic mean (0 when both are 0). A category empty on both
//   sides is skipped; empty on one side only scores 0. PCM-F1 is the mean over
//   the remaining categories — 0 when none remain, as in the reference.
#pragma once

#include "core/base/result.h"
#include "core/sql/select.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::metrics {

enum class PcmCategory { Select, Top, From, Where, GroupBy, Having, OrderBy };
inline constexpr std::size_t kPcmCategoryCount = 7;

/// "SELECT", "TOP", "FROM", "WHERE", "GROUPBY", "HAVING", "ORDERBY" (the paper's names).
std::string_view pcmCategoryName(PcmCategory category);

struct PcmOptions {
    bool includeOnClause = true; ///< false: the paper's NoValues-style ON omission
};

/// The element multisets of one query, indexed by PcmCategory.
using PcmElements = std::array<std::vector<std::string>, kPcmCategoryCount>;

struct PcmCategoryScore {
    bool present = false;  ///< some element on either side; absent ones are not averaged
    std::size_t goldCount = 0;
    std::size_t predCount = 0;
    std::size_t matched = 0;  ///< size of the multiset intersection
    double precision = 0.0;
    double recall = 0.0;
    double f1 = 0.0;
};

struct PcmF1Result {
    std::array<PcmCategoryScore, kPcmCategoryCount> categories;
    double f1 = 0.0;       ///< PCM-F1: mean F1 over present categories
    bool exact = false;    ///< PCM-EM: f1 == 1
    bool predParsed = true;
    PcmElements goldElements;
    PcmElements predElements;

    [[nodiscard]] const PcmCategoryScore& score(PcmCategory c) const { return categories[static_cast<std::size_t>(c)]; }
};

/// The elements PCM-F1 compares, per category. Pure and thread-safe.
PcmElements pcmElements(const sql::SelectStatement& statement, const PcmOptions& options = {});

/// PCM-F1 of a prediction against a gold. Pure and thread-safe.
PcmF1Result pcmF1(const sql::SelectStatement& gold, const sql::SelectStatement& pred,
                  const PcmOptions& options = {});

/// Parses both; a prediction that does not parse scores 0 (predParsed false, every
/// category of the gold present with F1 0). A gold that does not parse is an error:
/// its first parse diagnostic, span into `goldSql`.
Result<PcmF1Result> pcmF1(std::string_view goldSql, std::string_view predSql, const PcmOptions& options = {});

} // namespace sqleq::metrics
