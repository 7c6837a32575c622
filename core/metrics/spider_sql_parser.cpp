// The official parser, rule for rule (parse_sql, parse_from, parse_select,
// parse_condition, parse_value, ...). Python raises on a missing key, a failed
// assert or an index past the end; here those are a ParseAbort that never leaves
// this file: parseSpiderSql turns it into a Diagnostic. Python's recursion limit
// ends hostile nesting there; here parse_sql counts its depth (subqueries and
// INTERSECT/UNION/EXCEPT arms alike) and stops at kMaxSqlDepth with the position.
#include "core/metrics/spider_sql_parser.h"

#include "core/metrics/spider_tokenizer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>

namespace sqleq::metrics {
namespace {

struct ParseAbort {
    std::string message;
};

/// Nested parse_sql calls at most: far beyond any real query (Spider's deepest nests
/// 4), far below what the stack of a worker thread holds.
constexpr size_t kMaxSqlDepth = 200;

constexpr std::array<std::string_view, 9> kClauseKeywords = {
    "select", "from", "where", "group", "order", "limit", "intersect", "union", "except"};
constexpr std::array<std::string_view, 3> kJoinKeywords = {"join", "on", "as"};
constexpr std::array<std::string_view, 5> kUnitOps = {"none", "-", "+", "*", "/"};
constexpr std::array<std::string_view, 6> kAggOps = {"none", "max", "min", "count", "sum", "avg"};
constexpr std::array<std::string_view, 3> kSqlOps = {"intersect", "union", "except"};

template <size_t N>
int indexIn(const std::array<std::string_view, N>& list, std::string_view tok) {
    auto it = std::find(list.begin(), list.end(), tok);
    return it == list.end() ? -1 : static_cast<int>(it - list.begin());
}

bool isClauseKeyword(std::string_view tok) { return indexIn(kClauseKeywords, tok) >= 0; }
bool isJoinKeyword(std::string_view tok) { return indexIn(kJoinKeywords, tok) >= 0; }

// Python's float(): optional sign, digits with single underscores, '.', exponent, inf/nan.
bool pythonFloat(const std::string& tok, double& out) {
    std::string s;
    size_t i = 0;
    if (i < tok.size() && (tok[i] == '+' || tok[i] == '-'))
        s += tok[i++];
    const std::string rest = tok.substr(i);
    if (rest == "inf" || rest == "infinity" || rest == "nan") {
        out = rest == "nan" ? NAN : (s == "-" ? -INFINITY : INFINITY);
        return true;
    }
    bool digits = false;
    bool dot = false;
    bool exp = false;
    for (; i < tok.size(); ++i) {
        const char c = tok[i];
        if (c >= '0' && c <= '9') {
            digits = true;
        } else if (c == '_') {
            const bool ok = i > 0 && i + 1 < tok.size() && std::isdigit(static_cast<unsigned char>(tok[i - 1])) &&
                            std::isdigit(static_cast<unsigned char>(tok[i + 1]));
            if (!ok)
                return false;
            continue;
        } else if (c == '.' && !dot && !exp) {
            dot = true;
        } else if ((c == 'e' || c == 'E') && digits && !exp) {
            exp = true;
            s += c;
            if (i + 1 < tok.size() && (tok[i + 1] == '+' || tok[i + 1] == '-'))
                s += tok[++i];
            if (i + 1 >= tok.size())
                return false;
            continue;
        } else {
            return false;
        }
        s += c;
    }
    if (!digits)
        return false;
    out = std::strtod(s.c_str(), nullptr);
    return true;
}

class Parser {
public:
    Parser(const std::vector<std::string>& toks, const std::map<std::string, std::string>& aliases,
           const SpiderDbSchema& db)
        : m_toks(toks), m_aliases(aliases), m_db(db) {}

