// Proofs from the schema's keys. Rewrites are text edits at the parser's spans,
// re-parsed after each pass, so no AST node has to be replaced in place; the two
// queries are equal when their rewritten normalized keys are.

#include "core/neighbors/schema_equivalence.h"

#include "core/base/ascii_case.h"
#include "core/neighbors/neighbor_filter.h"
#include "core/neighbors/redundant_clauses.h"
#include "core/neighbors/scope_index.h"
#include "core/sql/parser.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace sqleq::neighbors {
namespace {

struct Edit {
    SourceSpan span;
    std::string replacement;
};

std::string doubleQuoted(std::string_view name)
{
    std::string out = "\"";
    for (char c : name) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

/// `text` with the edits made; an edit inside another one gives way to it.
std::string applied(std::string_view text, std::vector<Edit> edits)
{
    std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
        return a.span.begin != b.span.begin ? a.span.begin < b.span.begin : a.span.end > b.span.end;
    });
    std::vector<const Edit*> outermost;
    for (const Edit& edit : edits) {
        if (!edit.span.valid() || edit.span.end > text.size()) continue;
        if (!outermost.empty() && edit.span.begin < outermost.back()->span.end) continue;
        outermost.push_back(&edit);
    }
    std::string out(text);
    for (auto it = outermost.rbegin(); it != outermost.rend(); ++it)
        out.replace((*it)->span.begin, (*it)->span.length(), " " + (*it)->replacement + " ");
    return out;
}

/// Visits the expressions of `core`'s own clauses that see its groups, not nested queries.
/// Visits the expressions of `core`'s own clauses that see its groups (and of the
/// ORDER BY terms of the statement it is the body of), not nested queries.
/// `inOrderBy` says the node is in an ORDER BY term, where an integer literal would name a column.
void forGroupedExpressions(const sql::SelectCore& core, const std::vector<sql::OrderingTermPtr>& statementOrder,
                           const std::function<void(const sql::Node&, bool inOrderBy)>& visit)
{
    auto visitTree = [&](const sql::Node* root, bool inOrderBy) {
        if (root == nullptr) return;
        sql::walk(*root, [&](const sql::Node& node) {
            if (node.kind() == sql::NodeKind::SelectStatement) return false;
            visit(node, inOrderBy);
            return true;
        });
    };
    for (const auto& column : core.columns) visitTree(column.get(), false);
    visitTree(core.having.get(), false);
    for (const auto& term : core.orderBy) visitTree(term.get(), true);
    for (const auto& term : statementOrder) visitTree(term.get(), true);
}

bool isCount(const sql::Expr* expr)
{
    const auto* call = expr != nullptr ? expr->tryAs<sql::FunctionCall>() : nullptr;
    return call != nullptr && !call->filter && !call->over && !call->overName
           && (call->star || call->args.size() == 1) && asciiLower(call->name.name) == "count";
}

void splitConjuncts(const sql::Expr* expr, std::vector<const sql::BinaryExpr*>& equalities)
{
    if (expr == nullptr) return;
    const auto* binary = expr->tryAs<sql::BinaryExpr>();
    if (binary == nullptr) return;
    if (binary->op == sql::BinaryOp::And) {
        splitConjuncts(binary->left.get(), equalities);
        splitConjuncts(binary->right.get(), equalities);
    } else if (binary->op == sql::BinaryOp::Eq) {
        equalities.push_back(binary);
    }
}

using ColumnKey = std::pair<std::string, std::string>;  // (binding, column), lower case

/// The table whose primary key makes every group of `core` one row, or nothing.
std::optional<std::string> singletonGroupsTable(const sql::SelectCore& core, const ScopeIndex& scopes,
                                                const schema::Schema& schema)
{
    if (core.groupBy.empty() || !core.from || core.from->terms.empty()) return std::nullopt;
    struct Bound {
        std::string binding;
        const schema::Table* table = nullptr;
    };
    std::vector<Bound> bound;
    for (const auto& term : core.from->terms) {
        const auto* ref = term->source ? term->source->tryAs<sql::TableRef>() : nullptr;
        const auto kind = term->op.kind;
        const bool innerOrLeft = kind == sql::JoinKind::None || kind == sql::JoinKind::Comma
                                 || kind == sql::JoinKind::Join || kind == sql::JoinKind::Inner
                                 || kind == sql::JoinKind::Cross || kind == sql::JoinKind::Left;
        if (ref == nullptr || ref->schema || !innerOrLeft || term->op.natural || term->hasUsing) return std::nullopt;
        const schema::Table* table = schema.findTable(ref->name.name);
        if (table == nullptr) return std::nullopt;
        bound.push_back({asciiLower(ref->alias ? ref->alias->name : ref->name.name), table});
    }
    auto keyOf = [&](const sql::Expr* expr) -> std::optional<ColumnKey> {
        const auto* ref = expr != nullptr ? expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved || site->core != &core) return std::nullopt;
        return ColumnKey{asciiLower(site->resolved->binding), asciiLower(site->resolved->column)};
    };
    std::set<ColumnKey> grouped;
    for (const auto& expr : core.groupBy)
        if (auto key = keyOf(expr.get())) grouped.insert(*key);
    std::vector<const sql::BinaryExpr*> equalities;
    splitConjuncts(core.where.get(), equalities);
    for (const auto& term : core.from->terms) splitConjuncts(term->on.get(), equalities);

    std::vector<bool> determined(bound.size(), false);
    std::optional<std::string> keyTable;
    for (std::size_t b = 0; b < bound.size(); ++b) {
        const auto& key = bound[b].table->primaryKey;
        determined[b] = !key.empty() && std::all_of(key.begin(), key.end(), [&](const std::string& column) {
            return grouped.contains({bound[b].binding, asciiLower(column)});
        });
        if (determined[b] && !keyTable) keyTable = bound[b].table->name;
    }
    if (!keyTable) return std::nullopt;
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t b = 0; b < bound.size(); ++b) {
            if (determined[b] || bound[b].table->primaryKey.size() != 1) continue;
            const ColumnKey own{bound[b].binding, asciiLower(bound[b].table->primaryKey.front())};
            for (const sql::BinaryExpr* equality : equalities) {
                const auto left = keyOf(equality->left.get());
                const auto right = keyOf(equality->right.get());
                if (!left || !right) continue;
                const auto& other = *left == own ? *right : *right == own ? *left : own;
                if (other == own) continue;
                for (std::size_t d = 0; d < bound.size(); ++d) {
                    if (determined[d] && bound[d].binding == other.first) {
                        determined[b] = changed = true;
                        break;
                    }
                }
                if (determined[b]) break;
            }
        }
    }
    if (!std::all_of(determined.begin(), determined.end(), [](bool d) { return d; })) return std::nullopt;
    return keyTable;
}

