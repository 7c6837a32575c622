// `sqleq-cli audit`: hand-auditing a submission from the command line. `new`
// computes every metric of a gold/predictions pair into a `.sqleq-audit` project;
// `annotate` and `status` work on such projects, the same files the GUI's audit
// mode opens (`export`, `import`, `agree`: audit_exchange_commands.cpp). All the
// work is core/audit's and core/evaluation's; this file only parses options and prints.

#include "app/cli/audit_commands.h"
#include "app/cli/commands.h"
#include "app/cli/exit_codes.h"
#include "app/cli/progress_bar.h"
#include "app/cli/suite_options.h"

#include "core/audit/audit.h"
#include "core/evaluation/evaluation.h"

#include <fmt/format.h>

#include <map>
#include <memory>
#include <set>

namespace sqleq::cli {
namespace {

// ---- audit new -------------------------------------------------------------

/// The options fill core's own values: the project's sources (its settings stored whole
/// with them), where to distill, and the project file.
struct NewOptions {
    audit::ProjectSources sources;
    audit::SuiteDistillation distillation;  ///< into: suites distilled here first when --suites is not given
    std::string outPath;
};

// Questions by item index. Questions beyond the gold file (a gold file cut from
// the full set) are counted, not listed; a line whose db_id disagrees with the
// gold's is reported and left out rather than attached to the wrong item.
int runNew(const NewOptions& options)
{
    ProgressBar bar;
    const suite::ProgressCallback progress = [&bar](const suite::Progress& step) { bar.update(step, step.dbId); };
    auto build = audit::buildProject(options.outPath, options.sources, options.sources.settings.jobs, progress,
                                     nullptr, options.distillation);
    bar.finish();
    if (!build) return inputError(build.error());
    if (!build->distilledSuites.empty()) {
        fmt::print("distilled {} suite databases into {} ({:.1f} s)\n", build->suiteDatabases, build->distilledSuites,
                   build->distillSeconds);
    }
    for (const std::string& warning : build->warnings) fmt::print(stderr, "warning: {}\n", warning);
    fmt::print("created {}: {} items, {} questions; metrics: {}\n", options.outPath, build->evaluation.items.size(),
               build->questions, evaluation::computedMetricList(build->evaluation.computed));
    return kExitSuccess;
}

// ---- audit status ----------------------------------------------------------

int runStatus(const std::string& projectPath)
{
    // Read-only: status leaves the project and its directory exactly as they were.
    auto store = audit::AnnotationStore::openReadOnly(projectPath);
    if (!store) return inputError(store.error());
    auto items = store->items();
    if (!items) return inputError(items.error());
    auto annotations = store->annotations();
    if (!annotations) return inputError(annotations.error());

    std::map<std::string, std::size_t> byAnnotator;
    std::map<audit::Verdict, std::size_t> byVerdict;
    std::map<std::size_t, std::set<audit::Verdict>> verdictsOfItem;
    for (const auto& annotation : *annotations) {
        ++byAnnotator[annotation.annotator];
        ++byVerdict[annotation.verdict];
        verdictsOfItem[annotation.itemIndex].insert(annotation.verdict);
    }
    std::size_t disagreeing = 0;
    for (const auto& [item, verdicts] : verdictsOfItem) disagreeing += verdicts.size() > 1 ? 1 : 0;
    std::size_t metricsDisagree = 0;
    for (const auto& item : *items) metricsDisagree += evaluation::metricsDisagree(item.metrics) ? 1 : 0;

    fmt::print("project: {}\n", projectPath);
    fmt::print("items: {} ({} where the metrics disagree)\n", items->size(), metricsDisagree);
    fmt::print("reviewed: {} of {} items", verdictsOfItem.size(), items->size());
    std::size_t disagreeReviewed = 0;
    for (const auto& item : *items) {
        disagreeReviewed += evaluation::metricsDisagree(item.metrics) && verdictsOfItem.count(item.index) ? 1 : 0;
    }
    fmt::print(" ({} of {} where the metrics disagree)\n", disagreeReviewed, metricsDisagree);
    std::string annotators;
    for (const auto& [name, count] : byAnnotator) {
        annotators += fmt::format("{}{} ({})", annotators.empty() ? "" : ", ", name, count);
    }
    fmt::print("annotators: {}\n", annotators.empty() ? "none" : annotators);
    fmt::print("verdicts: equivalent {}, not_equivalent {}, unsure {}\n", byVerdict[audit::Verdict::Equivalent],
               byVerdict[audit::Verdict::NotEquivalent], byVerdict[audit::Verdict::Unsure]);
    fmt::print("items where the annotators disagree: {}\n", disagreeing);
    return kExitSuccess;
}

// ---- audit annotate --------------------------------------------------------

struct AnnotateOptions {
    std::string projectPath;
    std::size_t item = 0;
    std::string verdict;
    std::string reason;
    std::string note;
    std::string annotator;
    bool clear = false;
};

int runClear(audit::AnnotationStore& store, const AnnotateOptions& options)
{
    auto removed = store.clearAnnotation(options.item, options.annotator);
    if (!removed) return inputError(removed.error());
    if (*removed) fmt::print("item {}: annotation by {} removed\n", options.item, options.annotator);
    else fmt::print("item {}: {} had no annotation, nothing removed\n", options.item, options.annotator);
    return kExitSuccess;
}

int runAnnotate(const AnnotateOptions& options)
{
    // CLI11 cannot say "exactly one of": --verdict and --clear exclude each other there,
    // and at least one is required here.
    if (!options.clear && options.verdict.empty()) {
        fmt::print(stderr, "error: audit annotate needs --verdict, or --clear to remove the annotation\n");
        return kExitUsage;
    }
    auto store = audit::AnnotationStore::open(options.projectPath);
    if (!store) return inputError(store.error());
    if (options.clear) return runClear(*store, options);
    audit::Annotation annotation;
    annotation.itemIndex = options.item;
    annotation.annotator = options.annotator;
    annotation.verdict = audit::verdictFromName(options.verdict).value_or(audit::Verdict::Unsure);
    annotation.reason = options.reason;
    annotation.note = options.note;
    auto stored = store->setAnnotation(annotation);
    if (!stored) return inputError(stored.error());
    fmt::print("item {}: {} by {}{} at {}\n", options.item, options.verdict, options.annotator,
               options.reason.empty() ? "" : fmt::format(" ({})", options.reason), stored->updatedAt);
    return kExitSuccess;
}

// ---- registration ----------------------------------------------------------

void registerNew(CLI::App& audit, int& exitCode)
{
    auto options = std::make_shared<NewOptions>();
    auto* command = audit.add_subcommand("new", "Compute every metric of a submission into a new audit project");
    command->add_option("--gold", options->sources.gold, "Gold file: one SQL<TAB>db_id per line")->required()->check(CLI::ExistingFile);
    command->add_option("--pred", options->sources.predictions, "Predictions: one SQL per line, same order")->required()->check(CLI::ExistingFile);
    command->add_option("--tables", options->sources.tables, "Spider tables.json (exact set match, hardness)")->required()->check(CLI::ExistingFile);
    command->add_option("--db", options->sources.originalDatabases, "Original databases DIR/<db_id>/<db_id>.sqlite (execution, SQL-Eval)")->check(CLI::ExistingDirectory);
    command->add_option("--suites", options->sources.suites, "Test suites DIR/<db_id>/*.sqlite (test-suite accuracy)")->check(CLI::ExistingDirectory);
    command->add_option("--distill-suites", options->distillation.into,
                        "Without --suites: distill the test suites into this new directory first (as `distill` does)");
    command->add_option("--questions", options->sources.questions, "Questions: index<TAB>db_id<TAB>question per line")->check(CLI::ExistingFile);
    addCheckSettingsOptions(*command, options->sources.settings, SettingsScope::Batch,
                            "sqleq's verdict: where the suite accepts a prediction, build up to this many more "
                            "databases to separate it, as `check` does; 0: none");
    addSamplingBudgetOption(*command, options->sources.settings.samplingBudget);
    command->add_option("--out", options->outPath, "The new project file (PROJECT.sqleq-audit); must not exist")->required();
    command->callback([options, &exitCode] { exitCode = runNew(*options); });
}

void registerAnnotate(CLI::App& audit, int& exitCode)
{
    auto options = std::make_shared<AnnotateOptions>();
    auto* command = audit.add_subcommand(
        "annotate", "Set one annotator's verdict on one item (replaces the previous one), or --clear it");
    command->add_option("project", options->projectPath, "Audit project")->required();
    command->add_option("--item", options->item, "Item index (0-based line of the gold file)")->required();
    auto* verdict = command->add_option("--verdict", options->verdict, "equivalent, not_equivalent or unsure")
                        ->check(CLI::IsMember({"equivalent", "not_equivalent", "unsure"}));
    auto* reason = command->add_option("--reason", options->reason, "Why (joins the project's reason list if new)");
    auto* note = command->add_option("--note", options->note, "Free text");
    command->add_flag("--clear", options->clear, "Remove this annotator's annotation of the item instead")
        ->excludes(verdict)
        ->excludes(reason)
        ->excludes(note);
    command->add_option("--annotator", options->annotator, "Your name")->required();
    command->callback([options, &exitCode] { exitCode = runAnnotate(*options); });
}

void registerStatus(CLI::App& audit, int& exitCode)
{
    auto project = std::make_shared<std::string>();
    auto* status = audit.add_subcommand("status", "Items, reviewed count, verdicts and disagreements of a project");
    status->add_option("project", *project, "Audit project")->required();
    status->callback([project, &exitCode] { exitCode = runStatus(*project); });
}

} // namespace

void registerAuditCommand(CLI::App& app, int& exitCode)
{
    auto* audit = app.add_subcommand("audit", "Hand-audit a submission: projects, annotations, agreement");
    audit->require_subcommand(1);
    registerNew(*audit, exitCode);
    registerAnnotate(*audit, exitCode);
    registerStatus(*audit, exitCode);
    registerAuditExchangeCommands(*audit, exitCode);
}

} // namespace sqleq::cli
