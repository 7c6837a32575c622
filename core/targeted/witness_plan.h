// Witness plans: a query's conjunction read as classes of columns its joins make
// equal, each with the comparisons a value of the class must pass — what a row per
// FROM item must hold for every join and comparison of the WHERE clause to be true at
// once. witness_rows.h places rows that satisfy a plan. Internal to core/targeted.
#pragma once

#include "core/exec/value.h"
#include "core/schema/schema.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::targeted::detail {

/// A comparison every value of a class must pass.
enum class Bound : uint8_t { Equal, OneOf, NotEqual, Less, LessOrEqual, Greater, GreaterOrEqual, Like };

struct ValueCondition {
    Bound bound = Bound::Equal;
    std::vector<exec::Value> values;  ///< one value; several for OneOf; the pattern for Like
};

/// One column of one FROM item of a plan.
struct SlotColumn {
    std::size_t slot = 0;
    std::string column;  ///< schema spelling
};

/// Columns the query's joins make equal, and the comparisons on any of them.
struct EqualColumns {
    std::vector<SlotColumn> members;
    std::vector<ValueCondition> conditions;
};

/// The conjunction of one SELECT core, IN subqueries over a single column merged in
/// as joins (`a.x IN (SELECT b.y FROM b WHERE …)` holds when a row of b with y = a.x
/// passes the subquery's WHERE), correlated EXISTS likewise. An OR gives one plan per
/// branch; a NOT p one plan leaving p to chance and one where p holds. What a plan
/// cannot model (column inequalities, functions) random rows may or may not satisfy.
struct WitnessPlan {
    std::size_t core = 0;  ///< which SELECT core of the query, in the order planned
    std::vector<std::string> slots;  ///< the schema table of each FROM item
    std::vector<EqualColumns> classes;
    std::vector<SlotColumn> grouped;  ///< the columns of the core's GROUP BY
    /// `a.x < b.y` and the like between two classes (indices into `classes`): the
    /// witness orders their values so (and so differs from one where they are equal).
    struct Ordering {
        std::size_t left = 0;
        std::size_t right = 0;
        Bound bound = Bound::Less;  ///< NotEqual, Less, LessOrEqual, Greater, GreaterOrEqual
    };
    std::vector<Ordering> orderings;

    /// A canonical text of the plan: equal plans, equal signatures.
    [[nodiscard]] std::string signature() const;
};

/// A plan for every SELECT core of `query` that reads schema tables with at least one
/// join or comparison (compound branches and subqueries elsewhere get plans of their
/// own); nothing when the query does not parse.
std::vector<WitnessPlan> planWitnesses(std::string_view query, const schema::Schema& schema);

/// Plans for rows on which the WHERE clauses of two single-core queries over the same
/// FROM disagree, when they differ in one place (a neighbor's edit): the rest of the
/// clause is held so that this place decides it, and there one query's condition
/// holds and the other's fails, each way round. Nothing for other shapes.
std::vector<WitnessPlan> planDifference(std::string_view gold, std::string_view candidate, const schema::Schema& schema);

} // namespace sqleq::targeted::detail