bool numericColumn(const ColumnSite* site, const schema::Schema& schema)
{
    if (site == nullptr || !site->resolved) return false;
    const schema::Table* table = schema.findTable(site->resolved->table);
    const schema::Column* column = table != nullptr ? table->findColumn(site->resolved->column) : nullptr;
    return column != nullptr
           && (column->affinity == schema::Affinity::Integer || column->affinity == schema::Affinity::Real
               || column->affinity == schema::Affinity::Numeric);
}

/// Aggregates over one-row groups become their row's value; an ORDER BY of counts
/// alone orders nothing there (every count is 1) and goes.
std::vector<Edit> singletonEdits(const sql::SelectStatement& statement, std::string_view text,
                                 const schema::Schema& schema, std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<Edit> edits;
    static const std::vector<sql::OrderingTermPtr> kNoOrder;
    std::set<const sql::SelectCore*> bodies;
    auto rewrite = [&](const sql::SelectCore& core, const sql::SelectStatement* owner) {
        const auto table = singletonGroupsTable(core, scopes, schema);
        if (!table) return;
        const std::size_t before = edits.size();
        const auto& statementOrder = owner != nullptr ? owner->orderBy : kNoOrder;
        const bool countsOnly = !statementOrder.empty()
                                && std::all_of(statementOrder.begin(), statementOrder.end(),
                                               [](const sql::OrderingTermPtr& term) { return isCount(term->expr.get()); });
        if (countsOnly && owner->orderBySpan.valid()) edits.push_back({owner->orderBySpan, ""});
        forGroupedExpressions(core, countsOnly ? kNoOrder : statementOrder, [&](const sql::Node& inner, bool inOrderBy) {
            const auto* call = inner.tryAs<sql::FunctionCall>();
            if (call == nullptr || call->filter || call->over || call->overName) return;
            const std::string name = asciiLower(call->name.name);
            if (name == "count" && (call->star || call->args.size() == 1)) {
                if (!inOrderBy) edits.push_back({call->span(), "1"});
                return;
            }
            if (call->distinct || call->args.size() != 1) return;
            const auto* ref = call->args.front()->tryAs<sql::ColumnRef>();
            if (ref == nullptr) return;
            const bool anyType = name == "min" || name == "max";
            const bool numeric = (name == "sum" || name == "avg" || name == "total")
                                 && numericColumn(scopes.find(*ref), schema);
            if (!anyType && !numeric) return;
            const SourceSpan arg = ref->span();
            if (!arg.valid() || arg.end > text.size()) return;
            edits.push_back({call->span(), std::string(text.substr(arg.begin, arg.length()))});
        });
        if (edits.size() > before)
            reasons.push_back(fmt::format("every group is one row (GROUP BY covers the primary key of {})", *table));
    };
    sql::walk(statement, [&](const sql::Node& node) {
        if (const auto* nested = node.tryAs<sql::SelectStatement>()) {
            if (const auto* core = nested->body ? nested->body->tryAs<sql::SelectCore>() : nullptr) {
                bodies.insert(core);
                rewrite(*core, nested);
            }
        } else if (const auto* core = node.tryAs<sql::SelectCore>(); core && !bodies.contains(core)) {
            rewrite(*core, nullptr);
        }
        return true;
    });
    return edits;
}

