// Agreement between two annotators: raw rate and Cohen's kappa over the three
// verdict classes, on the items both annotated.
//
// kappa = (p_o - p_e) / (1 - p_e), p_o the observed agreement and p_e the chance
// agreement from each annotator's own class frequencies. When p_e is 1 (both used
// one and the same class throughout) kappa is undefined; we report 1 for perfect
// agreement there, as "no disagreement to explain", and 0 otherwise.

#include "core/audit/audit.h"

#include <array>
#include <map>

namespace sqleq::audit {
namespace {

constexpr std::size_t kVerdictClasses = 3;

std::size_t classOf(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Equivalent: return 0;
    case Verdict::NotEquivalent: return 1;
    case Verdict::Unsure: return 2;
    }
    return 2;
}

// One verdict per item; a list holding an item twice (several annotators mixed)
// keeps the later one.
std::map<std::size_t, Verdict> verdictsByItem(const std::vector<Annotation>& annotations)
{
    std::map<std::size_t, Verdict> verdicts;
    for (const auto& annotation : annotations) verdicts[annotation.itemIndex] = annotation.verdict;
    return verdicts;
}

double cohenKappa(const std::array<std::array<std::size_t, kVerdictClasses>, kVerdictClasses>& confusion,
                  std::size_t total)
{
    if (total == 0) return 0;
    const auto n = static_cast<double>(total);
    double observed = 0;
    double chance = 0;
    for (std::size_t k = 0; k < kVerdictClasses; ++k) {
        observed += static_cast<double>(confusion[k][k]) / n;
        std::size_t firstMarginal = 0;
        std::size_t secondMarginal = 0;
        for (std::size_t j = 0; j < kVerdictClasses; ++j) {
            firstMarginal += confusion[k][j];
            secondMarginal += confusion[j][k];
        }
        chance += (static_cast<double>(firstMarginal) / n) * (static_cast<double>(secondMarginal) / n);
    }
    if (chance >= 1.0) return observed >= 1.0 ? 1.0 : 0.0;
    return (observed - chance) / (1.0 - chance);
}

} // namespace

Agreement compareAnnotators(const std::vector<Annotation>& first, const std::vector<Annotation>& second)
{
    const auto firstVerdicts = verdictsByItem(first);
    const auto secondVerdicts = verdictsByItem(second);
    std::array<std::array<std::size_t, kVerdictClasses>, kVerdictClasses> confusion{};
    Agreement agreement;
    for (const auto& [item, verdict] : firstVerdicts) {
        const auto other = secondVerdicts.find(item);
        if (other == secondVerdicts.end()) {
            ++agreement.onlyFirst;
            continue;
        }
        ++agreement.both;
        ++confusion[classOf(verdict)][classOf(other->second)];
        if (verdict == other->second) ++agreement.agreeing;
        else agreement.disagreements.push_back({item, verdict, other->second});
    }
    agreement.onlySecond = secondVerdicts.size() - agreement.both;
    agreement.rate = agreement.both == 0 ? 0.0 : static_cast<double>(agreement.agreeing) / static_cast<double>(agreement.both);
    agreement.cohenKappa = cohenKappa(confusion, agreement.both);
    return agreement;
}

} // namespace sqleq::audit
