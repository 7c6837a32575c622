// Witness rows: what random sampling almost never produces for a long query — one
// row per FROM item such that every join and every comparison of the WHERE clause
// holds at once (ATIS golds carry two dozen conditions over nested IN subqueries).
// A WitnessPlan reads a query's conjunction as classes of columns its joins make
// equal, each with the comparisons a value of the class must pass; plantWitnesses()
// appends rows that satisfy the plan, a few copies apart, so ORDER BY … LIMIT,
// GROUP BY and boundary neighbors see several qualifying rows that differ.
// Internal to core/search (TargetedDatabases uses it).
#pragma once

#include "core/exec/value.h"
#include "core/fuzz/prng.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::search::detail {

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
/// passes the subquery's WHERE). Disjunctions, NOT and correlated references are not
/// modelled: a witness satisfies the rest, which random rows then may or may not.
struct WitnessPlan {
    std::vector<std::string> slots;  ///< the schema table of each FROM item
    std::vector<EqualColumns> classes;
    std::vector<SlotColumn> grouped;  ///< the columns of the core's GROUP BY

    /// A canonical text of the plan: equal plans, equal signatures.
    [[nodiscard]] std::string signature() const;
};

/// A plan for every SELECT core of `query` that reads schema tables with at least one
/// join or comparison (compound branches and subqueries elsewhere get plans of their
/// own); nothing when the query does not parse.
std::vector<WitnessPlan> planWitnesses(std::string_view query, const schema::Schema& schema);

/// How the copies of a witness relate.
struct WitnessCopies {
    std::size_t count = 2;
    /// Probability that a later copy takes the first copy's value where no condition
    /// fixes one (ties); otherwise a nearby value, distinct for every copy.
    double share = 0.0;
    /// Every copy takes the first copy's GROUP BY values: the copies form one group.
    bool oneGroup = false;
};

/// Appends `copies.count` witnesses of `plan` to `content`, copy c choosing each bounded
/// value differently (c = 0 at the bound itself or just inside a strict one, then
/// further in). Key columns no condition fixes get fresh
/// values from `nextKey`; rows a fixed key collides with are replaced; a parent row
/// is added for every foreign key a witness row holds and no row resolves. False when
/// a table of the plan has no row to start a witness row from.
bool plantWitnesses(const schema::Schema& schema, schema::DatabaseContent& content, const WitnessPlan& plan,
                    const WitnessCopies& copies, fuzz::Prng& rng, int64_t& nextKey);

} // namespace sqleq::search::detail