/// `text` of `span` with runs of blanks as one space and ASCII letters lowered: how two
/// branches' FROM clauses and column lists are compared.
std::string squeezed(std::string_view text, SourceSpan span)
{
    if (!span.valid() || span.end > text.size()) return {};
    std::string out;
    for (char c : asciiLower(text.substr(span.begin, span.length()))) {
        const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (blank && (out.empty() || out.back() == ' ')) continue;
        out += blank ? ' ' : c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

sql::BinaryOp mirrored(sql::BinaryOp op)
{
    switch (op) {
    case sql::BinaryOp::Less: return sql::BinaryOp::Greater;
    case sql::BinaryOp::LessEq: return sql::BinaryOp::GreaterEq;
    case sql::BinaryOp::Greater: return sql::BinaryOp::Less;
    case sql::BinaryOp::GreaterEq: return sql::BinaryOp::LessEq;
    default: return op;
    }
}

std::string_view operatorText(sql::BinaryOp op)
{
    switch (op) {
    case sql::BinaryOp::Eq: return "=";
    case sql::BinaryOp::Less: return "<";
    case sql::BinaryOp::LessEq: return "<=";
    case sql::BinaryOp::Greater: return ">";
    case sql::BinaryOp::GreaterEq: return ">=";
    default: return "?";
    }
}

/// `column op literal` (op one of = < <= > >=), the column's side first.
struct Bound {
    sql::BinaryOp op = sql::BinaryOp::Eq;
    const sql::Literal* literal = nullptr;
};

void collectComparisons(const sql::Expr* expr, std::vector<const sql::BinaryExpr*>& out)
{
    const auto* binary = expr != nullptr ? expr->tryAs<sql::BinaryExpr>() : nullptr;
    if (binary == nullptr) return;
    if (binary->op == sql::BinaryOp::And) {
        collectComparisons(binary->left.get(), out);
        collectComparisons(binary->right.get(), out);
        return;
    }
    switch (binary->op) {
    case sql::BinaryOp::Eq:
    case sql::BinaryOp::Less:
    case sql::BinaryOp::LessEq:
    case sql::BinaryOp::Greater:
    case sql::BinaryOp::GreaterEq: out.push_back(binary); break;
    default: break;
    }
}

/// The `column op literal` conjuncts of a WHERE clause, by resolved column (binary
/// collation only: under NOCASE two different literals can match one value).
std::map<ColumnKey, std::vector<Bound>> fixedColumns(const sql::SelectCore& core, const ScopeIndex& scopes,
                                                     const schema::Schema& schema)
{
    std::vector<const sql::BinaryExpr*> comparisons;
    collectComparisons(core.where.get(), comparisons);
    std::map<ColumnKey, std::vector<Bound>> fixed;
    for (const sql::BinaryExpr* comparison : comparisons) {
        const sql::Expr* sides[2] = {comparison->left.get(), comparison->right.get()};
        for (int s = 0; s < 2; ++s) {
            const auto* ref = sides[s] ? sides[s]->tryAs<sql::ColumnRef>() : nullptr;
            const auto* literal = sides[1 - s] ? sides[1 - s]->tryAs<sql::Literal>() : nullptr;
            const ColumnSite* site = ref ? scopes.find(*ref) : nullptr;
            if (literal == nullptr || site == nullptr || !site->resolved || site->core != &core) continue;
            const schema::Table* table = schema.findTable(site->resolved->table);
            const schema::Column* column = table ? table->findColumn(site->resolved->column) : nullptr;
            if (column == nullptr || (!column->collation.empty() && asciiLower(column->collation) != "binary")) continue;
            if (literal->literalKind != sql::LiteralKind::String && literal->literalKind != sql::LiteralKind::Integer)
                continue;
            fixed[ColumnKey{asciiLower(site->resolved->binding), asciiLower(site->resolved->column)}].push_back(
                {s == 0 ? comparison->op : mirrored(comparison->op), literal});
        }
    }
    return fixed;
}

/// Whether `value op bound` holds, both literals of one kind (text compared byte by
/// byte, as the binary collation does; integers as numbers).
bool holds(const sql::Literal& value, sql::BinaryOp op, const sql::Literal& bound)
{
    int order = 0;
    if (value.literalKind == sql::LiteralKind::String) {
        order = value.value().compare(bound.value());
    } else {
        const double a = std::strtod(value.text.c_str(), nullptr);
        const double b = std::strtod(bound.text.c_str(), nullptr);
        order = a < b ? -1 : a > b ? 1 : 0;
    }
    switch (op) {
    case sql::BinaryOp::Eq: return order == 0;
    case sql::BinaryOp::Less: return order < 0;
    case sql::BinaryOp::LessEq: return order <= 0;
    case sql::BinaryOp::Greater: return order > 0;
    case sql::BinaryOp::GreaterEq: return order >= 0;
    default: return true;
    }
}

/// The tables of a FROM clause with their aliases, in order: what `*` expands to
/// (whatever the join conditions); nothing for other FROM items.
std::optional<std::vector<std::string>> fromTables(const sql::SelectCore& core)
{
    if (!core.from) return std::nullopt;
    std::vector<std::string> out;
    for (const auto& term : core.from->terms) {
        const auto* ref = term->source ? term->source->tryAs<sql::TableRef>() : nullptr;
        if (ref == nullptr || ref->schema || term->op.natural || term->hasUsing) return std::nullopt;
        out.push_back(asciiLower(ref->name.name) + " " + asciiLower(ref->alias ? ref->alias->name : ref->name.name));
    }
    return out;
}

/// Why no row of `left` can equal a row of `right`, or nothing: at some output position
/// one side is a count (an INTEGER) and the other a TEXT column (whose values are TEXT:
/// compound operators compare without conversion); or both read the same tables under
/// the same names, output the same columns, and fix one output column to different
/// constants.
std::optional<std::string> whyDisjoint(const sql::SelectCore& left, const sql::SelectCore& right,
                                       std::string_view text, const ScopeIndex& scopes, const schema::Schema& schema)
{
    if (left.columns.size() != right.columns.size()) return std::nullopt;
    auto textColumn = [&](const sql::ResultColumn& column) {
        const auto* ref = column.expr ? column.expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved) return false;
        const schema::Table* table = schema.findTable(site->resolved->table);
        const schema::Column* found = table ? table->findColumn(site->resolved->column) : nullptr;
        return found != nullptr && found->affinity == schema::Affinity::Text;
    };
    for (std::size_t c = 0; c < left.columns.size(); ++c) {
        const auto& a = *left.columns[c];
        const auto& b = *right.columns[c];
        if (a.columnKind != sql::ResultColumnKind::Expr || b.columnKind != sql::ResultColumnKind::Expr) continue;
        if ((isCount(a.expr.get()) && textColumn(b)) || (isCount(b.expr.get()) && textColumn(a)))
            return fmt::format("column {} is a count on one side and text on the other", c + 1);
    }
    const auto leftTables = fromTables(left);
    if (!leftTables || leftTables != fromTables(right) || !left.groupBy.empty() || !right.groupBy.empty())
        return std::nullopt;
    std::set<ColumnKey> output;  // empty with a lone `*`: every column is output
    bool star = false;
    for (std::size_t c = 0; c < left.columns.size(); ++c) {
        const auto& a = *left.columns[c];
        const auto& b = *right.columns[c];
        if (a.columnKind != b.columnKind) return std::nullopt;
        if (a.columnKind == sql::ResultColumnKind::Star) {
            star = true;
            continue;
        }
        if (a.columnKind != sql::ResultColumnKind::Expr || squeezed(text, a.span()) != squeezed(text, b.span()))
            return std::nullopt;
        const auto* ref = a.expr ? a.expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref ? scopes.find(*ref) : nullptr;
        if (site != nullptr && site->resolved)
            output.insert({asciiLower(site->resolved->binding), asciiLower(site->resolved->column)});
    }
    const auto leftFixed = fixedColumns(left, scopes, schema);
    const auto rightFixed = fixedColumns(right, scopes, schema);
    // One side fixes the column to a constant the other side's bound excludes.
    for (const auto& [column, leftBounds] : leftFixed) {
        const auto other = rightFixed.find(column);
        if (other == rightFixed.end() || (!star && !output.contains(column))) continue;
        for (const Bound& a : leftBounds) {
            for (const Bound& b : other->second) {
                if (a.literal->literalKind != b.literal->literalKind) continue;
                const bool excluded = (a.op == sql::BinaryOp::Eq && !holds(*a.literal, b.op, *b.literal))
                                      || (b.op == sql::BinaryOp::Eq && !holds(*b.literal, a.op, *a.literal));
                if (excluded)
                    return fmt::format("{}.{} is {} {} on one side, {} {} on the other", column.first, column.second,
                                       operatorText(a.op), a.literal->text, operatorText(b.op), b.literal->text);
            }
        }
    }
    return std::nullopt;
}

/// `A INTERSECT B` is always empty and `A EXCEPT B` is A's distinct rows when no row
/// of A can equal a row of B (whyDisjoint).
std::vector<Edit> disjointBranchEdits(const sql::SelectStatement& statement, std::string_view text,
                                      const schema::Schema& schema, std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<Edit> edits;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* compound = node.tryAs<sql::CompoundSelect>();
        if (compound == nullptr
            || (compound->op != sql::CompoundOp::Intersect && compound->op != sql::CompoundOp::Except))
            return true;
        const auto* left = compound->left ? compound->left->tryAs<sql::SelectCore>() : nullptr;
        const auto* right = compound->right ? compound->right->tryAs<sql::SelectCore>() : nullptr;
        if (left == nullptr || right == nullptr || left->distinct != sql::DistinctMode::None) return true;
        const auto why = whyDisjoint(*left, *right, text, scopes, schema);
        const SourceSpan whole = compound->span();
        const SourceSpan first = left->span();
        if (!why || !whole.valid() || !first.valid() || first.end > text.size() || first.length() < 6) return true;
        std::string replacement = "SELECT 0 WHERE 0";
        if (compound->op == sql::CompoundOp::Except)
            replacement = "SELECT DISTINCT" + std::string(text.substr(first.begin + 6, first.length() - 6));
        edits.push_back({whole, replacement});
        reasons.push_back(fmt::format("the two sides of {} never share a row ({})",
                                      compound->op == sql::CompoundOp::Except ? "EXCEPT" : "INTERSECT", *why));
        return false;
    });
    return edits;
}

