// CheckRequest: every setting of one inspection, in one place. The CLI's `check`, the
// inspector's session, the Python module, `eval` and the audit translate their inputs
// into CheckSettings (and, for one pair, a CheckRequest) and never assemble a stage's
// options themselves: the stage options below are derived here and nowhere else, so
// the same inputs give the same answer in every front end.
#pragma once

#include "core/base/result.h"
#include "core/compare/compare.h"
#include "core/exec/exec_limits.h"
#include "core/fuzz/profile.h"
#include "core/schema/schema.h"
#include "core/schema/schema_source.h"
#include "core/search/search.h"
#include "core/suite/checker.h"
#include "core/suite/distill.h"
#include "core/suite/suite_database.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace sqleq::inspect {

/// The default wall-clock limit of one inspection: a minute per the default query budget's
/// 2 s is far past what a Spider pair takes (seconds) and bounds a pathological one.
inline constexpr double kDefaultTimeLimitSeconds = 120;

/// The settings a verdict depends on, shared by one check and by every item of an
/// evaluation or an audit: the one settings value of every front end. The defaults
/// below are sqleq's; a front end that offers a setting starts from them (Python reads
/// them from the module) and writes its choices back here, never into a stage's options.
struct CheckSettings {
    /// The database assumptions. When `profileFromSchema` is set, resolveProfile replaces
    /// it with the profile the schema source promises (promisedProfile) once it is open.
    fuzz::Profile profile = fuzz::Profile::Spider;
    /// No profile was named ("auto" in the JSON form): the schema source's promise.
    bool profileFromSchema = false;
    uint64_t seed = 0;                  ///< names every random database, sampled or searched
    std::size_t samplingBudget = suite::kDefaultSamplingBudget;  ///< databases sampled at most while distilling
    /// Databases the search may build when the suite finds no difference; 0 gives
    /// exactly the test-suite verdict.
    std::size_t searchBudget = search::kDefaultSearchBudget;
    /// One budget for every query of every stage: distillation, the metric, the search,
    /// minimization and the diagnosis. setIdleBudget states it as a timeout.
    exec::ExecLimits limits{};
    bool plugValue = false;             ///< also try the candidate with the gold's constants
    bool keepDistinct = false;          ///< false: DISTINCT is removed from both first
    compare::OrderRule orderRule = compare::OrderRule::TopLevelOrderBy;
    /// Try to prove the pair (core/prove) before searching; false: always search, so an
    /// `equivalent` says how many databases agreed.
    bool prove = true;
    unsigned jobs = 0;                  ///< worker threads; 0: all cores. No verdict depends on it.
    /// Wall-clock limit of the whole inspection, in seconds (0: none): sampling, the
    /// search, minimization and the diagnosis stop when it passes, and the inspection
    /// says so (Inspection::timeLimitReached). A safety net like the per-query wall
    /// clock: what it cuts depends on the machine, so the verdict names it.
    double timeLimitSeconds = kDefaultTimeLimitSeconds;

    /// Names the profile: it no longer follows the schema source.
    void nameProfile(fuzz::Profile named)
    {
        profile = named;
        profileFromSchema = false;
    }

    /// The query budget as "about `ms` milliseconds on an idle machine" (steps, and a
    /// wall-clock safety net; exec::setIdleBudget), and back.
    void setIdleBudget(int64_t ms) { exec::setIdleBudget(limits, ms); }
    [[nodiscard]] int64_t idleBudgetMs() const { return exec::idleBudgetMs(limits); }

    friend bool operator==(const CheckSettings&, const CheckSettings&) = default;
};

/// One pair to inspect. The schema source is opened first (schema::openSchemaSource);
/// its original database, when it has one, joins the suite first.
struct CheckRequest {
    std::string gold{};
    std::string candidate{};
    CheckSettings settings{};
    /// Prebuilt suites, DIR/<db_id>/*.sqlite: the folder of the schema's name (the db_id
    /// of a tables.json, else the file's stem) joins the metric's suite after the
    /// distilled databases. Empty: none. A missing folder is an error naming it.
    std::filesystem::path suitesDir{};
    bool minimize = true;           ///< shrink the separating database to a minimal counterexample
    bool diagnose = true;           ///< nearest neighbors and clause differences of a `different` verdict
    /// Run both queries on every database and read each back (the inspector's per-database
    /// view); off for the CLI and batch work.
    bool runEveryDatabase = false;
    /// Also say what the other profile makes of the pair (Inspection::otherProfile): free
    /// when this profile's evidence settles it, else one more search of `searchBudget`.
    bool otherProfile = true;
};

/// The profile a schema source promises, the default of a check that names none. A
/// user's own DDL script or .sqlite file declares its constraints, and they are the
/// promise: NULL wherever a column is nullable, empty tables, keys, UNIQUE, CHECK and
/// NOT NULL kept — strict. A dataset's tables.json or NAME-schema.csv: spider, the
/// dataset's convention (no NULLs, keys resolve, no empty tables).
fuzz::Profile promisedProfile(schema::SchemaSourceKind kind);

/// `settings` with the profile resolved for a schema source of `kind`: its promise when
/// `profileFromSchema` is set (then cleared), else unchanged. inspect() resolves its
/// request's settings itself; a front end that shows the profile before running calls it.
CheckSettings resolveProfile(CheckSettings settings, schema::SchemaSourceKind kind);

/// The limits `settings` give every query, with `cancel` attached.
exec::ExecLimits queryLimits(const CheckSettings& settings, const std::atomic<bool>* cancel = nullptr);

/// The distillation of one check: the settings' profile, seed, budget, jobs and limits,
/// and `original` tried first.
suite::DistillOptions distillOptions(const CheckSettings& settings, std::optional<exec::Bytes> original = std::nullopt);

/// The same, keeping the choices of `distillOnly` that only a distillation has (time
/// budget, gold work steps, targeted, targeted first, original): every field the
/// settings decide is taken from `settings`, whatever `distillOnly` holds.
suite::DistillOptions distillOptions(const CheckSettings& settings, suite::DistillOptions distillOnly);

/// The test-suite metric's options: plug-value, keep-distinct, order rule, limits.
suite::CheckOptions checkOptions(const CheckSettings& settings, const std::atomic<bool>* cancel = nullptr);

/// The search past the suite: budget, profile, seed, jobs.
search::SearchOptions searchOptions(const CheckSettings& settings);

/// The prebuilt suite of `schema` in `suitesDir` (DIR/<schema.name>/*.sqlite), the one
/// db_id rule of every front end. Errors ("suite.import") name the folder or file.
Result<suite::Suite> importPrebuiltSuite(const std::filesystem::path& suitesDir, const schema::Schema& schema);

} // namespace sqleq::inspect
