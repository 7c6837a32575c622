// The other profile's verdict beside an inspection's own. Most of the time it costs
// nothing: a spider counterexample is a strict database too, a strict counterexample
// (or the database it was shrunk from) without NULLs or empty tables is a spider one,
// and a strict search has already run every database the spider search builds. Only the two remaining cases run one more
// search, of the other profile's own databases: a spider `equivalent` (do NULLs or an
// empty table separate them?) and a strict `different` whose counterexample needs what
// spider excludes.

#include "core/inspect/inspection_steps.h"
#include "core/inspect/metric_conventions.h"

#include "core/fuzz/profile_check.h"
#include "core/fuzz/sampler.h"
#include "core/schema/database_content.h"
#include "core/search/search.h"

#include <fmt/format.h>

namespace sqleq::inspect {
namespace {

fuzz::Profile otherThan(fuzz::Profile profile)
{
    return profile == fuzz::Profile::Spider ? fuzz::Profile::Strict : fuzz::Profile::Spider;
}

bool counterexampleKeepsProfile(const Inspection& inspection, const schema::Schema& schema, fuzz::Profile profile)
{
    return inspection.counterexample && !fuzz::profileViolation(schema, inspection.counterexample->content, profile);
}

const suite::SuiteDatabase* separatingDatabase(const Inspection& inspection)
{
    const int index = inspection.check.separatingDatabase;
    const auto& databases = inspection.distilled.suite.databases;
    if (index < 0 || static_cast<std::size_t>(index) >= databases.size()) return nullptr;
    return &databases[static_cast<std::size_t>(index)];
}

/// The original database and a prebuilt suite's files join the suite whatever the profile.
bool separatingDatabaseIsSupplied(const Inspection& inspection, const schema::Schema&, fuzz::Profile)
{
    return separatingDatabase(inspection) != nullptr
        && !madeBySqleq(inspection.distilled.suite, inspection.check.separatingDatabase);
}

bool separatingDatabaseKeepsProfile(const Inspection& inspection, const schema::Schema& schema, fuzz::Profile profile)
{
    const suite::SuiteDatabase* database = separatingDatabase(inspection);
    if (!database) return false;
    auto connection = exec::Connection::deserializeCopy(database->bytes);
    if (!connection) return false;
    auto content = schema::readContent(*connection, fuzz::materializableSchema(schema));
    return content && !fuzz::profileViolation(schema, *content, profile);
}

/// The other profile's own search databases, run on a scratch suite so that the
/// inspection's own suite and verdict stay as they are.
OtherProfileVerdict searchUnderOtherProfile(const Inspection& inspection, const schema::Schema& schema,
                                            const CheckSettings& settings, const std::atomic<bool>* cancel)
{
    CheckSettings other = settings;
    other.profile = otherThan(settings.profile);
    search::SearchOptions options = searchOptions(other);
    options.includeSpiderSearch = false;  // a strict search run beside a spider check: spider's already ran
    suite::CheckResult agreed = inspection.check;  // goldUsed, candidateUsed: the texts as judged
    agreed.verdict = suite::VerdictKind::Equivalent;
    agreed.separatingDatabase = -1;
    suite::Suite scratch{schema.name, {}};
    const auto searched = search::searchPastSuite(schema, inspection.check.goldUsed, inspection.check.candidateUsed,
                                                  scratch, agreed, asWrittenOptions(other, cancel), options, cancel);
    OtherProfileVerdict out;
    out.profile = other.profile;
    out.basis = OtherProfileVerdict::Basis::OwnSearch;
    out.verdict = searched.check.verdict == suite::VerdictKind::Different ? suite::VerdictKind::Different
                                                                           : suite::VerdictKind::Equivalent;
    out.foundBy = searched.foundBy;
    out.searched = searched.tried;
    return out;
}

} // namespace

void judgeUnderOtherProfile(Inspection& inspection, const schema::Schema& schema, const CheckSettings& settings,
                            const std::atomic<bool>* cancel)
{
    const auto verdict = inspection.check.verdict;
    // Without a search the user asked for the test-suite verdict alone; an error is no
    // matter of profile.
    if (settings.searchBudget == 0
        || (verdict != suite::VerdictKind::Different && verdict != suite::VerdictKind::Equivalent))
        return;
    const fuzz::Profile other = otherThan(settings.profile);
    if (verdict == suite::VerdictKind::Different) {
        for (const auto& [keeps, basis] :
             {std::pair{&counterexampleKeepsProfile, OtherProfileVerdict::Basis::SameCounterexample},
              std::pair{&separatingDatabaseIsSupplied, OtherProfileVerdict::Basis::SuppliedDatabase},
              std::pair{&separatingDatabaseKeepsProfile, OtherProfileVerdict::Basis::SeparatingDatabase}}) {
            if (!keeps(inspection, schema, other)) continue;
            inspection.otherProfile = OtherProfileVerdict{other, suite::VerdictKind::Different, basis, {}, 0};
            return;
        }
    }
    if (verdict == suite::VerdictKind::Equivalent && inspection.proof) {
        // A strict proof holds under spider's stronger promises; a spider proof may rest
        // on one strict does not make (no NULLs): then strict's own search decides.
        if (prove::prove(schema, inspection.check.goldUsed, inspection.check.candidateUsed, other, settings.orderRule).proved) {
            inspection.otherProfile = OtherProfileVerdict{other, suite::VerdictKind::Equivalent,
                                                          OtherProfileVerdict::Basis::Proof, {}, 0};
            return;
        }
    } else if (verdict == suite::VerdictKind::Equivalent && settings.profile == fuzz::Profile::Strict) {
        inspection.otherProfile = OtherProfileVerdict{other, suite::VerdictKind::Equivalent,
                                                      OtherProfileVerdict::Basis::StrictSearchedIt, {}, 0};
        return;
    }
    auto searched = searchUnderOtherProfile(inspection, schema, settings, cancel);
    if (searched.verdict == suite::VerdictKind::Equivalent && cancel && cancel->load()) return;
    inspection.otherProfile = std::move(searched);
}

std::string_view otherProfileBasisName(OtherProfileVerdict::Basis basis)
{
    switch (basis) {
    case OtherProfileVerdict::Basis::SameCounterexample: return "same_counterexample";
    case OtherProfileVerdict::Basis::SeparatingDatabase: return "separating_database";
    case OtherProfileVerdict::Basis::SuppliedDatabase: return "supplied_database";
    case OtherProfileVerdict::Basis::OwnSearch: return "own_search";
    case OtherProfileVerdict::Basis::StrictSearchedIt: return "strict_searched_it";
    case OtherProfileVerdict::Basis::Proof: return "proof";
    }
    return "own_search";
}

std::string describeOtherProfile(const OtherProfileVerdict& other)
{
    const std::string_view name = fuzz::profileName(other.profile);
    const bool different = other.verdict == suite::VerdictKind::Different;
    switch (other.basis) {
    case OtherProfileVerdict::Basis::SameCounterexample:
        return fmt::format("Under the {} profile they differ too: the counterexample keeps its promises", name);
    case OtherProfileVerdict::Basis::SeparatingDatabase:
        return fmt::format("Under the {} profile they differ too: the separating database keeps its promises", name);
    case OtherProfileVerdict::Basis::SuppliedDatabase:
        return fmt::format("Under the {} profile they differ too: the separating database is one sqleq did not build, "
                           "and every profile's suite tries it",
                           name);
    case OtherProfileVerdict::Basis::StrictSearchedIt:
        return fmt::format("Under the {} profile they are equivalent too: the strict search also ran every database "
                           "the {} search builds",
                           name, name);
    case OtherProfileVerdict::Basis::Proof:
        return fmt::format("Under the {} profile they are equivalent too: the proof holds under its promises", name);
    case OtherProfileVerdict::Basis::OwnSearch: break;
    }
    if (different) {
        const std::string_view why = other.profile == fuzz::Profile::Strict
            ? " (the spider profile samples no NULLs and no empty tables)"
            : "";
        return fmt::format("Under the {} profile they differ: \"{}\" separates them{}", name, other.foundBy, why);
    }
    return fmt::format("Under the {} profile they are equivalent on the {} {} its search built", name, other.searched,
                       other.searched == 1 ? "database" : "databases");
}

} // namespace sqleq::inspect