bool numericLiteral(const sql::Expr* expr)
{
    const auto* literal = expr != nullptr ? expr->tryAs<sql::Literal>() : nullptr;
    return literal != nullptr
           && (literal->literalKind == sql::LiteralKind::Integer || literal->literalKind == sql::LiteralKind::Float);
}

double literalNumber(const sql::Expr& expr)
{
    return std::strtod(expr.as<sql::Literal>().text.c_str(), nullptr);
}

std::optional<bool> foldedComparison(const sql::BinaryExpr& binary)
{
    if (!numericLiteral(binary.left.get()) || !numericLiteral(binary.right.get())) return std::nullopt;
    const double left = std::strtod(binary.left->as<sql::Literal>().text.c_str(), nullptr);
    const double right = std::strtod(binary.right->as<sql::Literal>().text.c_str(), nullptr);
    switch (binary.op) {
    case sql::BinaryOp::Eq: return left == right;
    case sql::BinaryOp::NotEq: return left != right;
    case sql::BinaryOp::Less: return left < right;
    case sql::BinaryOp::LessEq: return left <= right;
    case sql::BinaryOp::Greater: return left > right;
    case sql::BinaryOp::GreaterEq: return left >= right;
    default: return std::nullopt;
    }
}

/// Every resolved column as "binding"."column" in lower case; literal comparisons folded.
/// A count is never negative: `count != 0` is `count > 0`, `count <= 0` is `count = 0`
/// (the count on the left; the operator to write instead, when it changes).
std::optional<std::string> countAgainstZero(const sql::BinaryExpr& binary)
{
    if (!isCount(binary.left.get()) || !numericLiteral(binary.right.get()) || literalNumber(*binary.right) != 0)
        return std::nullopt;
    switch (binary.op) {
    case sql::BinaryOp::NotEq: return std::string(">");
    case sql::BinaryOp::LessEq: return std::string("=");
    default: return std::nullopt;
    }
}

std::vector<Edit> canonicalEdits(const sql::SelectStatement& statement, const schema::Schema& schema)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<Edit> edits;
    // Tables are renamed by position, `"t#1"`, so `FROM t AS x` and `FROM t` read alike
    // when nothing else differs: an alias is only a name.
    std::map<std::pair<const sql::SelectCore*, std::string>, std::string> names;
    std::set<const sql::SelectCore*> renamed;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* core = node.tryAs<sql::SelectCore>();
        if (core == nullptr || !core->from) return true;
        std::vector<std::pair<const sql::TableRef*, std::string>> tables;
        for (const auto& term : core->from->terms) {
            const auto* ref = term->source ? term->source->tryAs<sql::TableRef>() : nullptr;
            if (ref == nullptr || ref->schema || !ref->span().valid()) return true;  // other items keep their names
            tables.emplace_back(ref, asciiLower(ref->alias ? ref->alias->name : ref->name.name));
        }
        for (std::size_t t = 0; t < tables.size(); ++t) {
            const std::string canonical = fmt::format("{}#{}", asciiLower(tables[t].first->name.name), t + 1);
            names[{core, tables[t].second}] = canonical;
            edits.push_back({tables[t].first->span(),
                             doubleQuoted(asciiLower(tables[t].first->name.name)) + " AS " + doubleQuoted(canonical)});
        }
        renamed.insert(core);
        return true;
    });
    for (const ColumnSite& site : scopes.sites()) {
        if (!site.resolved || site.core == nullptr || site.isString) continue;
        std::string binding = asciiLower(site.resolved->binding);
        if (auto it = names.find({site.core, binding}); it != names.end()) binding = it->second;
        else if (renamed.contains(site.core)) continue;
        edits.push_back({site.ref->span(), doubleQuoted(binding) + "." + doubleQuoted(asciiLower(site.resolved->column))});
    }
    sql::walk(statement, [&](const sql::Node& node) {
        if (const auto* binary = node.tryAs<sql::BinaryExpr>()) {
            if (auto truth = foldedComparison(*binary)) {
                edits.push_back({binary->span(), *truth ? "1" : "0"});
                return false;
            }
            if (auto op = countAgainstZero(*binary); op && binary->opSpan.valid()) edits.push_back({binary->opSpan, *op});
        } else if (const auto* term = node.tryAs<sql::JoinTerm>()) {
            // INNER JOIN is JOIN.
            if (term->op.kind == sql::JoinKind::Inner && !term->op.natural && term->opSpan.valid())
                edits.push_back({term->opSpan, "JOIN"});
        } else if (const auto* between = node.tryAs<sql::BetweenExpr>()) {
            // An empty range: no value lies between 160000 and 90000.
            if (numericLiteral(between->low.get()) && numericLiteral(between->high.get())
                && literalNumber(*between->low) > literalNumber(*between->high)) {
                edits.push_back({between->span(), between->negated ? "1" : "0"});
                return false;
            }
        }
        return true;
    });
    return edits;
}

