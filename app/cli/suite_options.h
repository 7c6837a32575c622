// Options shared by the commands that build or use test suites: profile, seed,
// budget, jobs (distillation) and plug-value, keep-distinct, order rule (verdicts).
#pragma once

#include "core/suite/suite.h"

#include <CLI/CLI.hpp>

#include <map>
#include <string>

namespace sqleq::cli {

inline void addDistillOptions(CLI::App& command, suite::DistillOptions& options)
{
    const std::map<std::string, fuzz::Profile> profiles{{"spider", fuzz::Profile::Spider},
                                                        {"strict", fuzz::Profile::Strict}};
    command.add_option("--profile", options.profile,
                       "Database assumptions: spider (no NULLs, keys resolve, no empty tables) or strict "
                       "(also NULLs, empty tables, case variants)")
        ->transform(CLI::CheckedTransformer(profiles, CLI::ignore_case))
        ->default_str("spider");
    command.add_option("--seed", options.seed, "Seed of the random databases (same seed, same databases)")
        ->capture_default_str();
    command.add_option("--budget", options.budget, "Random databases sampled at most")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    command.add_option("--jobs", options.jobs, "Worker threads (0: all cores)")->capture_default_str();
}

inline void addVerdictOptions(CLI::App& command, suite::CheckOptions& options)
{
    command.add_flag("--plug-value", options.plugValue,
                     "Also try the candidate with the gold's constants plugged into its value slots (official option)");
    command.add_flag("--keep-distinct", options.keepDistinct,
                     "Keep DISTINCT (by default it is removed from both queries first, as the official evaluator does)");
    const std::map<std::string, compare::OrderRule> rules{{"top-level", compare::OrderRule::TopLevelOrderBy},
                                                          {"official", compare::OrderRule::OfficialSubstring}};
    command.add_option("--order-rule", options.orderRule,
                       "When row order matters: top-level (gold has a top-level ORDER BY) or official "
                       "('order by' anywhere in the gold text)")
        ->transform(CLI::CheckedTransformer(rules, CLI::ignore_case))
        ->default_str("top-level");
}

} // namespace sqleq::cli
