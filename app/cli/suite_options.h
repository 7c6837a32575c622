// Options shared by the commands that build or use test suites: profile, seed,
// budget, jobs (distillation), plug-value, keep-distinct, order rule (verdicts) and
// the search. `check`, `eval` and `audit new` fill one inspect::CheckSettings with
// them, so the three ask core the same question the same way.
#pragma once

#include "app/cli/limit_options.h"
#include "core/inspect/check_request.h"
#include "core/suite/suite.h"

#include <CLI/CLI.hpp>

#include <map>
#include <string>

namespace sqleq::cli {

inline void addProfileOption(CLI::App& command, fuzz::Profile& profile, const std::string& defaultText = "spider")
{
    const std::map<std::string, fuzz::Profile> profiles{{"spider", fuzz::Profile::Spider},
                                                        {"strict", fuzz::Profile::Strict}};
    command.add_option("--profile", profile,
                       "Database assumptions: spider (no NULLs, keys resolve, no empty tables) or strict "
                       "(also NULLs, empty tables, case variants)")
        ->transform(CLI::CheckedTransformer(profiles, CLI::ignore_case))
        ->default_str(defaultText);
}

inline void addSeedOption(CLI::App& command, uint64_t& seed)
{
    command.add_option("--seed", seed, "Seed of the random databases (same seed, same databases)")
        ->capture_default_str();
}

inline void addSamplingBudgetOption(CLI::App& command, std::size_t& budget)
{
    command.add_option("--budget", budget, "Random databases sampled at most")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
}

inline void addJobsOption(CLI::App& command, unsigned& jobs)
{
    command.add_option("--jobs", jobs, "Worker threads (0: all cores)")->capture_default_str();
}

/// What of the settings a distillation takes: profile, seed, budget, jobs, keep-distinct
/// and the query limits (inspect::distillOptions reads no other).
inline void addDistillSettingsOptions(CLI::App& command, inspect::CheckSettings& settings)
{
    addProfileOption(command, settings.profile);
    addSeedOption(command, settings.seed);
    addSamplingBudgetOption(command, settings.samplingBudget);
    addJobsOption(command, settings.jobs);
    command.add_flag("--keep-distinct", settings.keepDistinct, "Keep DISTINCT in gold and neighbors");
    addLimitOptions(command, settings.limits);
}

inline void addVerdictOptions(CLI::App& command, bool& plugValue, bool& keepDistinct, compare::OrderRule& orderRule)
{
    command.add_flag("--plug-value", plugValue,
                     "Test-suite metric: also try the candidate with the gold's constants plugged into its value slots "
                     "(official option; sqleq's own verdict judges the candidate as written)");
    command.add_flag("--keep-distinct", keepDistinct,
                     "Test-suite metric: keep DISTINCT (by default it is removed from both queries first, as the official "
                     "evaluator does; sqleq's own verdict always keeps it)");
    const std::map<std::string, compare::OrderRule> rules{{"top-level", compare::OrderRule::TopLevelOrderBy},
                                                          {"official", compare::OrderRule::OfficialSubstring}};
    command.add_option("--order-rule", orderRule,
                       "When row order matters: top-level (gold has a top-level ORDER BY) or official "
                       "('order by' anywhere in the gold text)")
        ->transform(CLI::CheckedTransformer(rules, CLI::ignore_case))
        ->default_str("top-level");
}

inline void addSearchOption(CLI::App& command, std::size_t& searchBudget, const std::string& description)
{
    command.add_option("--search", searchBudget, description)->capture_default_str();
}

/// What of the settings a command takes: `check` samples its own suite, `eval` and
/// `audit new` judge with released or distilled suites.
enum class SettingsScope { Check, Batch };

/// The options that fill `settings`: profile, seed, jobs, the verdict options, the
/// search and the query limits; `--budget` too for `check`.
inline void addCheckSettingsOptions(CLI::App& command, inspect::CheckSettings& settings, SettingsScope scope,
                                    const std::string& searchDescription)
{
    // A check follows its schema source unless told (inspect::promisedProfile); a batch
    // judges a dataset, whose convention is spider's.
    addProfileOption(command, settings.profile,
                     scope == SettingsScope::Check ? "strict for --db and --ddl, spider for --tables" : "spider");
    addSeedOption(command, settings.seed);
    if (scope == SettingsScope::Check) addSamplingBudgetOption(command, settings.samplingBudget);
    addJobsOption(command, settings.jobs);
    addVerdictOptions(command, settings.plugValue, settings.keepDistinct, settings.orderRule);
    addLimitOptions(command, settings.limits);
    addSearchOption(command, settings.searchBudget, searchDescription);
    command.add_flag("!--no-proof", settings.prove,
                     "Do not try to prove an equivalence by rewrites: always search, so that `equivalent` says how "
                     "many databases agreed");
    command
        .add_option("--time-limit", settings.timeLimitSeconds,
                    "Wall-clock limit of one check in seconds, 0 for none: sampling, the search, minimization and "
                    "the diagnosis stop when it passes, and the verdict says so (machine-dependent)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
}

} // namespace sqleq::cli