/// The truth of `n op k` when it is the same for every group size n >= 1.
std::optional<bool> constantOverGroupSizes(sql::BinaryOp op, double k)
{
    const bool whole = k >= 1 && k == static_cast<double>(static_cast<int64_t>(k));
    auto at = [&](double n) {
        switch (op) {
        case sql::BinaryOp::Less: return n < k;
        case sql::BinaryOp::LessEq: return n <= k;
        case sql::BinaryOp::Greater: return n > k;
        case sql::BinaryOp::GreaterEq: return n >= k;
        default: return false;
        }
    };
    switch (op) {
    case sql::BinaryOp::Eq: return whole ? std::nullopt : std::optional(false);
    case sql::BinaryOp::NotEq: return whole ? std::nullopt : std::optional(true);
    case sql::BinaryOp::Less:
    case sql::BinaryOp::LessEq:
    case sql::BinaryOp::Greater:
    case sql::BinaryOp::GreaterEq:
        // Monotone in n: constant when the smallest and a huge group agree.
        return at(1) == at(1e18) ? std::optional(at(1)) : std::nullopt;
    default: return std::nullopt;
    }
}

/// Every group has at least one row: a HAVING that holds for every count (or a bare
/// count, always true) goes; a count comparison true or false for every size is its
/// truth; `count BETWEEN a AND b` with a <= 1 is `count <= b`.
std::vector<Edit> groupCountEdits(const sql::SelectStatement& statement, std::string_view text,
                                  std::vector<std::string>& reasons)
{
    std::vector<Edit> edits;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* core = node.tryAs<sql::SelectCore>();
        if (core == nullptr || core->groupBy.empty() || !core->having) return true;
        const std::size_t before = edits.size();
        const sql::Expr* having = core->having.get();
        const bool alwaysTrue = isCount(having) || (numericLiteral(having) && literalNumber(*having) != 0);
        if (alwaysTrue && core->havingSpan.valid()) {
            edits.push_back({core->havingSpan, ""});
        } else {
            sql::walk(*having, [&](const sql::Node& inner) {
                if (inner.kind() == sql::NodeKind::SelectStatement) return false;
                if (const auto* binary = inner.tryAs<sql::BinaryExpr>()) {
                    const bool countLeft = isCount(binary->left.get()) && numericLiteral(binary->right.get());
                    const bool countRight = isCount(binary->right.get()) && numericLiteral(binary->left.get());
                    if (!countLeft && !countRight) return true;
                    const auto op = countLeft ? binary->op : mirrored(binary->op);
                    const auto truth = constantOverGroupSizes(op, literalNumber(countLeft ? *binary->right : *binary->left));
                    if (truth) edits.push_back({binary->span(), *truth ? "1" : "0"});
                    return false;
                }
                if (const auto* between = inner.tryAs<sql::BetweenExpr>()) {
                    if (between->negated || !isCount(between->operand.get()) || !numericLiteral(between->low.get())
                        || literalNumber(*between->low) > 1)
                        return true;
                    const SourceSpan count = between->operand->span();
                    const SourceSpan high = between->high ? between->high->span() : SourceSpan{};
                    if (!count.valid() || !high.valid() || high.end > text.size()) return true;
                    edits.push_back({between->span(), std::string(text.substr(count.begin, count.length())) + " <= "
                                                          + std::string(text.substr(high.begin, high.length()))});
                    return false;
                }
                return true;
            });
        }
        if (edits.size() > before) reasons.push_back("every group has at least one row");
        return true;
    });
    return edits;
}

/// No column holds NULL (the spider profile, which is the only one proofs run under):
/// `x IS NOT NULL` holds for every row and `x IS NULL` for none — unless x comes from
/// the NULL side of an outer join.
std::vector<Edit> nullTestEdits(const sql::SelectStatement& statement, const schema::Schema& schema,
                                std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    const auto storedColumn = [&](const sql::Expr* expr) {
        const auto* ref = expr != nullptr ? expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved || site->isString || site->core == nullptr || !site->core->from) return false;
        return std::none_of(site->core->from->terms.begin(), site->core->from->terms.end(), [](const auto& term) {
            const auto kind = term->op.kind;
            return kind == sql::JoinKind::Left || kind == sql::JoinKind::Right || kind == sql::JoinKind::Full;
        });
    };
    std::vector<Edit> edits;
    sql::walk(statement, [&](const sql::Node& node) {
        if (const auto* binary = node.tryAs<sql::BinaryExpr>()) {
            const auto* literal = binary->right ? binary->right->tryAs<sql::Literal>() : nullptr;
            if ((binary->op == sql::BinaryOp::Is || binary->op == sql::BinaryOp::IsNot) && literal != nullptr
                && literal->literalKind == sql::LiteralKind::Null && storedColumn(binary->left.get())) {
                edits.push_back({binary->span(), binary->op == sql::BinaryOp::IsNot ? "1" : "0"});
                return false;
            }
        } else if (const auto* test = node.tryAs<sql::NullTestExpr>()) {
            if (storedColumn(test->operand.get())) {
                edits.push_back({test->span(), test->negated ? "1" : "0"});
                return false;
            }
        }
        return true;
    });
    if (!edits.empty()) reasons.push_back("no column holds NULL: IS NOT NULL always holds, IS NULL never");
    return edits;
}

