// The proof first: a pair the rewrites prove needs no suite built for it. A proof holds
// on every database the profile allows, and every database a distilled suite can hold is
// one (sampled and built databases keep the profile by construction), so the test-suite
// metric's verdict on that suite is known without building it: equivalent, provided the
// metric's own texts (DISTINCT removed unless keep-distinct) are proved too. What the
// proof does not cover are the databases sqleq did not build — the user's original and a
// prebuilt suite's files, which may break the profile's promises — and those are run, the
// metric's way and as written. Anything else (a separation there, an error, an unproved
// text) goes the whole way through distillation and the search.

#include "core/inspect/inspection_steps.h"
#include "core/inspect/metric_conventions.h"

#include "core/exec/spider_compat.h"
#include "core/fuzz/sampler.h"
#include "core/prove/prove.h"
#include "core/schema/database_content.h"
#include "core/sql/parser.h"

namespace sqleq::inspect {
namespace {

/// The databases of the pair's suite that sqleq does not build: the original first, then
/// a prebuilt suite's files, as distillation would order them.
suite::Suite suppliedDatabases(const schema::SchemaSource& source, const std::optional<suite::Suite>& prebuilt)
{
    suite::Suite supplied{source.schema.name, {}};
    if (source.original) {
        suite::SuiteDatabase original;
        original.origin = suite::DatabaseOrigin::Original;
        original.label = "original";
        original.bytes = *source.original;
        supplied.databases.push_back(std::move(original));
    }
    if (prebuilt) supplied.databases.insert(supplied.databases.end(), prebuilt->databases.begin(), prebuilt->databases.end());
    return supplied;
}

/// An empty database of the schema: where both queries must at least prepare when no
/// database was supplied (an error goes the whole way, which reports it).
std::optional<suite::Suite> emptyProbe(const schema::Schema& schema)
{
    auto connection = schema::materialize(fuzz::materializableSchema(schema), schema::DatabaseContent{});
    if (!connection) return std::nullopt;
    auto bytes = connection->serialize();
    if (!bytes) return std::nullopt;
    suite::SuiteDatabase empty;
    empty.label = "empty";
    empty.bytes = std::move(bytes.value());
    return suite::Suite{schema.name, {std::move(empty)}};
}

bool agrees(const suite::CheckResult& result)
{
    return result.verdict == suite::VerdictKind::Equivalent && !result.cancelled;
}

} // namespace

std::optional<Inspection> inspectByProof(const schema::SchemaSource& source, const CheckRequest& request,
                                         const std::optional<suite::Suite>& prebuilt, const std::atomic<bool>* cancel)
{
    const CheckSettings& settings = request.settings;
    const schema::Schema& schema = source.schema;
    auto proof = prove::prove(schema, request.gold, request.candidate, settings.profile, settings.orderRule);
    if (!proof.proved) return std::nullopt;
    if (!settings.keepDistinct) {
        const std::string gold = suite::removeDistinct(request.gold);
        const std::string candidate = suite::removeDistinct(request.candidate);
        if ((gold != request.gold || candidate != request.candidate)
            && !prove::prove(schema, gold, candidate, settings.profile, settings.orderRule).proved)
            return std::nullopt;
    }
    suite::Suite supplied = suppliedDatabases(source, prebuilt);
    if (supplied.databases.empty()) {
        auto probe = emptyProbe(schema);
        if (!probe) return std::nullopt;
        const auto probed = checkAsWritten(request.gold, request.candidate, *probe, suite::CheckResult{}, settings, cancel);
        if (!agrees(probed)) return std::nullopt;
    }
    Inspection inspection;
    inspection.constraintNotes = source.constraintNotes;
    inspection.suiteCheck = suite::checkCandidate(request.gold, request.candidate, supplied, checkOptions(settings, cancel),
                                                  cancel);
    if (!agrees(inspection.suiteCheck)) return std::nullopt;
    inspection.check = checkAsWritten(request.gold, request.candidate, supplied, inspection.suiteCheck, settings, cancel);
    if (!agrees(inspection.check)) return std::nullopt;
    if (inspection.check.goldUsed.empty()) {
        // No database was run: the texts as judged are the texts as the evaluator runs them.
        inspection.check.goldUsed = exec::officialPostprocess(request.gold);
        inspection.check.candidateUsed = exec::officialPostprocess(request.candidate);
    }
    inspection.metricDatabases = supplied.databases.size();
    inspection.suiteVerdictFromProof = true;
    suite::GoldReport gold;
    gold.goldSql = request.gold;
    gold.goldRun = inspection.suiteCheck.goldUsed;
    const sql::ParseOutput parsed = sql::parse(exec::officialPostprocess(request.gold));
    gold.orderMatters = settings.orderRule == compare::OrderRule::OfficialSubstring
        ? compare::officialOrderMatters(exec::officialPostprocess(request.gold))
        : parsed.ok() && sql::hasTopLevelOrderBy(*parsed.statement);
    inspection.orderMatters = gold.orderMatters;
    inspection.distilled.golds.push_back(std::move(gold));
    inspection.distilled.suite = std::move(supplied);
    inspection.check.message = provedMessage(proof);
    inspection.proof = std::move(proof);
    inspection.evidence.kind = EvidenceKind::Proof;
    inspection.evidence.suiteDatabases = inspection.metricDatabases;
    return inspection;
}

} // namespace sqleq::inspect
