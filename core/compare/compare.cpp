// compareResults / compareOutcomes: result_eq of exec_eval.py step by step (empty,
// row count, column count, quick_rej, permutation search), then an explanation of
// the outcome. The verdict depends only on the reference steps; the explanation
// (best mapping, rows only in one side) never changes it.
#include "core/compare/compare.h"

#include "core/compare/explanation.h"
#include "core/compare/normalized_table.h"
#include "core/compare/permutation_search.h"
#include "core/compare/quick_reject.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <string>

#include <algorithm>

namespace sqleq::compare {
namespace {

using detail::NormalizedTable;

std::string plural(std::size_t count, std::string_view noun)
{
    return fmt::format("{} {}{}", count, noun, count == 1 ? "" : "s");
}

/// len(result[0]) as the reference reads it; the column names only for an empty result.
std::size_t widthOf(const exec::ResultSet& result)
{
    return result.rows.empty() ? result.columnNames.size() : result.rows.front().size();
}

bool isIdentity(const std::vector<int>& permutation)
{
    for (std::size_t i = 0; i < permutation.size(); ++i) {
        if (permutation[i] != static_cast<int>(i)) return false;
    }
    return true;
}

/// "gold column 1 = candidate column 3, ..." (1-based, as a person counts columns).
std::string describeMapping(const std::vector<int>& permutation)
{
    std::string out;
    for (std::size_t i = 0; i < permutation.size(); ++i) {
        if (permutation[i] == static_cast<int>(i)) continue;
        if (!out.empty()) out += ", ";
        out += fmt::format("gold column {} = candidate column {}", i + 1, permutation[i] + 1);
    }
    return out;
}

void fillRows(Comparison& out, const exec::ResultSet& gold, const exec::ResultSet& candidate,
              detail::RowDifference difference)
{
    for (const std::size_t row : difference.onlyInGold) out.onlyInGold.push_back(gold.rows[row]);
    for (const std::size_t row : difference.onlyInCandidate)
        out.onlyInCandidate.push_back(candidate.rows[row]);
    out.onlyInGoldIndices = std::move(difference.onlyInGold);
    out.onlyInCandidateIndices = std::move(difference.onlyInCandidate);
}

/// Row or column counts differ: explain with the best mapping (equal widths) or an
/// alignment of the columns (different widths, where every row is unmatched).
void explainShapeMismatch(Comparison& out, const exec::ResultSet& gold,
                          const exec::ResultSet& candidate, const NormalizedTable& g,
                          const NormalizedTable& c)
{
    if (g.columnCount() != c.columnCount()) {
        out.columnPermutation = detail::alignColumns(g, c);
        detail::RowDifference all;
        for (std::size_t row = 0; row < g.rowCount(); ++row) all.onlyInGold.push_back(row);
        for (std::size_t row = 0; row < c.rowCount(); ++row) all.onlyInCandidate.push_back(row);
        fillRows(out, gold, candidate, std::move(all));
        if (out.orderMatters) out.firstDifferingRow = 0;
        return;
    }
    out.columnPermutation = detail::bestPermutation(g, c);
    fillRows(out, gold, candidate, detail::rowDifference(g, c, out.columnPermutation));
    if (out.orderMatters) out.firstDifferingRow = detail::firstDifferingRow(g, c, out.columnPermutation);
}

std::string quirkMessage(const detail::QuickReject& quick, const std::vector<int>& permutation)
{
    const std::string where = quick.goldRow ? fmt::format("gold row {}", *quick.goldRow + 1)
                                            : fmt::format("candidate row {}", *quick.candidateRow + 1);
    return fmt::format(
        "the rows match {}, but the official evaluator's quick rejection sorts each row's values "
        "by str(value) + str(type(value)) and the sorted form of {} has no counterpart (e.g. 2 "
        "and 2.0 sort differently), so it reports them as different",
        isIdentity(permutation) ? std::string("as they are")
                                : "after mapping " + describeMapping(permutation),
        where);
}

/// A permutation matched; the verdict now rests on quick_rej alone.
void settleMatch(Comparison& out, const NormalizedTable& g, const NormalizedTable& c,
                 std::vector<int> permutation)
{
    out.columnPermutation = std::move(permutation);
    // Without a REAL equal to an INTEGER, Python-equal values are identical, and so are
    // their sort keys and the sorted forms of matched rows: quick_rej must pass. It only
    // matters here, since without a matching permutation the answer is "different" anyway.
    const detail::QuickReject quick = g.hasIntegralReal() || c.hasIntegralReal()
                                          ? detail::quickReject(g, c, out.orderMatters)
                                          : detail::QuickReject{};
    if (!quick.passes) {
        out.reason = Reason::QuickRejectQuirk;
        out.message = quirkMessage(quick, out.columnPermutation);
        return;
    }
    out.verdict = Verdict::Same;
    out.reason = Reason::Equal;
    out.message = isIdentity(out.columnPermutation)
                      ? std::string("results are equal")
                      : "results are equal after mapping " + describeMapping(out.columnPermutation);
    if (out.orderMatters) out.message += " (row order compared)";
}

bool hasReal(const std::vector<exec::Row>& rows)
{
    return std::any_of(rows.begin(), rows.end(), [](const exec::Row& row) {
        return std::any_of(row.begin(), row.end(),
                           [](const exec::Value& value) { return value.type() == exec::ValueType::Real; });
    });
}

exec::ResultSet roundedReals(const exec::ResultSet& result)
{
    exec::ResultSet out = result;
    for (auto& row : out.rows)
        for (auto& value : row)
            if (value.type() == exec::ValueType::Real && std::isfinite(value.asReal())) {
                // from_chars, not stod: the GUI runs under the user's locale.
                const std::string text = fmt::format("{:.12g}", value.asReal());
                double rounded = value.asReal();
                std::from_chars(text.data(), text.data() + text.size(), rounded);
                value = exec::Value::real(rounded);
            }
    return out;
}

/// Whether the rows differ only past the 12th significant digit of some REAL: only
/// asked when a differing row holds a REAL, so other comparisons pay nothing.
bool differsOnlyInRounding(const Comparison& out, const exec::ResultSet& gold, const exec::ResultSet& candidate)
{
    // Rounding pairs rows up one to one, and each pair holds a REAL: a cheap test first,
    // so distillation's many real differences pay next to nothing.
    if (out.onlyInGold.size() != out.onlyInCandidate.size() || !hasReal(out.onlyInGold)) return false;
    const exec::ResultSet roundedGold = roundedReals(gold);
    const exec::ResultSet roundedCandidate = roundedReals(candidate);
    const NormalizedTable g(roundedGold.rows, widthOf(roundedGold));
    const NormalizedTable c(roundedCandidate.rows, widthOf(roundedCandidate));
    return detail::findMatchingPermutation(g, c, out.orderMatters).has_value();
}

/// Same shape, at least one row, and no permutation matched under the gold's rule.
void explainValueMismatch(Comparison& out, const exec::ResultSet& gold,
                          const exec::ResultSet& candidate, const NormalizedTable& g,
                          const NormalizedTable& c)
{
    if (out.orderMatters) {
        if (auto asBag = detail::findMatchingPermutation(g, c, false)) {
            out.reason = Reason::OrderDiffers;
            out.columnPermutation = std::move(*asBag);
            out.firstDifferingRow = detail::firstDifferingRow(g, c, out.columnPermutation);
            out.message = fmt::format(
                "same rows in a different order, first difference at row {}; row order "
                "matters for this gold query",
                out.firstDifferingRow.value_or(0) + 1);
            return;
        }
    }
    out.reason = Reason::ValuesDiffer;
    out.columnPermutation = detail::bestPermutation(g, c);
    fillRows(out, gold, candidate, detail::rowDifference(g, c, out.columnPermutation));
    if (out.orderMatters) out.firstDifferingRow = detail::firstDifferingRow(g, c, out.columnPermutation);
    // One value each: the values say it better than a count of rows and a column mapping.
    const bool scalars = gold.rows.size() == 1 && candidate.rows.size() == 1 && gold.rows[0].size() == 1
                         && candidate.rows[0].size() == 1;
    if (scalars)
        out.message = fmt::format("the gold returns {}, the candidate {}", valueInSentence(gold.rows[0][0]),
                                  valueInSentence(candidate.rows[0][0]));
    else
        out.message = fmt::format("{} only in the gold and {} only in the candidate, under the "
                                  "closest column mapping{}",
                                  plural(out.onlyInGold.size(), "row"), plural(out.onlyInCandidate.size(), "row"),
                                  isIdentity(out.columnPermutation)
                                      ? std::string()
                                      : " (" + describeMapping(out.columnPermutation) + ")");
    if (differsOnlyInRounding(out, gold, candidate)) {
        out.roundingOnly = true;
        out.message += "; they differ only in floating-point rounding (past the 12th significant digit, as when a "
                       "sum is taken in another order), which the official rule counts as different";
    }
}

std::string failureText(const exec::QueryOutcome& outcome)
{
    const std::string_view status = exec::outcomeStatusName(outcome.status);
    if (outcome.error.message.empty()) return std::string(status);
    return fmt::format("{}: {}", status, outcome.error.message);
}

} // namespace

std::string valueInSentence(const exec::Value& value)
{
    constexpr std::size_t kLongest = 40;  // characters of a text kept before "…"
    switch (value.type()) {
    case exec::ValueType::Null: return "NULL";
    case exec::ValueType::Integer: return std::to_string(value.asInteger());
    case exec::ValueType::Real: return pythonStr(value);
    case exec::ValueType::Text: {
        std::string text = pythonStr(value);
        if (text.size() > kLongest) {
            std::size_t cut = kLongest;
            while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
            text = text.substr(0, cut) + "…";
        }
        std::string quoted = "'";
        for (char c : text) quoted += c == '\'' ? std::string("''") : std::string(1, c);
        return quoted + "'";
    }
    case exec::ValueType::Blob: return fmt::format("a {}-byte BLOB", value.asBlob().size());
    }
    return {};
}

Comparison compareResults(const exec::ResultSet& gold, const exec::ResultSet& candidate,
                          bool orderMatters)
{
    Comparison out;
    out.orderMatters = orderMatters;
    if (gold.rows.empty() && candidate.rows.empty()) {
        out.verdict = Verdict::Same;
        out.reason = Reason::BothEmpty;
        out.message = "both results are empty";
        return out;
    }
    const NormalizedTable g(gold.rows, widthOf(gold));
    const NormalizedTable c(candidate.rows, widthOf(candidate));
    if (g.rowCount() != c.rowCount() || g.columnCount() != c.columnCount()) {
        const bool rowsDiffer = g.rowCount() != c.rowCount();
        out.reason = rowsDiffer ? Reason::RowCountDiffers : Reason::ColumnCountDiffers;
        out.message = rowsDiffer ? fmt::format("gold has {}, candidate has {}",
                                               plural(g.rowCount(), "row"), c.rowCount())
                                 : fmt::format("gold has {}, candidate has {}",
                                               plural(g.columnCount(), "column"), c.columnCount());
        explainShapeMismatch(out, gold, candidate, g, c);
        return out;
    }
    if (auto match = detail::findMatchingPermutation(g, c, orderMatters)) {
        settleMatch(out, g, c, std::move(*match));
        return out;
    }
    explainValueMismatch(out, gold, candidate, g, c);
    return out;
}

Comparison compareOutcomes(const exec::QueryOutcome& gold, const exec::QueryOutcome& candidate,
                           bool orderMatters)
{
    Comparison out;
    out.orderMatters = orderMatters;
    if (!gold.ok()) {
        out.reason = Reason::GoldFailed;
        out.message = "the gold query failed (" + failureText(gold) + "); there is no verdict";
        return out;
    }
    if (!candidate.ok()) {
        out.reason = Reason::CandidateFailed;
        out.message = "the candidate query failed (" + failureText(candidate) + ")";
        return out;
    }
    return compareResults(gold.result, candidate.result, orderMatters);
}

bool officialOrderMatters(std::string_view goldSql)
{
    // Python's str.lower() maps no non-ASCII character onto the ASCII letters of
    // "order by", so an ASCII-only lower-casing finds exactly the same matches.
    std::string lowered(goldSql);
    std::transform(lowered.begin(), lowered.end(), lowered.begin(), [](char ch) {
        return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch;
    });
    return lowered.find("order by") != std::string::npos;
}

std::string_view verdictName(Verdict verdict)
{
    return verdict == Verdict::Same ? "same" : "different";
}

std::string_view reasonName(Reason reason)
{
    switch (reason) {
    case Reason::BothEmpty: return "both_empty";
    case Reason::Equal: return "equal";
    case Reason::RowCountDiffers: return "row_count_differs";
    case Reason::ColumnCountDiffers: return "column_count_differs";
    case Reason::ValuesDiffer: return "values_differ";
    case Reason::OrderDiffers: return "order_differs";
    case Reason::QuickRejectQuirk: return "quick_reject_quirk";
    case Reason::CandidateFailed: return "candidate_failed";
    case Reason::GoldFailed: return "gold_failed";
    }
    return "values_differ";
}

} // namespace sqleq::compare
