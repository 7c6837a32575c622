// neighbors: the gold query's neighbor queries N_g — the gold changed in exactly
// one place (a constant, an operator, a column, a dropped span) — which are likely,
// but not certainly, inequivalent to it. A test suite that tells every neighbor
// apart from the gold exercises every clause of the gold ("code coverage").
// Pure: no database is touched except an empty one built from the schema, used to
// keep only neighbors that SQLite can prepare.
#pragma once

#include "core/base/result.h"
#include "core/base/source_span.h"
#include "core/schema/schema.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::neighbors {

enum class MutationFamily {
    NumericConstant,     ///< an integer or real literal replaced (random in [-|v|-1, |v|+1], v±1, v±ε)
    StringConstant,      ///< a string literal replaced (random, substring, concatenation, % variants)
    ComparisonOperator,  ///< = != < <= > >= swapped for another
    Aggregate,           ///< count min max avg sum swapped for another
    SortDirection,       ///< ASC <-> DESC
    LogicalOperator,     ///< AND <-> OR
    ArithmeticOperator,  ///< + - * / swapped for another
    LikeNegation,        ///< LIKE <-> NOT LIKE
    InNegation,          ///< IN <-> NOT IN
    Column,              ///< a column reference replaced by another column (same table first);
                         ///< also a FROM table name replaced by another schema table
    DropNode,            ///< a droppable AST node removed (WHERE conjunct, clause, DISTINCT, select item, join, arm, NOT)
    DropTokens,          ///< a span of tokens removed (the paper's token-span drops)
};

/// "numeric_constant", "comparison_operator", … — stable names for JSON and the UI.
std::string_view familyName(MutationFamily family);

/// Every family, in declaration order (for per-family tables and breakdowns).
inline constexpr MutationFamily kAllFamilies[] = {
    MutationFamily::NumericConstant, MutationFamily::StringConstant, MutationFamily::ComparisonOperator,
    MutationFamily::Aggregate, MutationFamily::SortDirection, MutationFamily::LogicalOperator,
    MutationFamily::ArithmeticOperator, MutationFamily::LikeNegation, MutationFamily::InNegation,
    MutationFamily::Column, MutationFamily::DropNode, MutationFamily::DropTokens,
};

struct Neighbor {
    std::string sql;          ///< the gold text with `goldSpan` replaced by `replacement`
    MutationFamily family;
    SourceSpan goldSpan;      ///< bytes of the gold text that changed (empty span = pure insertion)
    std::string replacement;  ///< what stands there in the neighbor (empty for drops)
};

struct NeighborOptions {
    uint64_t seed = 0;              ///< random constants come from this seed (project PRNG), deterministically
    std::size_t maxTokenSpan = 0;   ///< longest token span to drop; 0 = the implementation's default (5)
};

/// What happened to the proposed edits: every proposal is counted once, under
/// the first test it failed, or as kept.
struct NeighborStats {
    std::size_t proposed = 0;
    std::size_t duplicate = 0;   ///< same text or same normalized print as an earlier proposal
    std::size_t unparsable = 0;  ///< our parser refuses the text
    std::size_t sameAsGold = 0;  ///< prints like the gold (also up to count(col) <-> count(*), ASC)
    std::size_t equivalent = 0;  ///< provably equivalent to the gold (a swap onto an inner-join-equated column)
    std::size_t unprepared = 0;  ///< SQLite cannot prepare it on the schema
    std::size_t kept = 0;
    /// Proposals left out by the cap on work per gold, before any test: a family
    /// proposing more than 1,000 edits keeps 1,000 spread evenly over the gold, and a
    /// gold keeps at most 2,000 proposals and 1 MiB of proposed text (proposals × gold
    /// length), again spread evenly. 0 for every Spider dev gold.
    std::size_t capped = 0;
};

/// The neighbors of `goldSql` on `schema`: deduplicated by canonical printed form
/// (read with count(col) = count(*) and ASC = no direction), excluding neighbors
/// SQLite cannot prepare on the schema, neighbors that print like the gold, and
/// those equal to it up to count(col) <-> count(*); bounded work per gold (see
/// NeighborStats::capped). Deterministic for a
/// given (gold, schema, options). Errors: the gold does not parse ("parse.*"), or the
/// schema cannot be built ("schema.build").
/// Neighbors are listed family by family in declaration order, and in source
/// order within a family; a neighbor two families produce belongs to the first.
/// Pure and thread-safe (each call opens its own in-memory database).
Result<std::vector<Neighbor>> generateNeighbors(std::string_view goldSql, const schema::Schema& schema,
                                                 const NeighborOptions& options = {});

/// As above, also reporting how the proposals fared (`stats` may be null).
Result<std::vector<Neighbor>> generateNeighbors(std::string_view goldSql, const schema::Schema& schema,
                                                 const NeighborOptions& options, NeighborStats* stats);

/// The form in which neighbors are compared with each other and with the gold: the
/// canonical print after count(col) and count() become count(*) (no NULLs under the
/// `spider` profile) and ASC is dropped. Empty when `sql` does not parse.
std::string normalizedForm(std::string_view sql);

} // namespace sqleq::neighbors
