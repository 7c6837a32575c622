// Which columns a query could read is decided on its tokens, not its AST: every
// identifier, keyword and string could name a column (SQLite falls back to keywords
// and strings as names), `*` after SELECT, a comma or a dot reads every column, and
// so does NATURAL JOIN. Reading too much only makes fewer rows interchangeable.

#include "core/minimize/row_classes.h"

#include "core/base/ascii_case.h"
#include "core/sql/lexer.h"

#include <algorithm>

namespace sqleq::minimize {
namespace {

std::string unquoted(std::string_view text)
{
    if (text.size() >= 2 && (text.front() == '"' || text.front() == '[' || text.front() == '`' || text.front() == '\''))
        text = text.substr(1, text.size() - 2);
    return asciiLower(text);
}

struct NamesRead {
    std::vector<std::string> names;
    bool everyColumn = false;
    bool rowIdentity = false;  ///< rowid, oid or _rowid_: a copy's own identity is read
};

void collectNames(std::string_view sql, NamesRead& out)
{
    std::vector<sql::Token> tokens;
    sql::Lexer lexer(sql);
    lexer.tokenize(tokens);
    if (lexer.error()) out.everyColumn = true;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const sql::Token& token = tokens[i];
        if (token.kind == sql::TokenKind::Star && i > 0) {
            const sql::TokenKind before = tokens[i - 1].kind;
            if (before == sql::TokenKind::Keyword || before == sql::TokenKind::Comma || before == sql::TokenKind::Dot)
                out.everyColumn = true;
        }
        if (token.kind == sql::TokenKind::Keyword && token.keyword == sql::Keyword::Natural) out.everyColumn = true;
        if (token.kind != sql::TokenKind::Identifier && token.kind != sql::TokenKind::Keyword
            && token.kind != sql::TokenKind::String)
            continue;
        std::string name = unquoted(token.text(sql));
        if (name == "rowid" || name == "oid" || name == "_rowid_") out.rowIdentity = true;
        out.names.push_back(std::move(name));
    }
}

} // namespace

RowClasses::RowClasses(const RowGraph& graph, std::string_view goldSql, std::string_view candidateSql)
    : m_classOf(graph.rowCount(), kNone)
{
    NamesRead read;
    collectNames(goldSql, read);
    collectNames(candidateSql, read);
    if (read.rowIdentity) return;
    std::sort(read.names.begin(), read.names.end());
    read.names.erase(std::unique(read.names.begin(), read.names.end()), read.names.end());
    m_namesRead = std::move(read.names);
    m_readsEveryColumn = read.everyColumn;

    std::vector<std::size_t> run;
    const auto closeRun = [&] {
        if (run.size() >= kSmallestRun) {
            for (const std::size_t id : run) m_classOf[id] = m_members.size();
            m_members.push_back(run);
        }
        run.clear();
    };
    for (std::size_t id = 0; id < graph.rowCount(); ++id) {
        if (graph.hasDependents(id)) {
            closeRun();
            continue;
        }
        if (!run.empty() && !sameReadValues(graph, run.back(), id)) closeRun();
        run.push_back(id);
    }
    closeRun();
}

bool RowClasses::sameReadValues(const RowGraph& graph, std::size_t a, std::size_t b) const
{
    if (!graph.sameEntry(a, b)) return false;
    const schema::Table& table = graph.tableOf(a);
    const exec::Row& left = graph.row(a);
    const exec::Row& right = graph.row(b);
    for (std::size_t column = 0; column < table.columns.size() && column < left.size() && column < right.size();
         ++column) {
        const bool readable = m_readsEveryColumn
            || std::binary_search(m_namesRead.begin(), m_namesRead.end(), asciiLower(table.columns[column].name));
        if (readable && !(left[column] == right[column])) return false;
    }
    return left.size() == right.size();
}

bool RowClasses::uniform(const RowGraph& graph, const RowMask& kept, std::size_t cls) const
{
    std::size_t first = kNone;
    for (const std::size_t id : m_members[cls]) {
        if (!kept[id]) continue;
        if (first == kNone) first = id;
        else if (!sameReadValues(graph, first, id)) return false;
    }
    return true;
}

} // namespace sqleq::minimize
