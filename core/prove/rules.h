// The rewrite rules of the prover, one per file in this folder, and what they share.
// Each rule rewrites a whole parsed query in place wherever it fires and reports the
// schema facts and promises it relied on; the prover records a step when the printed
// query changed. Internal to core/prove: prove.cpp sequences them.
#pragma once

#include "core/fuzz/profile.h"
#include "core/schema/schema.h"
#include "core/sql/select.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace sqleq::prove {

/// What every rule may read.
struct RuleContext {
    const schema::Schema& schema;
    fuzz::Profile profile;
    /// The comparison reads the rows as a list (the gold has a top-level ORDER BY): then
    /// the order of tied rows is the query plan's, and only rules that leave the plan
    /// alone may run.
    bool orderCompared = false;
};

/// A rule could not make sense of the query (an unknown or ambiguous name, a construct
/// the prover does not model): the prover stops and the pair stays unproved.
struct Unsupported {
    std::string why;
};

/// Facts a rule used, in words, deduplicated in order of first use.
class Uses {
public:
    void add(std::string fact);
    [[nodiscard]] const std::vector<std::string>& facts() const { return m_facts; }

private:
    std::vector<std::string> m_facts;
};

/// Calls `visit` on every SELECT core of `root`, subqueries included, outer ones first.
void forEachCore(sql::Node& root, const std::function<void(sql::SelectCore&)>& visit);

/// Every SELECT core of `statement` with the statement whose ORDER BY and LIMIT apply
/// to it (null for a compound's branch), outer ones first.
std::vector<std::pair<sql::SelectCore*, sql::SelectStatement*>> coresWithOwners(sql::SelectStatement& statement);

/// After `names`: every table binding's name (its alias, else its table's name) and the
/// schema table it reads. Binding names are unique in the statement then.
std::map<std::string, const schema::Table*> tableBindings(sql::Node& root, const schema::Schema& schema);

/// The operands of a chain of `op` (AND or OR), left to right, nested chains flattened.
void flattenChain(sql::ExprPtr expr, sql::BinaryOp op, std::vector<sql::ExprPtr>& out);

/// `operands` joined by `op` (AND or OR), left-deep; null when there are none.
sql::ExprPtr joinChain(std::vector<sql::ExprPtr> operands, sql::BinaryOp op);

/// An aggregate call (count, sum, avg, min/max of one argument, total, group_concat…),
/// not a window function.
bool isAggregateCall(const sql::FunctionCall& call);

/// The binding (lower case, after `names`) a column reference is qualified with; empty when unqualified.
std::string bindingOf(const sql::ColumnRef& ref);

/// Whether `ref` holds no NULL on any database of the profile: spider promises it for
/// every column; strict for a NOT NULL column or an INTEGER PRIMARY KEY. Its reason in
/// `fact`. `nullable` lists the bindings a LEFT JOIN may pad with NULL.
bool columnHoldsNoNull(const sql::ColumnRef& ref, const RuleContext& context,
                       const std::map<std::string, const schema::Table*>& tables,
                       const std::vector<std::string>& nullable, std::string& fact);

/// A key column keeps two rows apart only where it is not NULL: always under spider;
/// under strict when declared NOT NULL or an INTEGER PRIMARY KEY (the rowid).
bool keyColumnNeverNull(const schema::Table& table, const schema::Column& column, fuzz::Profile profile);

/// The bindings a LEFT JOIN anywhere in `root` may pad with NULL (binding names are
/// unique in the statement after `names`, and a subquery may read an outer one).
std::vector<std::string> nullPaddedBindings(sql::Node& root);

// The rules, in the order the prover runs them (prove.cpp: kRules). Each returns an
// error text instead of throwing when the query is beyond it.

/// `names`: every FROM item gets a canonical binding name, every column reference is
/// qualified with the binding SQLite resolves it to, table and column names are written
/// in lower case without quotes, an ORDER BY term naming a result alias becomes its
/// expression, and the top-level result aliases nothing refers to go (the comparison
/// reads values, not column names).
std::string applyNames(sql::SelectStatement& statement, const RuleContext& context, Uses& uses);

/// `spelling`: function names in lower case, an explicit ASC dropped (the default).
std::string applySpelling(sql::SelectStatement& statement, const RuleContext& context, Uses& uses);

/// `unordered_result`: a top-level ORDER BY without LIMIT goes when the comparison
/// reads the rows as a bag; ORDER BY without LIMIT goes inside IN and EXISTS.
std::string applyUnorderedResult(sql::SelectStatement& statement, const RuleContext& context, Uses& uses);

/// `outer_to_inner`: a LEFT JOIN whose right side (one table) a top-level WHERE
/// conjunct compares with `=`, `<`, LIKE, IN, BETWEEN… is an inner join: that
/// conjunct is never true on the NULL row the outer join adds.
std::string applyOuterToInner(sql::SelectStatement& statement, const RuleContext& context, Uses& uses);

/// `inner_joins`: inner, cross and comma joins are one product filtered by their ON
/// conditions: the FROM becomes a comma list of its tables in a canonical order and
/// the ON conditions join the WHERE.
std::string applyInnerJoins(sql::SelectStatement& statement, const RuleContext& context, Uses& uses);

/// `negation`: NOT moved inward (de Morgan, `NOT a < b` → `a >= b`, NOT IN, NOT LIKE,
/// IS NOT), BETWEEN spelled as two comparisons, IN lists sorted without repeats.
std::string applyNegation(sql::SelectStatement& statement, const RuleContext& context, Uses& uses);

/// `count_star`: `count(x)` counts the rows where x is not NULL: every row when x is a
/// column that holds no NULL (spider: every column; strict: a NOT NULL or INTEGER
/// PRIMARY KEY one), not from the NULL side of an outer join.
std::string applyCountStar(sql::SelectStatement& statement, const RuleContext& context, Uses& uses);

/// `distinct_key`: DISTINCT goes when the rows cannot repeat: ungrouped, no aggregate,
/// and the result has a whole non-NULL key of every table of the FROM.
std::string applyDistinctKey(sql::SelectStatement& statement, const RuleContext& context, Uses& uses);

/// `commute`: operands of AND, OR, `=`, `!=`, IS and IS NOT, and the sides of `<`, `>`
/// (mirrored), in a canonical order (by their printed text); the top-level result
/// columns too, when the comparison pairs columns in any order.
std::string applyCommute(sql::SelectStatement& statement, const RuleContext& context, Uses& uses);

} // namespace sqleq::prove