/// `count(1)` counts rows as `count(*)` does; so does `sum(1)` over a group of a GROUP BY,
/// which has at least one row (over no row at all it would be NULL, not 0).
std::vector<Edit> unitCountEdits(const sql::SelectStatement& statement, std::vector<std::string>& reasons)
{
    std::vector<Edit> edits;
    const auto countsRows = [](const sql::FunctionCall& call, bool grouped) {
        if (call.distinct || call.star || call.filter || call.over || call.overName || call.args.size() != 1) return false;
        const auto* literal = call.args.front() ? call.args.front()->tryAs<sql::Literal>() : nullptr;
        if (literal == nullptr || literal->literalKind != sql::LiteralKind::Integer || literal->text != "1") return false;
        const std::string name = asciiLower(call.name.name);
        return name == "count" || (name == "sum" && grouped);
    };
    sql::walk(statement, [&](const sql::Node& node) {
        if (node.kind() != sql::NodeKind::SelectStatement) return true;
        const auto& current = node.as<sql::SelectStatement>();
        const auto* core = current.body ? current.body->tryAs<sql::SelectCore>() : nullptr;
        const bool grouped = core != nullptr && !core->groupBy.empty();
        // The calls of this statement's own clauses; nested statements get their turn.
        const auto own = [&](const sql::Node& part) {
            sql::walk(part, [&](const sql::Node& inner) {
                if (inner.kind() == sql::NodeKind::SelectStatement) return false;
                const auto* call = inner.tryAs<sql::FunctionCall>();
                if (call == nullptr || !countsRows(*call, grouped)) return true;
                edits.push_back({call->span(), "count(*)"});
                return false;
            });
        };
        if (core != nullptr) {
            for (const auto& column : core->columns)
                if (column) own(*column);
            if (core->having) own(*core->having);
        }
        for (const auto& term : current.orderBy)
            if (term) own(*term);
        return true;
    });
    if (!edits.empty()) reasons.push_back("count(1) and, over groups, sum(1) count rows as count(*) does");
    return edits;
}

/// `x <= (SELECT min(x) FROM t)` is `x = …` for a column x of t (no value is below its
/// minimum), `x > (SELECT min …)` is `x != …`; likewise `>=`/`<` with max.
std::vector<Edit> extremeEdits(const sql::SelectStatement& statement, const schema::Schema& schema,
                               std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<Edit> edits;
    auto resolvedOf = [&](const sql::Expr* expr) -> std::optional<ColumnKey> {
        const auto* ref = expr != nullptr ? expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved) return std::nullopt;
        return ColumnKey{asciiLower(site->resolved->table), asciiLower(site->resolved->column)};
    };
    // The (table, column) and "min"/"max" of `(SELECT min(c) FROM t)` over the whole table.
    auto extremeOf = [&](const sql::Expr* expr) -> std::optional<std::pair<ColumnKey, std::string>> {
        const auto* subquery = expr != nullptr ? expr->tryAs<sql::SubqueryExpr>() : nullptr;
        if (subquery == nullptr || !subquery->subquery || !subquery->subquery->orderBy.empty()
            || subquery->subquery->limit || subquery->subquery->with)
            return std::nullopt;
        const auto* core = subquery->subquery->body ? subquery->subquery->body->tryAs<sql::SelectCore>() : nullptr;
        if (core == nullptr || core->where || !core->groupBy.empty() || core->having || core->columns.size() != 1
            || !core->from || core->from->terms.size() != 1 || core->distinct != sql::DistinctMode::None)
            return std::nullopt;
        const auto* call = core->columns.front()->expr ? core->columns.front()->expr->tryAs<sql::FunctionCall>() : nullptr;
        if (call == nullptr || call->args.size() != 1 || call->filter || call->over || call->overName) return std::nullopt;
        const std::string name = asciiLower(call->name.name);
        if (name != "min" && name != "max") return std::nullopt;
        const auto column = resolvedOf(call->args.front().get());
        if (!column) return std::nullopt;
        return std::pair{*column, name};
    };
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* binary = node.tryAs<sql::BinaryExpr>();
        if (binary == nullptr) return true;
        auto extreme = extremeOf(binary->right.get());
        auto column = resolvedOf(binary->left.get());
        auto op = binary->op;
        if (!extreme) {
            extreme = extremeOf(binary->left.get());
            column = resolvedOf(binary->right.get());
            op = mirrored(op);
        }
        if (!extreme || !column || *column != extreme->first || !binary->opSpan.valid()) return true;
        const bool isMin = extreme->second == "min";
        std::string canonical;
        if ((isMin && op == sql::BinaryOp::LessEq) || (!isMin && op == sql::BinaryOp::GreaterEq)) canonical = "=";
        else if ((isMin && op == sql::BinaryOp::Greater) || (!isMin && op == sql::BinaryOp::Less)) canonical = "!=";
        else if (op == sql::BinaryOp::Eq) canonical = "=";
        else if (op == sql::BinaryOp::NotEq) canonical = "!=";
        if (canonical.empty()) return true;
        edits.push_back({binary->opSpan, canonical});
        if (op != sql::BinaryOp::Eq && op != sql::BinaryOp::NotEq)
            reasons.push_back(fmt::format("no value of {}.{} is {} its {}imum", column->first, column->second,
                                          isMin ? "below" : "above", extreme->second));
        return true;
    });
    return edits;
}

bool hasAggregate(const sql::SelectCore& core)
{
    bool found = false;
    for (const auto& column : core.columns) {
        sql::walk(*column, [&](const sql::Node& node) {
            if (node.kind() == sql::NodeKind::SelectStatement) return false;
            if (const auto* call = node.tryAs<sql::FunctionCall>(); call && !call->over && !call->overName) {
                const std::string name = asciiLower(call->name.name);
                found = found || name == "count" || name == "sum" || name == "avg" || name == "min" || name == "max"
                        || name == "total" || name == "group_concat";
            }
            return !found;
        });
    }
    return found;
}

