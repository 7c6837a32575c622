// The stage options one CheckSettings gives: the only place in sqleq where a front
// end's settings become distillation, metric and search options.

#include "core/inspect/check_request.h"

#include "core/suite/suite_files.h"

namespace sqleq::inspect {

exec::ExecLimits queryLimits(const CheckSettings& settings, const std::atomic<bool>* cancel)
{
    exec::ExecLimits limits = settings.limits;
    limits.cancel = cancel;
    return limits;
}

suite::DistillOptions distillOptions(const CheckSettings& settings, suite::DistillOptions distillOnly)
{
    suite::DistillOptions options = std::move(distillOnly);
    options.profile = settings.profile;
    options.seed = settings.seed;
    options.budget = settings.samplingBudget;
    options.jobs = settings.jobs;
    options.keepDistinct = settings.keepDistinct;
    options.limits = settings.limits;
    return options;
}

suite::DistillOptions distillOptions(const CheckSettings& settings, std::optional<exec::Bytes> original)
{
    suite::DistillOptions distillOnly;
    distillOnly.original = std::move(original);
    return distillOptions(settings, std::move(distillOnly));
}

suite::CheckOptions checkOptions(const CheckSettings& settings, const std::atomic<bool>* cancel)
{
    return suite::CheckOptions{.plugValue = settings.plugValue,
                               .keepDistinct = settings.keepDistinct,
                               .orderRule = settings.orderRule,
                               .limits = queryLimits(settings, cancel)};
}

search::SearchOptions searchOptions(const CheckSettings& settings)
{
    return search::SearchOptions{.budget = settings.searchBudget, .profile = settings.profile, .seed = settings.seed,
                                 .jobs = settings.jobs};
}

CheckSettings resolveProfile(CheckSettings settings, schema::SchemaSourceKind kind)
{
    if (settings.profileFromSchema) {
        settings.profile = promisedProfile(kind);
        settings.profileFromSchema = false;
    }
    return settings;
}

fuzz::Profile promisedProfile(schema::SchemaSourceKind kind)
{
    switch (kind) {
    case schema::SchemaSourceKind::SqliteFile:
    case schema::SchemaSourceKind::DdlScript: return fuzz::Profile::Strict;
    case schema::SchemaSourceKind::SchemaFile: return fuzz::Profile::Spider;
    }
    return fuzz::Profile::Spider;
}

Result<suite::Suite> importPrebuiltSuite(const std::filesystem::path& suitesDir, const schema::Schema& schema)
{
    return suite::importSuite(suitesDir, schema.name);
}

} // namespace sqleq::inspect
