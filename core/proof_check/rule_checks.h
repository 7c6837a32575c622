// The checker's own implementation of each rule of docs/proofs.md, re-applied to a
// step's `before` so that its text can be compared with the step's `after`, and the
// plan condition (which queries only `syntax` and `names` may touch). Written from the
// document, not from the prover: the two are kept apart on purpose, so that a mistake
// in one shows up as a disagreement. Internal to core/proof_check.
#pragma once

#include "core/proof_check/schema_facts.h"
#include "core/sql/select.h"

#include <string>
#include <vector>

namespace sqleq::proof_check {

/// What every rule may read.
struct RuleInput {
    const SchemaFacts& schema;
    Profile profile = Profile::Spider;
    /// The gold has a top-level ORDER BY: the comparison reads the rows as a list.
    bool orderCompared = false;
};

/// One re-application. `refused` when the rule cannot be applied to this query at all
/// (the checker will not follow it: an unresolved name, a construct not modelled);
/// `notes` say where the rule did not fire and why, for the message when the step's
/// `after` claims it did.
struct Reapplied {
    std::string refused;
    std::vector<std::string> notes;
};

/// The names rule: bindings, qualification, lower case, ORDER BY aliases, dropped
/// top-level aliases. Its binding names are its own; compare with bindingBlindText().
Reapplied resolveNames(sql::SelectStatement& statement, const RuleInput& input);

/// The printed statement with every binding name (a FROM item's alias or table name, a
/// qualifier, `t.*`) replaced by b1, b2, … in order of first appearance: two statements
/// print alike exactly when they are the same tree up to a one-to-one renaming of their
/// bindings, which changes no meaning once every reference is qualified.
std::string bindingBlindText(const sql::SelectStatement& statement);

Reapplied respell(sql::SelectStatement& statement, const RuleInput& input);             ///< spelling
Reapplied dropUnreadOrder(sql::SelectStatement& statement, const RuleInput& input);     ///< unordered_result
Reapplied makeOuterJoinsInner(sql::SelectStatement& statement, const RuleInput& input); ///< outer_to_inner
Reapplied mergeInnerJoins(sql::SelectStatement& statement, const RuleInput& input);     ///< inner_joins
Reapplied pushNegations(sql::SelectStatement& statement, const RuleInput& input);       ///< negation
Reapplied countRowsByStar(sql::SelectStatement& statement, const RuleInput& input);     ///< count_star
Reapplied dropKeyedDistinct(sql::SelectStatement& statement, const RuleInput& input);   ///< distinct_key
Reapplied commuteOperands(sql::SelectStatement& statement, const RuleInput& input);     ///< commute

/// Why the rows of a resolved statement may depend on the order SQLite reads them ("a
/// LIMIT", "group_concat", "a scalar subquery that may return several rows", "the
/// grouped column singer.name is neither grouped nor fixed by a grouped key"); empty
/// when they cannot.
std::string readOrderDependence(sql::SelectStatement& statement, const RuleInput& input);

/// An aggregate function call (count, sum, avg, total, min and max of one argument,
/// group_concat, string_agg, json_group_array, json_group_object), not a window.
bool isAggregate(const sql::FunctionCall& call);

/// Every SELECT core of a statement, subqueries and compound branches included, with
/// the statement whose body it is (null for a compound's branch).
struct CoreInStatement {
    sql::SelectCore* core = nullptr;
    sql::SelectStatement* owner = nullptr;
};
std::vector<CoreInStatement> coresOf(sql::SelectStatement& statement);

/// The operands of a chain of `op` (AND or OR), left to right, nested chains of the same
/// operator flattened; the chain itself is consumed.
void splitChain(sql::ExprPtr expr, sql::BinaryOp op, std::vector<sql::ExprPtr>& out);
/// `operands` joined by `op`, left-deep; null when there are none.
sql::ExprPtr buildChain(std::vector<sql::ExprPtr> operands, sql::BinaryOp op);

} // namespace sqleq::proof_check
