// TargetedDatabases: small databases built on purpose from both queries of a pair,
// each aimed at one way two queries commonly differ where random databases rarely
// look — a constant's boundary, sign and case variants; ties and duplicates (two rows
// sharing an ORDER BY key, a max, a selected or grouped value, a parent with two
// children); a group of exactly k rows for every count threshold k; a database where
// nothing passes the WHERE; joins between columns no foreign key links (both drawn
// from one value pool); under `strict` also NULLs and each table empty. Each one is a
// random database of the pair's constants (core/fuzz), cut down to a few rows and
// then shaped; foreign keys are repaired so every one resolves, also those SQLite
// cannot enforce. With `witnesses`, first of all: databases holding rows that satisfy
// every join and comparison of a query's WHERE clause at once (witness_rows.h), which
// long conjunctions need and random rows almost never give; before them, when the
// two WHERE clauses differ in one place, one row combination on which they disagree
// (witness_plan.h's planDifference). A pure function of
// (schema, queries, profile, seed, index).
#pragma once

#include "core/fuzz/gold_constants.h"
#include "core/fuzz/prng.h"
#include "core/fuzz/profile.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"
#include "core/targeted/witness_rows.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::targeted {

class TargetedDatabases {
public:
    /// `schema` must outlive the object. Queries that do not parse contribute nothing.
    /// `largeGroups`: also a group of exactly k rows for count thresholds k too large for
    /// the small databases (up to kLargestBuiltGroup), one table at a time — databases of
    /// thousands of rows, for distillation, which targets few neighbors this way.
    /// `witnesses`: also, first, databases with witness rows of either query's WHERE.
    /// `boundaries`: also, last, databases whose rows sit on both sides of every boundary
    /// of a computed comparison (`length(name) > 20`: names of 20 and 21 letters; see
    /// boundary_values.h) — found by running the expressions, so for one pair at a time
    /// (the search), not for every neighbor of a distillation; and databases whose
    /// integer keys run through 0 and below (random keys count from 1).
    TargetedDatabases(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                      fuzz::Profile profile, uint64_t seed, bool largeGroups = false, bool witnesses = false,
                      bool boundaries = false);

    static constexpr int64_t kLargestBuiltGroup = 5000;

    /// How many targeted databases there are (a few dozen, depending on the queries).
    [[nodiscard]] std::size_t size() const { return m_targets.size(); }

    /// What database `index` aims at, e.g. "targeted: ties and duplicates (3 rows)".
    [[nodiscard]] std::string label(std::size_t index) const;

    /// The content of database `index` (< size()); nothing when it cannot be built
    /// (the sampler failed or the shaping left a table empty that the profile needs).
    [[nodiscard]] std::optional<schema::DatabaseContent> build(std::size_t index) const;

    /// Both queries' constants (and equated columns), as the random search uses them too.
    [[nodiscard]] const fuzz::GoldConstants& constants() const { return m_constants; }

    /// The witness plans of both queries as text: with equal constants, equal
    /// signatures give equal databases from index differenceCount() on.
    [[nodiscard]] const std::string& witnessSignature() const { return m_witnessSignature; }

    /// The first databases, those on which the two WHERE clauses disagree: the pair's
    /// own, shared with no other pair of equal constants and signature.
    [[nodiscard]] std::size_t differenceCount() const { return m_differencePlans.size(); }

private:
    enum class Kind { Difference, Witnesses, OrderedWitnesses, SingleWitness, NearMiss, WitnessGroup, Variants, Ties, GroupOfK, NothingPasses, EmptyTable, Nulls, LargeGroup, Boundary,
                      KeyEdges, TextShapes };
    struct Target {
        Kind kind = Kind::Variants;
        std::size_t parameter = 0;  ///< rows per table, k, the table to empty, a direction bit, or a rotation
        uint64_t stream = 0;        ///< which sampled database it starts from
        std::size_t table = 0;      ///< LargeGroup: the table grown to k rows; NearMiss: 2 × class + side;
                                ///< KeyEdges: how far below 0 the smallest key goes
    };

    void planTargets();
    void placeBoundaries(schema::DatabaseContent& content, std::size_t rotation) const;
    std::optional<schema::DatabaseContent> buildWitnesses(schema::DatabaseContent content, const Target& target,
                                                          fuzz::Prng& rng) const;
    void add(Kind kind, std::size_t parameter, std::size_t table = 0);

    const schema::Schema& m_schema;
    fuzz::Profile m_profile;
    uint64_t m_seed;
    fuzz::GoldConstants m_constants;
    std::vector<int64_t> m_countThresholds;  ///< small integer constants not tied to a column
    std::vector<int64_t> m_largeThresholds;  ///< larger ones, when largeGroups
    int64_t m_rowsPastLimit = 0;             ///< result rows that tell the two LIMITs apart (0: none)
    fuzz::GoldConstants m_boundaries;        ///< column values on both sides of computed comparisons
    bool m_valuesAtTheEdge = false;          ///< the search's extra values: boundaries, keys at 0 and below
    bool m_readsTextShape = false;           ///< a query trims, cuts, cases or matches text
    std::vector<Target> m_targets;
    std::vector<detail::WitnessPlan> m_goldWitnesses;
    std::vector<detail::WitnessPlan> m_candidateWitnesses;  ///< those the gold has not
    std::vector<detail::WitnessPlan> m_candidateAll;        ///< every plan of the candidate
    std::vector<detail::WitnessPlan> m_differencePlans;     ///< rows on which the two WHERE clauses disagree
    std::string m_witnessSignature;
    bool m_ordered = false;  ///< either query has an ORDER BY somewhere
};

} // namespace sqleq::targeted
