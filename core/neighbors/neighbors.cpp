// generateNeighbors: parse the gold, let every family propose edits of its text,
// then keep the edits that survive NeighborFilter. Families only propose; all
// judging (parse, dedupe, prepare) happens in one place. Work per gold is bounded:
// a family proposing more edits than any real gold does (a 3,000-item IN list, a
// 250-term OR chain) keeps an evenly spread sample of them, and so does a gold whose
// edits together exceed a count or a number of bytes of text.

#include "core/neighbors/neighbors.h"

#include "core/neighbors/column_mutations.h"
#include "core/neighbors/constant_mutations.h"
#include "core/neighbors/neighbor_filter.h"
#include "core/neighbors/node_drops.h"
#include "core/neighbors/operator_mutations.h"
#include "core/neighbors/token_drops.h"
#include "core/schema/ddl_writer.h"
#include "core/sql/parser.h"

#include <algorithm>

namespace sqleq::neighbors {
namespace {

/// The caps on proposals per gold. Spider dev's 1,034 golds propose at most 410 edits in
/// one family, 703 in all, and 219 KB of edited text (703 × 311 bytes), so no cap ever
/// changes their neighbors (tests/corpus/test_neighbors_corpus checks it).
constexpr std::size_t kMaxCandidatesPerFamily = 1000;
constexpr std::size_t kMaxCandidates = 2000;
/// Proposals × gold length at most: every proposal is parsed, printed and prepared, and
/// every neighbor kept runs on every sampled database, so work grows with both.
constexpr std::size_t kMaxCandidateBytes = std::size_t{1} << 20;

/// `count` of the `size` items [0, size), spread evenly and in order: i·size/count.
std::vector<std::size_t> spreadIndices(std::size_t size, std::size_t count)
{
    std::vector<std::size_t> picked;
    picked.reserve(count);
    for (std::size_t i = 0; i < count; ++i) picked.push_back(i * size / count);
    return picked;
}

Candidates pick(Candidates& from, const std::vector<std::size_t>& indices)
{
    Candidates kept;
    kept.reserve(indices.size());
    for (const std::size_t i : indices) kept.push_back(std::move(from[i]));
    return kept;
}

/// Applies both caps to family-sorted candidates; returns how many were left out.
std::size_t capCandidates(Candidates& candidates, std::size_t goldBytes)
{
    const std::size_t before = candidates.size();
    Candidates capped;
    for (std::size_t begin = 0; begin < candidates.size();) {
        std::size_t end = begin;
        while (end < candidates.size() && candidates[end].family == candidates[begin].family) ++end;
        Candidates family(std::make_move_iterator(candidates.begin() + static_cast<std::ptrdiff_t>(begin)),
                          std::make_move_iterator(candidates.begin() + static_cast<std::ptrdiff_t>(end)));
        if (family.size() > kMaxCandidatesPerFamily)
            family = pick(family, spreadIndices(family.size(), kMaxCandidatesPerFamily));
        for (Candidate& c : family) capped.push_back(std::move(c));
        begin = end;
    }
    const std::size_t total = std::clamp<std::size_t>(kMaxCandidateBytes / std::max<std::size_t>(1, goldBytes), 1,
                                                      kMaxCandidates);
    if (capped.size() > total) capped = pick(capped, spreadIndices(capped.size(), total));
    candidates = std::move(capped);
    return before - candidates.size();
}

Candidates proposeAll(const GoldQuery& gold, const NeighborOptions& options)
{
    const fuzz::Prng prng(options.seed);
    Candidates candidates;
    appendNumericMutations(gold, prng, candidates);
    appendStringMutations(gold, prng, candidates);
    appendOperatorMutations(gold, candidates);
    appendColumnMutations(gold, candidates);
    appendNodeDrops(gold, candidates);
    appendTokenDrops(gold, options.maxTokenSpan == 0 ? kDefaultMaxTokenSpan : options.maxTokenSpan, candidates);
    // Family by family, source order kept within each.
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate& a, const Candidate& b) { return a.family < b.family; });
    return candidates;
}

} // namespace

std::string_view familyName(MutationFamily family)
{
    switch (family) {
    case MutationFamily::NumericConstant: return "numeric_constant";
    case MutationFamily::StringConstant: return "string_constant";
    case MutationFamily::ComparisonOperator: return "comparison_operator";
    case MutationFamily::Aggregate: return "aggregate";
    case MutationFamily::SortDirection: return "sort_direction";
    case MutationFamily::LogicalOperator: return "logical_operator";
    case MutationFamily::ArithmeticOperator: return "arithmetic_operator";
    case MutationFamily::LikeNegation: return "like_negation";
    case MutationFamily::InNegation: return "in_negation";
    case MutationFamily::Column: return "column";
    case MutationFamily::DropNode: return "drop_node";
    case MutationFamily::DropTokens: return "drop_tokens";
    }
    return "unknown";
}

Result<std::vector<Neighbor>> generateNeighbors(std::string_view goldSql, const schema::Schema& schema,
                                                 const NeighborOptions& options)
{
    return generateNeighbors(goldSql, schema, options, nullptr);
}

Result<std::vector<Neighbor>> generateNeighbors(std::string_view goldSql, const schema::Schema& schema,
                                                 const NeighborOptions& options, NeighborStats* stats)
{
    sql::ParseOutput parsed = sql::parse(goldSql);
    if (!parsed.ok()) {
        if (!parsed.diagnostics.empty()) return parsed.diagnostics.front();
        return Diagnostic{"parse.syntax", "the gold query does not parse", {}, {}};
    }
    auto database = schema::createDatabase(schema);
    if (!database) return database.error();

    const TokenIndex tokens(goldSql);
    const ScopeIndex scopes(schema, *parsed.statement);
    const EquatedColumns equated(schema, *parsed.statement, scopes);
    const GoldQuery gold{goldSql, *parsed.statement, schema, tokens, scopes, equated};
    Candidates candidates = proposeAll(gold, options);
    const std::size_t leftOut = capCandidates(candidates, goldSql.size());

    // The key is computed on a copy: normalizing rewrites the tree in place.
    auto keyTree = sql::cloneOf(parsed.statement);
    NeighborFilter filter(std::move(database.value()), normalizedKey(*keyTree));
    std::vector<Neighbor> neighbors;
    for (const Candidate& candidate : candidates) {
        std::string text = applyCandidate(goldSql, candidate);
        if (!filter.accept(text, candidate.equivalentToGold)) continue;
        neighbors.push_back(Neighbor{std::move(text), candidate.family, candidate.span, candidate.replacement});
    }
    if (stats) {
        *stats = filter.stats();
        stats->capped = leftOut;
    }
    return neighbors;
}

} // namespace sqleq::neighbors