    size_t parseSql(size_t start, SpiderSql& sql);
    size_t parseColUnit(size_t start, const std::vector<std::string>* defaults, SpiderColUnit& out);

private:
    const std::string& at(size_t idx) const {
        if (idx >= m_toks.size())
            throw ParseAbort{"list index out of range"};
        return m_toks[idx];
    }
    size_t len() const { return m_toks.size(); }
    static void check(bool ok, const std::string& what) {
        if (!ok)
            throw ParseAbort{what};
    }
    const std::string& alias(const std::string& name) const {
        auto it = m_aliases.find(name);
        check(it != m_aliases.end(), "unknown table or alias '" + name + "'");
        return it->second;
    }
    const std::string& idOf(const std::string& key) const {
        auto it = m_db.idMap.find(key);
        check(it != m_db.idMap.end(), "unknown column or table '" + key + "'");
        return it->second;
    }

    size_t parseCol(size_t start, const std::vector<std::string>* defaults, std::string& colId);
    size_t parseValUnit(size_t start, const std::vector<std::string>* defaults, SpiderValUnit& out);
    size_t parseTableUnit(size_t start, std::string& id, std::string& table);
    size_t parseValue(size_t start, const std::vector<std::string>* defaults, SpiderValue& out);
    size_t parseCondition(size_t start, const std::vector<std::string>* defaults, SpiderCondition& out);
    size_t parseSelect(size_t start, const std::vector<std::string>* defaults, SpiderSql& sql);
    size_t parseFrom(size_t start, SpiderSql& sql, std::vector<std::string>& defaults);
    size_t parseGroupBy(size_t start, const std::vector<std::string>* defaults, SpiderSql& sql);
    size_t parseOrderBy(size_t start, const std::vector<std::string>* defaults, SpiderSql& sql);
    size_t skipSemicolon(size_t idx) const {
        while (idx < len() && m_toks[idx] == ";")
            ++idx;
        return idx;
    }

    const std::vector<std::string>& m_toks;
    const std::map<std::string, std::string>& m_aliases;
    const SpiderDbSchema& m_db;
    size_t m_depth = 0;

