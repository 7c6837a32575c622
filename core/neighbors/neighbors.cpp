// generateNeighbors: parse the gold, let every family propose edits of its text,
// then keep the edits that survive NeighborFilter. Families only propose; all
// judging (parse, dedupe, prepare) happens in one place.

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
    const Candidates candidates = proposeAll(gold, options);

    // The key is computed on a copy: normalizing rewrites the tree in place.
    auto keyTree = sql::cloneOf(parsed.statement);
    NeighborFilter filter(std::move(database.value()), normalizedKey(*keyTree));
    std::vector<Neighbor> neighbors;
    for (const Candidate& candidate : candidates) {
        std::string text = applyCandidate(goldSql, candidate);
        if (!filter.accept(text, candidate.equivalentToGold)) continue;
        neighbors.push_back(Neighbor{std::move(text), candidate.family, candidate.span, candidate.replacement});
    }
    if (stats) *stats = filter.stats();
    return neighbors;
}

} // namespace sqleq::neighbors
