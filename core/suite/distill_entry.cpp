// The entry points of distillation, `distill` and `distillWithNeighbors`: each gold text
// is distilled once (Distiller), however often it repeats, and its report copied
// back to every repeat.

#include "core/suite/distiller.h"
#include "core/suite/suite_diagnostic.h"

#include <string_view>
#include <unordered_map>

namespace sqleq::suite {
namespace {

/// Identical gold texts (Spider dev has 563 distinct texts among its 1,034 golds) get
/// identical neighbors, and on every database those neighbors are told apart alike, so
/// each text is distilled once and its report copied to the repeats. The suite keeps the
/// same databases, except that a targeted database built again for a repeat, which
/// could only re-distinguish the same neighbors, is no longer added a second time.
struct DistinctGolds {
    std::vector<std::string> texts;    ///< in order of first appearance
    std::vector<std::size_t> textOf;   ///< per input gold, its index into texts
};

DistinctGolds distinctGolds(const std::vector<std::string>& golds)
{
    DistinctGolds distinct;
    std::unordered_map<std::string_view, std::size_t> index;
    distinct.textOf.reserve(golds.size());
    for (const std::string& gold : golds) {
        const auto [it, fresh] = index.emplace(gold, distinct.texts.size());
        if (fresh) distinct.texts.push_back(gold);
        distinct.textOf.push_back(it->second);
    }
    return distinct;
}

/// One report per input gold again; proofs are counted per gold, as before the merge.
void expandReports(DistillResult& result, const DistinctGolds& distinct)
{
    std::vector<GoldReport> reports;
    reports.reserve(distinct.textOf.size());
    result.provenEquivalent = 0;
    for (std::size_t text : distinct.textOf) {
        reports.push_back(result.golds[text]);
        for (const NeighborStatus& status : reports.back().neighbors)
            if (!status.equivalenceProof.empty()) ++result.provenEquivalent;
    }
    result.golds = std::move(reports);
}

} // namespace

Result<DistillResult> distillWithNeighbors(const schema::Schema& schema, const std::vector<std::string>& golds,
                                           std::vector<Result<std::vector<neighbors::Neighbor>>> lists,
                                           const DistillOptions& options, const ProgressCallback& progress,
                                           const std::atomic<bool>* cancel)
{
    if (golds.empty()) return suiteError("suite.no_gold", "no gold query to distill a suite for");
    if (lists.size() != golds.size())
        return suiteError("suite.internal", "one neighbor list per gold query is needed");
    const DistinctGolds distinct = distinctGolds(golds);
    std::vector<Result<std::vector<neighbors::Neighbor>>> distinctLists;
    distinctLists.reserve(distinct.texts.size());
    for (std::size_t g = 0; g < golds.size(); ++g)
        if (distinct.textOf[g] == distinctLists.size()) distinctLists.push_back(std::move(lists[g]));
    Distiller distiller(schema, options, progress, cancel);
    distiller.setGolds(distinct.texts, std::move(distinctLists));
    auto result = distiller.run();
    if (result) expandReports(*result, distinct);
    return result;
}

Result<DistillResult> distillSharingCores(const schema::Schema& schema, const std::vector<std::string>& goldQueries,
                                          const DistillOptions& options, SharedCores* cores,
                                          const ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    if (goldQueries.empty())
        return suiteError("suite.no_gold", "no gold query to distill a suite for");
    const DistinctGolds distinct = distinctGolds(goldQueries);
    Distiller distiller(schema, options, progress, cancel, cores);
    auto lists = distiller.generateAll(distinct.texts);
    distiller.setGolds(distinct.texts, std::move(lists));
    auto result = distiller.run();
    if (result) expandReports(*result, distinct);
    return result;
}

Result<DistillResult> distill(const schema::Schema& schema, const std::vector<std::string>& goldQueries,
                              const DistillOptions& options, const ProgressCallback& progress,
                              const std::atomic<bool>* cancel)
{
    return distillSharingCores(schema, goldQueries, options, nullptr, progress, cancel);
}

} // namespace sqleq::suite
