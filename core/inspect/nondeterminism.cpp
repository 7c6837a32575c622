// The nondeterminism diagnosis of an inspection: gold and candidate, as judged, on the
// separating database read in other row orders (targeted::checkPairOrderDependence).

#include "core/inspect/inspection_steps.h"

#include "core/targeted/order_dependence.h"

namespace sqleq::inspect {

void diagnoseNondeterminism(Inspection& inspection, const schema::Schema& readable, const exec::ExecLimits& limits)
{
    const auto& check = inspection.check;
    const auto& databases = inspection.distilled.suite.databases;
    if (check.separatingDatabase < 0 || static_cast<std::size_t>(check.separatingDatabase) >= databases.size()) return;
    // A candidate that does not run differs whatever the row order: no need to run it again.
    if (!check.candidateOutcome.ok()) return;
    const exec::Bytes& bytes = databases[static_cast<std::size_t>(check.separatingDatabase)].bytes;
    const auto pair = targeted::checkPairOrderDependence(bytes, readable, check.goldUsed, check.candidateUsed,
                                                         inspection.orderMatters, limits);
    auto& found = inspection.diagnosis.nondeterminism;
    found.gold = pair.gold.detected;
    found.candidate = pair.candidate.detected;
    if (found.gold) found.goldAlternative = pair.gold.second;
    if (found.candidate) found.candidateAlternative = pair.candidate.second;
    found.tieBreakOnly = pair.tieBreakOnly;
}

} // namespace sqleq::inspect
