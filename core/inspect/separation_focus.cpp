// The rules favour what a reader can check at a glance: a NULL or an empty table is
// what the strict profile adds, and when it is present it is nearly always why the two
// queries part; otherwise the rows the shrink kept sit where the queries disagree.

#include "core/inspect/separation_focus.h"

#include "core/base/ascii_case.h"

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

/// The first column of `table` (schema order) that `texts` name.
std::string firstMentioned(const schema::Table& table, const std::vector<std::string_view>& texts)
{
    for (const schema::Column& column : table.columns)
        for (std::string_view text : texts)
            if (mentions(text, column.name)) return column.name;
    return {};
}

std::string rowsText(std::size_t rows) { return fmt::format("{} row{}", rows, rows == 1 ? "" : "s"); }

std::string outcomeText(const exec::QueryOutcome& outcome)
{
    if (outcome.ok()) return rowsText(outcome.result.rows.size());
    return "does not run";
}

} // namespace

std::optional<SeparationFocus> separationFocus(const schema::Schema& schema, const schema::DatabaseContent& content,
                                               const std::vector<std::string>& tablesRead,
                                               const std::vector<ClauseDifference>& clauses,
                                               std::string_view goldSql, std::string_view candidateSql)
{
    std::vector<std::string_view> clauseTexts;
    for (const ClauseDifference& difference : clauses) {
        clauseTexts.push_back(difference.gold);
        clauseTexts.push_back(difference.candidate);
    }
    for (const schema::Table& table : schema.tables) {
        if (!isRead(tablesRead, table.name)) continue;
        const schema::TableRows* rows = content.find(table.name);
        for (const exec::Row& row : rows ? rows->rows : std::vector<exec::Row>{})
            for (std::size_t c = 0; c < row.size() && c < table.columns.size(); ++c)
                if (row[c].isNull()) return SeparationFocus{table.name, table.columns[c].name, SeparationFocus::Reason::Null};
    }
    for (const schema::Table& table : schema.tables) {
        if (!isRead(tablesRead, table.name)) continue;
        const schema::TableRows* rows = content.find(table.name);
        if (rows == nullptr || rows->rows.empty())
            return SeparationFocus{table.name, {}, SeparationFocus::Reason::EmptyTable};
    }
    std::optional<SeparationFocus> best;
    std::size_t bestRows = 0;
    bool bestNamedByClause = false;
    for (const schema::Table& table : schema.tables) {
        if (!isRead(tablesRead, table.name)) continue;
        const schema::TableRows* rows = content.find(table.name);
        const std::size_t count = rows ? rows->rows.size() : 0;
        std::string column = firstMentioned(table, clauseTexts);
        const bool namedByClause = !column.empty();
        if (column.empty()) column = firstMentioned(table, {goldSql, candidateSql});
        if (best && (count < bestRows || (count == bestRows && (bestNamedByClause || !namedByClause)))) continue;
        best = SeparationFocus{table.name, column,
                               namedByClause ? SeparationFocus::Reason::DifferingClause : SeparationFocus::Reason::MostRows};
        bestRows = count;
        bestNamedByClause = namedByClause;
    }
    return best;
}

std::string separationSentence(const std::optional<SeparationFocus>& focus, const exec::QueryOutcome& gold,
                               const exec::QueryOutcome& candidate)
{
    std::string cause = "this database separates them";
    if (focus && focus->reason == SeparationFocus::Reason::Null)
        cause = fmt::format("a NULL in {}.{} separates them", focus->table, focus->column);
    else if (focus && focus->reason == SeparationFocus::Reason::EmptyTable)
        cause = fmt::format("the empty table {} separates them", focus->table);
    if (!candidate.ok()) return fmt::format("{}: the candidate does not run", cause);
    if (gold.ok() && gold.result.rows.size() == candidate.result.rows.size())
        return fmt::format("{}: the gold and the candidate each return {}, with other values", cause, outcomeText(gold));
    return fmt::format("{}: the gold returns {}, the candidate {}", cause, outcomeText(gold), outcomeText(candidate));
}

} // namespace sqleq::inspect