/// `SELECT count(*) FROM (SELECT … GROUP BY …)` counts the groups, and over an ungrouped
/// subquery without aggregates its rows: either way what the subquery selects does not
/// matter, so its column list becomes `1`.
std::vector<Edit> countedSubqueryEdits(const sql::SelectStatement& statement, std::vector<std::string>& reasons)
{
    std::vector<Edit> edits;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* outer = node.tryAs<sql::SelectCore>();
        if (outer == nullptr || !outer->from || outer->from->terms.size() != 1 || outer->where || !outer->groupBy.empty()
            || outer->columns.empty())
            return true;
        const bool countsOnly = std::all_of(outer->columns.begin(), outer->columns.end(), [](const auto& column) {
            return column->columnKind == sql::ResultColumnKind::Expr && isCount(column->expr.get())
                   && column->expr->template as<sql::FunctionCall>().star;
        });
        const auto* ref = outer->from->terms.front()->source
                              ? outer->from->terms.front()->source->tryAs<sql::SubqueryRef>()
                              : nullptr;
        if (!countsOnly || ref == nullptr || !ref->subquery) return true;
        const auto* inner = ref->subquery->body ? ref->subquery->body->tryAs<sql::SelectCore>() : nullptr;
        if (inner == nullptr || inner->distinct != sql::DistinctMode::None || inner->columns.empty()
            || (inner->groupBy.empty() && hasAggregate(*inner)))
            return true;
        const SourceSpan columns = inner->columns.front()->span().merge(inner->columns.back()->span());
        if (!columns.valid()) return true;
        edits.push_back({columns, "1"});
        reasons.push_back("count(*) over a subquery counts its rows or groups, whatever it selects");
        return true;
    });
    return edits;
}

/// When `core` is `FROM A AS a JOIN B AS b ON …` (either order) that reads nothing of b
/// outside the ON, and every row of a has a partner in b — the ON compares a's foreign
/// key to b's one-column primary key with =, <= or >= (the key's own parent always
/// qualifies), is a tautology `e = e`, or is missing (a cross join; the profile leaves no
/// table empty) — the join changes how often a row of a appears, never which rows do.
/// Returns the kept term's index and why.
std::optional<std::pair<std::size_t, std::string>> partneredJoin(const sql::SelectCore& core, const ScopeIndex& scopes,
                                                                 const schema::Schema& schema)
{
    if (!core.from || core.from->terms.size() != 2 || !core.groupBy.empty() || core.having || hasAggregate(core))
        return std::nullopt;
    const auto& second = *core.from->terms[1];
    const auto kind = second.op.kind;
    if (core.from->terms[0]->on || second.op.natural || second.hasUsing
        || (kind != sql::JoinKind::Join && kind != sql::JoinKind::Inner && kind != sql::JoinKind::Comma
            && kind != sql::JoinKind::Cross))
        return std::nullopt;
    auto keyOf = [&](const sql::Expr* expr) -> std::optional<ColumnKey> {
        const auto* ref = expr != nullptr ? expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved || site->core != &core) return std::nullopt;
        return ColumnKey{asciiLower(site->resolved->binding), asciiLower(site->resolved->column)};
    };
    for (std::size_t keptIndex = 0; keptIndex < 2; ++keptIndex) {
        const auto& keptTerm = *core.from->terms[keptIndex];
        const auto& joinedTerm = *core.from->terms[1 - keptIndex];
        const auto* kept = keptTerm.source ? keptTerm.source->tryAs<sql::TableRef>() : nullptr;
        const auto* joined = joinedTerm.source ? joinedTerm.source->tryAs<sql::TableRef>() : nullptr;
        if (kept == nullptr || joined == nullptr || kept->schema || joined->schema) continue;
        const std::string keptName = asciiLower(kept->alias ? kept->alias->name : kept->name.name);
        const std::string joinedName = asciiLower(joined->alias ? joined->alias->name : joined->name.name);
        const schema::Table* keptTable = schema.findTable(kept->name.name);
        const schema::Table* joinedTable = schema.findTable(joined->name.name);
        if (keptTable == nullptr || joinedTable == nullptr || keptName == joinedName) continue;
        // Nothing outside the ON may read the joined table.
        const SourceSpan on = second.on ? second.on->span() : SourceSpan{};
        const bool readsJoined = std::any_of(scopes.sites().begin(), scopes.sites().end(), [&](const ColumnSite& site) {
            if (site.core != &core || !site.resolved || asciiLower(site.resolved->binding) != joinedName) return false;
            const SourceSpan ref = site.ref->span();
            return !(on.valid() && ref.valid() && ref.begin >= on.begin && ref.end <= on.end);
        });
        if (readsJoined) continue;
        if (!second.on) return std::pair{keptIndex, std::string("a cross join pairs every row with some row")};
        const auto* condition = second.on->tryAs<sql::BinaryExpr>();
        if (condition == nullptr) continue;
        const auto left = keyOf(condition->left.get());
        const auto right = keyOf(condition->right.get());
        if (!left || !right) continue;
        if (*left == *right && condition->op == sql::BinaryOp::Eq)
            return std::pair{keptIndex, std::string("the join condition always holds")};
        if (condition->op != sql::BinaryOp::Eq && condition->op != sql::BinaryOp::LessEq
            && condition->op != sql::BinaryOp::GreaterEq)
            continue;
        if (joinedTable->primaryKey.size() != 1) continue;
        const ColumnKey& own = left->first == keptName ? *left : *right;
        const ColumnKey& other = left->first == keptName ? *right : *left;
        const std::string key = asciiLower(joinedTable->primaryKey.front());
        if (own.first != keptName || other.first != joinedName || other.second != key) continue;
        for (const auto& foreign : keptTable->foreignKeys) {
            if (foreign.columns.size() == 1 && asciiLower(foreign.columns.front()) == own.second
                && schema::sameIdentifier(foreign.referencedTable, joinedTable->name)
                && (foreign.referencedColumns.empty() || asciiLower(foreign.referencedColumns.front()) == key))
                return std::pair{keptIndex,
                                 fmt::format("every {} row has its parent in {}", keptTable->name, joinedTable->name)};
        }
    }
    return std::nullopt;
}

