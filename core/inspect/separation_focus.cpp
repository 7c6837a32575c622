// The rules favour what a reader can check at a glance: a NULL or an empty table is
// what the strict profile adds, and when it is present in a column the queries read it
// is nearly always why the two queries part; otherwise the rows the shrink kept sit
// where the queries disagree, and a shrunk table mostly keeps one row whose value in the
// compared column is the one that decides.

#include "core/inspect/separation_focus.h"

#include "core/base/ascii_case.h"
#include "core/compare/compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace sqleq::inspect {
namespace {

bool isRead(const std::vector<std::string>& tablesRead, const std::string& table)
{
    return std::any_of(tablesRead.begin(), tablesRead.end(),
                       [&](const std::string& read) { return schema::sameIdentifier(read, table); });
}

bool isWordCharacter(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

/// Whether `name` occurs in `text` as a whole identifier, ignoring ASCII case.
bool mentions(std::string_view text, std::string_view name)
{
    if (name.empty()) return false;
    const std::string lowerText = asciiLower(text);
    const std::string lowerName = asciiLower(name);
    for (std::size_t at = lowerText.find(lowerName); at != std::string::npos; at = lowerText.find(lowerName, at + 1)) {
        const bool startsWord = at == 0 || !isWordCharacter(lowerText[at - 1]);
        const std::size_t end = at + lowerName.size();
        const bool endsWord = end == lowerText.size() || !isWordCharacter(lowerText[end]);
        if (startsWord && endsWord) return true;
    }
    return false;
}

/// Whether the differing clause compares values row by row: a condition, not a list.
bool isCondition(Clause clause) { return clause == Clause::Where || clause == Clause::Having || clause == Clause::From; }

/// Whether a differing clause (a condition only, when `conditionsOnly`) names `column`.
bool namedByClause(const std::vector<ClauseDifference>& clauses, std::string_view column, bool conditionsOnly)
{
    return std::any_of(clauses.begin(), clauses.end(), [&](const ClauseDifference& difference) {
        return (!conditionsOnly || isCondition(difference.clause))
               && (mentions(difference.gold, column) || mentions(difference.candidate, column));
    });
}

/// The read columns of `table`, in schema order.
std::vector<std::size_t> readColumns(const schema::Table& table, const std::vector<ColumnRead>& columnsRead)
{
    std::vector<std::size_t> read;
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        if (readsColumn(columnsRead, table.name, table.columns[c].name)) read.push_back(c);
    return read;
}

const std::vector<exec::Row>& rowsOf(const schema::DatabaseContent& content, const std::string& table)
{
    static const std::vector<exec::Row> kNone;
    const schema::TableRows* rows = content.find(table);
    return rows != nullptr ? rows->rows : kNone;
}

bool holdsNull(const std::vector<exec::Row>& rows, std::size_t column)
{
    return std::any_of(rows.begin(), rows.end(),
                       [&](const exec::Row& row) { return column < row.size() && row[column].isNull(); });
}

/// Rule 1: the first read column holding a NULL, among those the differing clauses
/// name when `namedOnly`.
std::optional<SeparationFocus> nullInReadColumn(const schema::Schema& schema, const schema::DatabaseContent& content,
                                                const std::vector<std::string>& tablesRead,
                                                const std::vector<ColumnRead>& columnsRead,
                                                const std::vector<ClauseDifference>& clauses, bool namedOnly)
{
    for (const schema::Table& table : schema.tables) {
        if (!isRead(tablesRead, table.name)) continue;
        const auto& rows = rowsOf(content, table.name);
        for (std::size_t c : readColumns(table, columnsRead)) {
            if (namedOnly && !namedByClause(clauses, table.columns[c].name, false)) continue;
            if (holdsNull(rows, c))
                return SeparationFocus{table.name, table.columns[c].name, SeparationFocus::Reason::Null, {}, 0};
        }
    }
    return std::nullopt;
}

/// Rule 3's value: the one value every row holds in `column`, when a differing condition
/// names the column.
void addDecidingValue(SeparationFocus& focus, const std::vector<exec::Row>& rows, std::size_t column,
                      const std::vector<ClauseDifference>& clauses)
{
    if (rows.empty() || !namedByClause(clauses, focus.column, true)) return;
    const exec::Value first = column < rows.front().size() ? rows.front()[column] : exec::Value();
    const bool oneValue = std::all_of(rows.begin(), rows.end(), [&](const exec::Row& row) {
        return column < row.size() && row[column] == first;
    });
    if (!oneValue || first.isNull()) return;
    focus.value = first;
    focus.rowsHoldingValue = rows.size();
}

std::string rowsText(std::size_t rows) { return fmt::format("{} row{}", rows, rows == 1 ? "" : "s"); }

std::string outcomeText(const exec::QueryOutcome& outcome)
{
    if (outcome.ok()) return rowsText(outcome.result.rows.size());
    return "does not run";
}

/// One row of one column: the result is a value, and the sentence gives it.
bool isScalar(const exec::QueryOutcome& outcome)
{
    return outcome.ok() && outcome.result.rows.size() == 1 && outcome.result.rows.front().size() == 1;
}

std::string cause(const std::optional<SeparationFocus>& focus)
{
    if (!focus) return "this database separates them";
    switch (focus->reason) {
    case SeparationFocus::Reason::Null: return fmt::format("a NULL in {}.{} separates them", focus->table, focus->column);
    case SeparationFocus::Reason::EmptyTable: return fmt::format("the empty table {} separates them", focus->table);
    case SeparationFocus::Reason::DifferingClause:
    case SeparationFocus::Reason::MostRows: break;
    }
    if (!focus->value) return "this database separates them";
    // Worded to start with a word, not a name: front ends capitalize the sentence.
    const std::string value =
        fmt::format("the value {} in {}.{}", compare::valueInSentence(*focus->value), focus->table, focus->column);
    if (focus->rowsHoldingValue <= 1) return value + " separates them";
    if (focus->rowsHoldingValue == 2) return value + " of both rows separates them";
    return fmt::format("{} of all {} rows separates them", value, focus->rowsHoldingValue);
}

} // namespace

std::optional<SeparationFocus> separationFocus(const schema::Schema& schema, const schema::DatabaseContent& content,
                                               const std::vector<std::string>& tablesRead,
                                               const std::vector<ColumnRead>& columnsRead,
                                               const std::vector<ClauseDifference>& clauses)
{
    if (auto null = nullInReadColumn(schema, content, tablesRead, columnsRead, clauses, true)) return null;
    if (auto null = nullInReadColumn(schema, content, tablesRead, columnsRead, clauses, false)) return null;
    for (const schema::Table& table : schema.tables) {
        if (isRead(tablesRead, table.name) && rowsOf(content, table.name).empty())
            return SeparationFocus{table.name, {}, SeparationFocus::Reason::EmptyTable, {}, 0};
    }
    std::optional<SeparationFocus> best;
    std::size_t bestColumn = 0;
    std::size_t bestRows = 0;
    bool bestNamedByClause = false;
    for (const schema::Table& table : schema.tables) {
        if (!isRead(tablesRead, table.name)) continue;
        const std::size_t count = rowsOf(content, table.name).size();
        const std::vector<std::size_t> read = readColumns(table, columnsRead);
        const auto named = std::find_if(read.begin(), read.end(), [&](std::size_t c) {
            return namedByClause(clauses, table.columns[c].name, false);
        });
        const bool isNamed = named != read.end();
        if (best && (count < bestRows || (count == bestRows && (bestNamedByClause || !isNamed)))) continue;
        const std::optional<std::size_t> column =
            isNamed ? std::optional(*named) : read.empty() ? std::nullopt : std::optional(read.front());
        best = SeparationFocus{table.name, column ? table.columns[*column].name : std::string(),
                               isNamed ? SeparationFocus::Reason::DifferingClause : SeparationFocus::Reason::MostRows,
                               {}, 0};
        bestColumn = column.value_or(0);
        bestRows = count;
        bestNamedByClause = isNamed;
    }
    if (best && best->reason == SeparationFocus::Reason::DifferingClause)
        addDecidingValue(*best, rowsOf(content, best->table), bestColumn, clauses);
    return best;
}

std::string separationSentence(const std::optional<SeparationFocus>& focus, const exec::QueryOutcome& gold,
                               const exec::QueryOutcome& candidate)
{
    const std::string why = cause(focus);
    if (!candidate.ok()) return fmt::format("{}: the candidate does not run", why);
    if (isScalar(gold) && isScalar(candidate))
        return fmt::format("{}: the gold returns {}, the candidate {}", why,
                           compare::valueInSentence(gold.result.rows.front().front()),
                           compare::valueInSentence(candidate.result.rows.front().front()));
    if (gold.ok() && gold.result.rows.size() == candidate.result.rows.size())
        return fmt::format("{}: the gold and the candidate each return {}, with other values", why, outcomeText(gold));
    return fmt::format("{}: the gold returns {}, the candidate {}", why, outcomeText(gold), outcomeText(candidate));
}

} // namespace sqleq::inspect
