// Witness rows: what random sampling almost never produces for a long query — one
// row per FROM item such that every join and every comparison of the WHERE clause
// holds at once (ATIS golds carry two dozen conditions over nested IN subqueries).
// plantWitnesses() appends rows satisfying a WitnessPlan (witness_plan.h), a few
// copies apart, so ORDER BY … LIMIT, GROUP BY and boundary neighbors see several
// qualifying rows that differ — or many copies forming one group, for HAVING counts.
// Internal to core/targeted (TargetedDatabases uses it).
#pragma once

#include "core/fuzz/prng.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"
#include "core/targeted/witness_plan.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::targeted::detail {

/// How the copies of a witness relate.
struct WitnessCopies {
    std::size_t count = 2;
    /// Probability that a later copy takes the first copy's value where no condition
    /// fixes one (ties); otherwise a nearby value, distinct for every copy.
    double share = 0.0;
    /// Every copy takes the first copy's GROUP BY values: the copies form one group.
    bool oneGroup = false;
    /// Copy c chooses bounded values as copy c + firstChoice would (1: a single witness
    /// strictly inside the range rather than at its bound).
    std::size_t firstChoice = 0;
    /// Later copies move each free value up or down by this bit of its column's place
    /// in the schema instead of at random. Over one database per bit, every two
    /// columns move apart in some database: ordered by one, the copies are ordered
    /// the other way by the other (`ORDER BY a … LIMIT 1` against `ORDER BY b …`).
    std::optional<unsigned> directionBit;
    /// The (single) witness misses the plan in exactly one place, so the query returns
    /// nothing from it while a query with that one condition relaxed returns it.
    struct NearMiss {
        std::size_t equalClass = 0;  ///< index into the plan's classes
        bool beyond = false;         ///< just past the condition's bound, or further out
    };
    std::optional<NearMiss> nearMiss;
};

/// Appends `copies.count` witnesses of `plan` to `content`, copy c choosing each bounded
/// value differently (c = 0 at the bound itself or just inside a strict one, then
/// further in). Key columns no condition fixes get fresh
/// values from `nextKey`; rows a fixed key collides with are replaced; a parent row
/// is added for every foreign key a witness row holds and no row resolves. False when
/// a table of the plan has no row to start a witness row from.
bool plantWitnesses(const schema::Schema& schema, schema::DatabaseContent& content, const WitnessPlan& plan,
                    const WitnessCopies& copies, fuzz::Prng& rng, int64_t& nextKey);

} // namespace sqleq::targeted::detail