/// Where only which rows appear counts — inside `x IN (SELECT …)`, or under `ORDER BY …
/// LIMIT 1`, whose one row is a top row whatever the repeats — a join partneredJoin()
/// clears is left out: the query reads like `SELECT … FROM A AS a`.
std::vector<Edit> semiJoinEdits(const sql::SelectStatement& statement, const schema::Schema& schema,
                                std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<Edit> edits;
    auto clear = [&](const sql::SelectStatement& owner, std::string_view context) {
        const auto* core = owner.body ? owner.body->tryAs<sql::SelectCore>() : nullptr;
        if (core == nullptr || !core->fromSpan.valid()) return;
        const auto cleared = partneredJoin(*core, scopes, schema);
        if (!cleared) return;
        const auto* kept = core->from->terms[cleared->first]->source->tryAs<sql::TableRef>();
        const std::string keptName = asciiLower(kept->alias ? kept->alias->name : kept->name.name);
        edits.push_back({core->fromSpan, fmt::format("FROM {} AS {}", doubleQuoted(asciiLower(kept->name.name)),
                                                     doubleQuoted(keptName))});
        reasons.push_back(fmt::format("{} and {}", context, cleared->second));
    };
    const auto* limit = statement.limit ? statement.limit->tryAs<sql::Literal>() : nullptr;
    if (limit != nullptr && limit->literalKind == sql::LiteralKind::Integer && limit->text == "1" && !statement.offset
        && !statement.orderBy.empty())
        clear(statement, "LIMIT 1 keeps one top row");
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* in = node.tryAs<sql::InExpr>();
        if (in != nullptr && in->source == sql::InSource::Subquery && in->subquery && !in->subquery->limit)
            clear(*in->subquery, "IN reads a set of values");
        return true;
    });
    return edits;
}

bool literalFalse(const sql::Expr* expr)
{
    return numericLiteral(expr) && literalNumber(*expr) == 0;
}

/// A query none of whose rows or groups pass (WHERE or HAVING folded to 0; an ungrouped
/// query only without aggregates, which would still give one row) returns no row,
/// whatever it selects: its key is that of every empty query.
bool alwaysEmpty(const sql::SelectStatement& statement)
{
    const auto* core = statement.body ? statement.body->tryAs<sql::SelectCore>() : nullptr;
    if (core == nullptr) return false;
    if (!core->groupBy.empty()) return literalFalse(core->where.get()) || literalFalse(core->having.get());
    return literalFalse(core->where.get()) && !core->having && !hasAggregate(*core);
}

std::optional<std::string> canonicalKey(std::string_view text, const schema::Schema& schema,
                                        std::vector<std::string>& reasons)
{
    sql::ParseOutput parsed = sql::parse(text);
    if (!parsed.ok()) return std::nullopt;
    std::string current(text);
    // Each pass edits the text at the parser's spans and parses the result again.
    auto pass = [&](std::vector<Edit> edits) {
        if (edits.empty()) return true;
        current = applied(current, std::move(edits));
        parsed = sql::parse(current);
        return parsed.ok();
    };
    for (int round = 0; round < 2; ++round)  // a folded HAVING 1 goes in the second round
        if (!pass(groupCountEdits(*parsed.statement, current, reasons))) return std::nullopt;
    if (!pass(unitCountEdits(*parsed.statement, reasons))) return std::nullopt;
    if (!pass(nullTestEdits(*parsed.statement, schema, reasons))) return std::nullopt;
    if (!pass(extremeEdits(*parsed.statement, schema, reasons))) return std::nullopt;
    if (!pass(countedSubqueryEdits(*parsed.statement, reasons))) return std::nullopt;
    if (!pass(semiJoinEdits(*parsed.statement, schema, reasons))) return std::nullopt;
    const auto rewritten = [&](std::vector<ClauseRewrite> rewrites) {
        std::vector<Edit> edits;
        for (auto& rewrite : rewrites) {
            if (!rewrite.reason.empty()) reasons.push_back(std::move(rewrite.reason));
            edits.push_back({rewrite.span, std::move(rewrite.replacement)});
        }
        return edits;
    };
    // Before the WHERE is rewritten: the subquery's conditions are matched as written.
    if (!pass(rewritten(ownExtremeRewrites(*parsed.statement, current, schema)))) return std::nullopt;
    if (!pass(rewritten(impliedConjunctRewrites(*parsed.statement, current)))) return std::nullopt;
    if (!pass(rewritten(dependentGroupRewrites(*parsed.statement, current, schema)))) return std::nullopt;
    if (!pass(rewritten(fixedOutputOrderRewrites(*parsed.statement, schema)))) return std::nullopt;
    if (auto edits = disjointBranchEdits(*parsed.statement, current, schema, reasons); !edits.empty()) {
        current = applied(current, std::move(edits));
        parsed = sql::parse(current);
        if (!parsed.ok()) return std::nullopt;
    }
    if (auto edits = singletonEdits(*parsed.statement, current, schema, reasons); !edits.empty()) {
        current = applied(current, std::move(edits));
        parsed = sql::parse(current);
        if (!parsed.ok()) return std::nullopt;
    }
    current = applied(current, canonicalEdits(*parsed.statement, schema));
    parsed = sql::parse(current);
    if (!parsed.ok()) return std::nullopt;
    if (alwaysEmpty(*parsed.statement)) {
        reasons.push_back("both return no row");
        return std::string("<no row>");
    }
    return normalizedKey(*parsed.statement);
}

} // namespace

std::optional<std::string> provenEquivalentUnderKeys(std::string_view gold, std::string_view neighbor,
                                                     const schema::Schema& schema)
{
    std::vector<std::string> reasons;
    const auto goldKey = canonicalKey(gold, schema, reasons);
    const auto neighborKey = canonicalKey(neighbor, schema, reasons);
    if (!goldKey || !neighborKey || *goldKey != *neighborKey) return std::nullopt;
    std::sort(reasons.begin(), reasons.end());
    reasons.erase(std::unique(reasons.begin(), reasons.end()), reasons.end());
    if (reasons.empty())
        return std::string("the same query written another way (columns with or without their table, INNER JOIN "
                           "or JOIN, an equality either way round, a count != 0 or > 0)");
    std::string out;
    for (const std::string& reason : reasons) out += (out.empty() ? "" : "; ") + reason;
    return out;
}

} // namespace sqleq::neighbors