    friend class DepthGuard;
};

/// One level of parse_sql; throws ParseAbort past kMaxSqlDepth.
class DepthGuard {
public:
    DepthGuard(Parser& parser, size_t tokenIndex) : m_parser(parser) {
        if (++m_parser.m_depth > kMaxSqlDepth) {
            --m_parser.m_depth;
            throw ParseAbort{"the query nests subqueries and set operations more than " +
                             std::to_string(kMaxSqlDepth) + " levels deep (at token " +
                             std::to_string(tokenIndex + 1) + ")"};
        }
    }
    ~DepthGuard() { --m_parser.m_depth; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

private:
    Parser& m_parser;
};

size_t Parser::parseCol(size_t start, const std::vector<std::string>* defaults, std::string& colId) {
    const std::string& tok = at(start);
    if (tok == "*") {
        colId = idOf(tok);
        return start + 1;
    }
    if (const auto dot = tok.find('.'); dot != std::string::npos) {
        check(tok.find('.', dot + 1) == std::string::npos, "too many values to unpack");
        colId = idOf(alias(tok.substr(0, dot)) + "." + tok.substr(dot + 1));
        return start + 1;
    }
    check(defaults && !defaults->empty(), "Default tables should not be None or empty");
    for (const auto& name : *defaults) {
        const std::string& table = alias(name);
        auto it = m_db.columns.find(table);
        check(it != m_db.columns.end(), "unknown table '" + table + "'");
        if (std::find(it->second.begin(), it->second.end(), tok) != it->second.end()) {
            colId = idOf(table + "." + tok);
            return start + 1;
        }
    }
    throw ParseAbort{"Error col: " + tok};
}

size_t Parser::parseColUnit(size_t start, const std::vector<std::string>* defaults, SpiderColUnit& out) {
    size_t idx = start;
    bool block = false;
    out.distinct = false;
    if (at(idx) == "(") {
        block = true;
        ++idx;
    }
    if (const int agg = indexIn(kAggOps, at(idx)); agg >= 0) {
        out.agg = agg;
        ++idx;
        check(idx < len() && m_toks[idx] == "(", "expected '('");
        ++idx;
        if (at(idx) == "distinct") {
            ++idx;
            out.distinct = true;
        }
        idx = parseCol(idx, defaults, out.colId);
        check(idx < len() && m_toks[idx] == ")", "expected ')'");
        return idx + 1;
    }
    if (at(idx) == "distinct") {
        ++idx;
        out.distinct = true;
    }
    out.agg = 0;
    idx = parseCol(idx, defaults, out.colId);
    if (block) {
        check(at(idx) == ")", "expected ')'");
        ++idx;
    }
    return idx;
}

size_t Parser::parseValUnit(size_t start, const std::vector<std::string>* defaults, SpiderValUnit& out) {
    size_t idx = start;
    bool block = false;
    if (at(idx) == "(") {
        block = true;
        ++idx;
    }
    out.unitOp = 0;
    idx = parseColUnit(idx, defaults, out.col1);
    if (idx < len() && indexIn(kUnitOps, m_toks[idx]) >= 0) {
        out.unitOp = indexIn(kUnitOps, m_toks[idx]);
        ++idx;
        out.col2.emplace();
        idx = parseColUnit(idx, defaults, *out.col2);
    }
    if (block) {
        check(at(idx) == ")", "expected ')'");
        ++idx;
    }
    return idx;
}

size_t Parser::parseTableUnit(size_t start, std::string& id, std::string& table) {
    table = alias(at(start));
    id = idOf(table);
    return start + 1 < len() && m_toks[start + 1] == "as" ? start + 3 : start + 1;
}

size_t Parser::parseValue(size_t start, const std::vector<std::string>* defaults, SpiderValue& out) {
    size_t idx = start;
    bool block = false;
    if (at(idx) == "(") {
        block = true;
        ++idx;
    }
    double number = 0;
    if (at(idx) == "select") {
        out.kind = SpiderValue::Kind::Subquery;
        out.sql.ptr = std::make_shared<SpiderSql>();
        idx = parseSql(idx, *out.sql.ptr);
    } else if (m_toks[idx].find('"') != std::string::npos) {
        out.kind = SpiderValue::Kind::String;
        out.text = m_toks[idx++];
    } else if (pythonFloat(m_toks[idx], number)) {
        out.kind = SpiderValue::Kind::Number;
        out.number = number;
        ++idx;
    } else {
        size_t end = idx;
        while (end < len() && m_toks[end] != "," && m_toks[end] != ")" && m_toks[end] != "and" &&
               !isClauseKeyword(m_toks[end]) && !isJoinKeyword(m_toks[end]))
            ++end;
        const std::vector<std::string> slice(m_toks.begin() + static_cast<long>(start),
                                             m_toks.begin() + static_cast<long>(end));
        Parser sub(slice, m_aliases, m_db);
        out.kind = SpiderValue::Kind::Column;
        sub.parseColUnit(0, defaults, out.column);
        idx = end;
    }
    if (block) {
        check(at(idx) == ")", "expected ')'");
        ++idx;
    }
    return idx;
}

size_t Parser::parseCondition(size_t start, const std::vector<std::string>* defaults,
                              SpiderCondition& out) {
    size_t idx = start;
    while (idx < len()) {
        SpiderCondItem item;
        SpiderCondUnit& unit = item.unit;
        idx = parseValUnit(idx, defaults, unit.valUnit);
        if (at(idx) == "not") {
            unit.notOp = true;
            ++idx;
        }
        check(idx < len() && indexIn(kWhereOps, m_toks[idx]) >= 0, "Error condition");
        unit.op = indexIn(kWhereOps, m_toks[idx]);
        ++idx;
        idx = parseValue(idx, defaults, unit.val1);
        if (unit.op == 1) { // between .. and ..
            check(at(idx) == "and", "expected 'and'");
            ++idx;
            idx = parseValue(idx, defaults, unit.val2);
        }
        out.push_back(std::move(item));
        if (idx < len() && (isClauseKeyword(m_toks[idx]) || m_toks[idx] == ")" || m_toks[idx] == ";" ||
                            isJoinKeyword(m_toks[idx])))
            break;
        if (idx < len() && (m_toks[idx] == "and" || m_toks[idx] == "or")) {
            out.push_back(SpiderCondItem{true, m_toks[idx], {}});
            ++idx;
        }
    }
    return idx;
}

size_t Parser::parseSelect(size_t start, const std::vector<std::string>* defaults, SpiderSql& sql) {
    size_t idx = start;
    check(at(idx) == "select", "'select' not found");
    ++idx;
    sql.selectDistinct = false;
    if (idx < len() && m_toks[idx] == "distinct") {
        ++idx;
        sql.selectDistinct = true;
    }
    while (idx < len() && !isClauseKeyword(m_toks[idx])) {
        int agg = 0;
        if (const int found = indexIn(kAggOps, m_toks[idx]); found >= 0) {
            agg = found;
            ++idx;
        }
        SpiderValUnit unit;
        idx = parseValUnit(idx, defaults, unit);
        sql.select.emplace_back(agg, std::move(unit));
        if (idx < len() && m_toks[idx] == ",")
            ++idx;
    }
    return idx;
}

size_t Parser::parseFrom(size_t start, SpiderSql& sql, std::vector<std::string>& defaults) {
    auto from = std::find(m_toks.begin() + static_cast<long>(std::min(start, len())), m_toks.end(), "from");
    check(from != m_toks.end(), "'from' not found");
    size_t idx = static_cast<size_t>(from - m_toks.begin()) + 1;
    while (idx < len()) {
        bool block = false;
        if (m_toks[idx] == "(") {
            block = true;
            ++idx;
        }
        if (at(idx) == "select") {
            SpiderTableUnit unit;
            unit.isSql = true;
            unit.sql.ptr = std::make_shared<SpiderSql>();
            idx = parseSql(idx, *unit.sql.ptr);
            sql.tableUnits.push_back(std::move(unit));
        } else {
            if (idx < len() && m_toks[idx] == "join")
                ++idx;
            SpiderTableUnit unit;
            std::string table;
            idx = parseTableUnit(idx, unit.table, table);
            sql.tableUnits.push_back(std::move(unit));
            defaults.push_back(table);
        }
        if (idx < len() && m_toks[idx] == "on") {
            ++idx;
            SpiderCondition conds;
            idx = parseCondition(idx, &defaults, conds);
            if (!sql.fromConds.empty())
                sql.fromConds.push_back(SpiderCondItem{true, "and", {}});
            sql.fromConds.insert(sql.fromConds.end(), conds.begin(), conds.end());
        }
        if (block) {
            check(at(idx) == ")", "expected ')'");
            ++idx;
        }
        if (idx < len() && (isClauseKeyword(m_toks[idx]) || m_toks[idx] == ")" || m_toks[idx] == ";"))
            break;
    }
    return idx;
}

size_t Parser::parseGroupBy(size_t start, const std::vector<std::string>* defaults, SpiderSql& sql) {
    size_t idx = start;
    if (idx >= len() || m_toks[idx] != "group")
        return idx;
    ++idx;
    check(at(idx) == "by", "expected 'by'");
    ++idx;
    while (idx < len() && !(isClauseKeyword(m_toks[idx]) || m_toks[idx] == ")" || m_toks[idx] == ";")) {
        SpiderColUnit unit;
        idx = parseColUnit(idx, defaults, unit);
        sql.groupBy.push_back(std::move(unit));
        if (idx < len() && m_toks[idx] == ",")
            ++idx;
        else
            break;
    }
    return idx;
}

size_t Parser::parseOrderBy(size_t start, const std::vector<std::string>* defaults, SpiderSql& sql) {
    size_t idx = start;
    if (idx >= len() || m_toks[idx] != "order")
        return idx;
    ++idx;
    check(at(idx) == "by", "expected 'by'");
    ++idx;
    sql.orderBy.present = true;
    sql.orderBy.direction = "asc";
    while (idx < len() && !(isClauseKeyword(m_toks[idx]) || m_toks[idx] == ")" || m_toks[idx] == ";")) {
        SpiderValUnit unit;
        idx = parseValUnit(idx, defaults, unit);
        sql.orderBy.units.push_back(std::move(unit));
        if (idx < len() && (m_toks[idx] == "asc" || m_toks[idx] == "desc"))
            sql.orderBy.direction = m_toks[idx++];
        if (idx < len() && m_toks[idx] == ",")
            ++idx;
        else
            break;
    }
    return idx;
}

size_t Parser::parseSql(size_t start, SpiderSql& sql) {
    const DepthGuard depth(*this, start);
    size_t idx = start;
    bool block = false;
    if (at(idx) == "(") {
        block = true;
        ++idx;
    }
    std::vector<std::string> defaults;
    const size_t fromEnd = parseFrom(start, sql, defaults);
    parseSelect(idx, &defaults, sql);
    idx = fromEnd;
    if (idx < len() && m_toks[idx] == "where")
        idx = parseCondition(idx + 1, &defaults, sql.where);
    idx = parseGroupBy(idx, &defaults, sql);
    if (idx < len() && m_toks[idx] == "having")
        idx = parseCondition(idx + 1, &defaults, sql.having);
    idx = parseOrderBy(idx, &defaults, sql);
    if (idx < len() && m_toks[idx] == "limit") {
        idx += 2;
        at(idx - 1); // Python reads the limit token, so a trailing LIMIT raises
        sql.limit = 1; // tokens are never ints: the official parser always stores 1
    }
    idx = skipSemicolon(idx);
    if (block) {
        check(at(idx) == ")", "expected ')'");
        ++idx;
    }
    idx = skipSemicolon(idx);
    if (idx < len() && indexIn(kSqlOps, m_toks[idx]) >= 0) {
        const std::string op = m_toks[idx++];
        SpiderSqlPtr nested{std::make_shared<SpiderSql>()};
        idx = parseSql(idx, *nested.ptr);
        (op == "intersect" ? sql.intersectSql : op == "union" ? sql.unionSql : sql.exceptSql) = nested;
    }
    return idx;
}

// scan_alias + get_tables_with_alias: "x AS y" maps y → x; a table name used as an alias raises.
std::map<std::string, std::string> tablesWithAlias(const std::vector<std::string>& toks,
                                                   const SpiderDbSchema& db) {
    std::map<std::string, std::string> aliases;
    for (size_t i = 0; i < toks.size(); ++i) {
        if (toks[i] != "as")
            continue;
        if (i + 1 >= toks.size())
            throw ParseAbort{"list index out of range"};
        aliases[toks[i + 1]] = i == 0 ? toks.back() : toks[i - 1];
    }
    for (const auto& [table, cols] : db.columns) {
        if (aliases.count(table))
            throw ParseAbort{"Alias " + table + " has the same name in table"};
        aliases[table] = table;
    }
    return aliases;
}

} // namespace

Result<SpiderSql> parseSpiderSql(std::string_view sql, const SpiderDbSchema& db) {
    auto toks = spiderTokenize(sql);
    if (!toks)
        return Diagnostic{"metrics.spider_parse", toks.error().message, {}, {}};
    try {
        const auto aliases = tablesWithAlias(*toks, db);
        Parser parser(*toks, aliases, db);
        SpiderSql tree;
        parser.parseSql(0, tree);
        return tree;
    } catch (const ParseAbort& abort) {
        return Diagnostic{"metrics.spider_parse", abort.message, {}, {}};
    }
}

} // namespace sqleq::metrics
