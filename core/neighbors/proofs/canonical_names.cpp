// The last rewrite before two queries are compared: tables renamed by position,
// every column written "binding"."column" in lower case, comparisons of two literals
// and empty ranges folded, INNER JOIN written JOIN, a count against 0 written one way.
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/schema/ddl_writer.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sqleq::neighbors::proofs {
namespace {

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

} // namespace

/// Every resolved column as "binding"."column" in lower case; literal comparisons folded.
std::vector<TextEdit> canonicalEdits(const sql::SelectStatement& statement, const schema::Schema& schema)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<TextEdit> edits;
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
            edits.push_back({tables[t].first->span(), schema::quoteIdentifier(asciiLower(tables[t].first->name.name))
                                                          + " AS " + schema::quoteIdentifier(canonical)});
        }
        renamed.insert(core);
        return true;
    });
    for (const ColumnSite& site : scopes.sites()) {
        if (!site.resolved || site.core == nullptr || site.isString) continue;
        std::string binding = asciiLower(site.resolved->binding);
        if (auto it = names.find({site.core, binding}); it != names.end()) binding = it->second;
        else if (renamed.contains(site.core)) continue;
        edits.push_back({site.ref->span(), schema::quoteIdentifier(binding) + "."
                                               + schema::quoteIdentifier(asciiLower(site.resolved->column))});
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

} // namespace sqleq::neighbors::proofs
