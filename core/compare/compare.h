// compare: are two denotations the same, by the rule of the official Spider
// test-suite evaluator (taoyds/test-suite-sql-eval, exec_eval.py: result_eq), and
// if not, why — which rows are only in one side, under which column mapping.
// Pure functions over plain data; no SQLite handle, no Qt, nothing thrown.
#pragma once

#include "core/exec/query_outcome.h"
#include "core/exec/value.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::compare {

enum class Verdict { Same, Different };

enum class Reason {
    BothEmpty,           ///< same: no rows on either side (column counts are not compared)
    Equal,               ///< same: rows equal under `columnPermutation`
    RowCountDiffers,     ///< different: the row counts differ
    ColumnCountDiffers,  ///< different: same row count, different column counts
    ValuesDiffer,        ///< different: no column permutation makes the rows equal
    OrderDiffers,        ///< different: equal as bags, but the gold orders its rows
    QuickRejectQuirk,    ///< different only because of the evaluator's per-row sort (see message)
    CandidateFailed,     ///< different: the candidate raised an error, timed out or was too large
    GoldFailed,          ///< no real verdict: the gold itself failed (the reference asserts)
};

/// How to decide whether row order matters for a gold query.
enum class OrderRule {
    OfficialSubstring,  ///< 'order by' anywhere in the lower-cased gold text (exec_eval.py)
    TopLevelOrderBy,    ///< the gold has a top-level ORDER BY (decided by the SQL front end)
};

/// The verdict and its explanation, ready for a report or a diff view.
struct Comparison {
    Verdict verdict = Verdict::Different;
    Reason reason = Reason::ValuesDiffer;
    std::string message;    ///< one human sentence, e.g. "gold has 3 rows, candidate has 5"
    bool orderMatters = false;

    /// Gold column i corresponds to candidate column columnPermutation[i]: the mapping that
    /// matched, or the one leaving the fewest unmatched rows. When the column counts differ it
    /// has one entry per gold column and -1 marks a gold column without a counterpart.
    /// Empty when there were no rows to align (both empty, or a side failed).
    std::vector<int> columnPermutation;

    /// Multiset difference under `columnPermutation`. Every row is copied verbatim from its
    /// own result, in that result's own column order; the indices (ascending) point into
    /// ResultSet::rows so that a view can highlight them. When the column counts differ no
    /// row can be equal (tuples of different lengths never are), so every row is listed.
    std::vector<exec::Row> onlyInGold;
    std::vector<exec::Row> onlyInCandidate;
    std::vector<std::size_t> onlyInGoldIndices;
    std::vector<std::size_t> onlyInCandidateIndices;

    /// Ordered comparisons only: the first row index at which gold and the permuted
    /// candidate differ (or the shorter length, when one is a prefix of the other).
    std::optional<std::size_t> firstDifferingRow;

    /// ValuesDiffer only: with every REAL rounded to 12 significant digits the results
    /// would match (30.840000000000003 against 30.84, a sum taken in another order). Still
    /// "different" under the official rule; the message says so in words.
    bool roundingOnly = false;

    [[nodiscard]] bool same() const { return verdict == Verdict::Same; }
};

/// Python's `a == b` for the values Python's sqlite3 would return: INTEGER 2 == REAL 2.0
/// (exactly: 2^53+1 != 2.0^53), TEXT '2' != 2, NULL == NULL, BLOB never equals TEXT.
/// TEXT is compared after dropping invalid UTF-8 bytes, as the evaluator's
/// `decode(errors="ignore")` does.
bool pythonEqual(const exec::Value& a, const exec::Value& b);

/// Python's `str(x)`: "None", "42", repr of a float ("2.0", "1e+16", "-0.0", "inf"),
/// the text itself (invalid UTF-8 dropped), or the bytes literal ("b'\\x00a'").
std::string pythonStr(const exec::Value& value);

/// A value as a sentence quotes it: NULL, 3, 2.5, 'Federal Republic' (quotes doubled,
/// a text past 40 characters cut with "…"), "a 3-byte BLOB".
std::string valueInSentence(const exec::Value& value);

/// The reference rule, result_eq(gold, candidate, orderMatters), with an explanation.
/// Thread-safe (no shared state); cost is about linear in the number of cells unless many
/// columns hold identical value multisets and still differ as tuples.
Comparison compareResults(const exec::ResultSet& gold, const exec::ResultSet& candidate,
                          bool orderMatters);

/// As compareResults, after the failure rules: a gold that is not `Rows` yields GoldFailed
/// (verdict Different, but callers should treat it as "no verdict"); otherwise a candidate
/// that is not `Rows` yields CandidateFailed.
Comparison compareOutcomes(const exec::QueryOutcome& gold, const exec::QueryOutcome& candidate,
                           bool orderMatters);

/// exec_eval.py's rule: `'order by' in gold.lower()` — a plain substring test, so it also
/// fires on ORDER BY in a subquery or inside a string literal, and misses "ORDER\nBY".
bool officialOrderMatters(std::string_view goldSql);

/// "same" / "different".
std::string_view verdictName(Verdict verdict);

/// Stable snake_case names: "both_empty", "equal", "row_count_differs", ...
std::string_view reasonName(Reason reason);

/// A JSON object with the fields verdict, reason, message, order_matters,
/// column_permutation, only_in_gold, only_in_candidate, only_in_gold_indices,
/// only_in_candidate_indices, first_differing_row (null when absent). Values are null,
/// integers, reals, text, or {"blob_hex": "..."}; a non-finite real is {"real": "inf"}.
nlohmann::json toJson(const Comparison& comparison);

/// One value in the JSON encoding used by every sqleq report: null, integer, real,
/// text (invalid UTF-8 dropped), {"blob_hex": "..."}, or {"real": "inf"} for non-finite reals.
nlohmann::json valueToJson(const exec::Value& value);

/// Rows as a JSON array of arrays of valueToJson cells.
nlohmann::json rowsToJson(const std::vector<exec::Row>& rows);

} // namespace sqleq::compare
