// Proofs from the schema's keys. Rewrites are text edits at the parser's spans,
// re-parsed after each pass, so no AST node has to be replaced in place; the two
// queries are equal when their rewritten normalized keys are. The rules live in
// proofs/ (one per file); this file runs them in order and compares the results.

#include "core/neighbors/schema_equivalence.h"

#include "core/neighbors/neighbor_filter.h"
#include "core/neighbors/proofs/proofs.h"
#include "core/neighbors/redundant_clauses.h"
#include "core/neighbors/text_edit.h"
#include "core/sql/parser.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace sqleq::neighbors {
namespace {

std::optional<std::string> canonicalKey(std::string_view text, const schema::Schema& schema,
                                        std::vector<std::string>& reasons)
{
    sql::ParseOutput parsed = sql::parse(text);
    if (!parsed.ok()) return std::nullopt;
    std::string current(text);
    // Each pass edits the text at the parser's spans and parses the result again.
    auto pass = [&](std::vector<TextEdit> edits) {
        if (edits.empty()) return true;
        current = applyEdits(current, std::move(edits));
        parsed = sql::parse(current);
        return parsed.ok();
    };
    for (int round = 0; round < 2; ++round)  // a folded HAVING 1 goes in the second round
        if (!pass(proofs::groupCountEdits(*parsed.statement, current, reasons))) return std::nullopt;
    if (!pass(proofs::unitCountEdits(*parsed.statement, reasons))) return std::nullopt;
    if (!pass(proofs::nullTestEdits(*parsed.statement, schema, reasons))) return std::nullopt;
    if (!pass(proofs::falseFilterEdits(*parsed.statement, reasons))) return std::nullopt;
    if (!pass(proofs::extremeEdits(*parsed.statement, schema, reasons))) return std::nullopt;
    if (!pass(proofs::countedSubqueryEdits(*parsed.statement, reasons))) return std::nullopt;
    if (!pass(proofs::semiJoinEdits(*parsed.statement, schema, reasons))) return std::nullopt;
    const auto rewritten = [&](std::vector<ClauseRewrite> rewrites) {
        std::vector<TextEdit> edits;
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
    if (auto edits = proofs::disjointBranchEdits(*parsed.statement, current, schema, reasons); !edits.empty()) {
        current = applyEdits(current, std::move(edits));
        parsed = sql::parse(current);
        if (!parsed.ok()) return std::nullopt;
    }
    if (auto edits = proofs::singletonEdits(*parsed.statement, current, schema, reasons); !edits.empty()) {
        current = applyEdits(current, std::move(edits));
        parsed = sql::parse(current);
        if (!parsed.ok()) return std::nullopt;
    }
    current = applyEdits(current, proofs::canonicalEdits(*parsed.statement, schema));
    parsed = sql::parse(current);
    if (!parsed.ok()) return std::nullopt;
    if (proofs::alwaysEmpty(*parsed.statement)) {
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
