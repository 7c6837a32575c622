// PCM-F1 scoring: multiset precision/recall/F1 per SEDE category over the
// elements from pcm_f1_elements.cpp, averaged over the categories present, and
// the string-level entry that parses both queries. Pure; nothing executes.
#include "core/metrics/pcm_f1.h"

#include "core/sql/sql.h"

#include <map>

namespace sqleq::metrics {
namespace {

PcmCategoryScore scoreCategory(const std::vector<std::string>& gold, const std::vector<std::string>& pred)
{
    PcmCategoryScore score;
    score.goldCount = gold.size();
    score.predCount = pred.size();
    score.present = !gold.empty() || !pred.empty();
    if (gold.empty() || pred.empty()) return score;
    std::map<std::string_view, std::size_t> remaining;
    for (const std::string& g : gold) ++remaining[g];
    for (const std::string& p : pred) {
        auto it = remaining.find(p);
        if (it == remaining.end() || it->second == 0) continue;
        --it->second;
        ++score.matched;
    }
    score.precision = static_cast<double>(score.matched) / static_cast<double>(pred.size());
    score.recall = static_cast<double>(score.matched) / static_cast<double>(gold.size());
    const double sum = score.precision + score.recall;
    score.f1 = sum == 0.0 ? 0.0 : 2.0 * score.precision * score.recall / sum;
    return score;
}

PcmF1Result scoreElements(PcmElements gold, PcmElements pred)
{
    PcmF1Result result;
    double total = 0.0;
    std::size_t present = 0;
    for (std::size_t c = 0; c < kPcmCategoryCount; ++c) {
        result.categories[c] = scoreCategory(gold[c], pred[c]);
        if (!result.categories[c].present) continue;
        total += result.categories[c].f1;
        ++present;
    }
    result.f1 = present == 0 ? 0.0 : total / static_cast<double>(present);
    result.exact = present > 0 && total == static_cast<double>(present);
    result.goldElements = std::move(gold);
    result.predElements = std::move(pred);
    return result;
}

} // namespace

std::string_view pcmCategoryName(PcmCategory category)
{
    switch (category) {
    case PcmCategory::Select: return "SELECT";
    case PcmCategory::Top: return "TOP";
    case PcmCategory::From: return "FROM";
    case PcmCategory::Where: return "WHERE";
    case PcmCategory::GroupBy: return "GROUPBY";
    case PcmCategory::Having: return "HAVING";
    case PcmCategory::OrderBy: return "ORDERBY";
    }
    return "SELECT";
}

PcmF1Result pcmF1(const sql::SelectStatement& gold, const sql::SelectStatement& pred, const PcmOptions& options)
{
    return scoreElements(pcmElements(gold, options), pcmElements(pred, options));
}

Result<PcmF1Result> pcmF1(std::string_view goldSql, std::string_view predSql, const PcmOptions& options)
{
    const sql::ParseOutput gold = sql::parse(goldSql);
    if (!gold.ok()) {
        if (!gold.diagnostics.empty()) return gold.diagnostics.front();
        return Diagnostic{"parse.syntax", "the gold query does not parse", {}, {}};
    }
    const sql::ParseOutput pred = sql::parse(predSql);
    if (pred.ok()) return pcmF1(*gold.statement, *pred.statement, options);
    // An unparsable prediction has no elements: every gold category scores 0.
    PcmF1Result result = scoreElements(pcmElements(*gold.statement, options), PcmElements{});
    result.predParsed = false;
    return result;
}

} // namespace sqleq::metrics
