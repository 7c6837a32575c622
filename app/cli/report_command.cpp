// `sqleq-cli report`: one self-contained HTML file from one or more submissions (gold,
// predictions, tables.json, original databases and/or suites) or from an audit project.
// The work is core/report's; this file maps options, shows progress and writes the file.

#include "app/cli/commands.h"
#include "app/cli/exit_codes.h"
#include "app/cli/progress_bar.h"
#include "app/cli/suite_options.h"

#include "core/base/atomic_file.h"
#include "core/base/version.h"
#include "core/report/report.h"

#include <fmt/format.h>

#include <memory>

namespace sqleq::cli {
namespace {

std::string& rememberedCommandLine()
{
    static std::string line;
    return line;
}

/// An argument as a POSIX shell reads it back: bare when it is plain, else single-quoted.
std::string shellQuoted(std::string_view argument)
{
    const bool plain = !argument.empty() && argument.find_first_not_of(
                                                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                                "_-./=:,+@%") == std::string_view::npos;
    if (plain) return std::string(argument);
    std::string quoted = "'";
    for (const char c : argument) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

struct ReportCommandOptions {
    std::string gold;
    std::vector<std::string> predictions;
    std::vector<std::string> labels;
    std::string tables;
    std::string databases;
    std::string suites;
    std::string questions;
    std::string project;
    std::string etype = "all";
    std::string out;
    bool noInspect = false;
    evaluation::EvaluationOptions evaluation;
};

int runReport(const ReportCommandOptions& options)
{
    if (!options.labels.empty() && options.labels.size() != options.predictions.size()) {
        fmt::print(stderr, "error: give one --label per --pred ({} labels, {} predictions files)\n",
                   options.labels.size(), options.predictions.size());
        return kExitUsage;
    }
    if (options.project.empty() && (options.gold.empty() || options.predictions.empty())) {
        fmt::print(stderr, "error: a report needs --gold and at least one --pred, or --project\n");
        return kExitUsage;
    }
    report::ReportRequest request;
    request.gold = options.gold;
    for (std::size_t i = 0; i < options.predictions.size(); ++i)
        request.submissions.push_back({options.labels.empty() ? std::string() : options.labels[i], options.predictions[i]});
    request.tables = options.tables;
    request.originalDatabases = options.databases;
    request.suites = options.suites;
    request.questions = options.questions;
    request.auditProject = options.project;
    request.evaluation = options.evaluation;
    request.evaluation.metrics = evaluation::metricsForEvalType(options.etype, options.evaluation.settings.searchBudget);
    request.inspectItems = !options.noInspect;
    request.command = rememberedCommandLine();
    request.version = "sqleq " + std::string(kVersion);

    ProgressBar bar;
    auto built = report::buildReport(request, bar.callback());
    bar.finish();
    if (!built) {
        fmt::print(stderr, "error: {}\n", built.error().message);
        return kExitInputError;
    }
    const std::string html = report::renderReportHtml(*built);
    if (auto written = writeFileAtomically(options.out, html); !written) {
        fmt::print(stderr, "error: {}\n", written.error().message);
        return kExitInputError;
    }
    fmt::print(stderr, "wrote {} ({:.1f} MB): {} submissions, {} listed items, {} inspections, in {:.1f} s\n",
               options.out, double(html.size()) / 1e6, built->submissions.size(), report::listedCount(*built),
               built->inspections.size(),
               built->seconds);
    return kExitSuccess;
}

} // namespace

void rememberCommandLine(int argc, char** argv)
{
    std::string line;
    for (int i = 0; i < argc; ++i) {
        if (i > 0) line += ' ';
        line += shellQuoted(i == 0 ? std::string_view("sqleq-cli") : std::string_view(argv[i]));
    }
    rememberedCommandLine() = std::move(line);
}

void registerReportCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<ReportCommandOptions>();
    auto* command = app.add_subcommand(
        "report", "One self-contained HTML report of one or more submissions (or of an audit project): accuracy per "
                  "hardness, metric disagreement, and each disagreeing item's inspection");
    command->add_option("--gold", options->gold, "Gold file: one SQL<TAB>db_id per line");
    command->add_option("--pred", options->predictions,
                        "Predictions file (one SQL per line); repeat for several submissions side by side");
    command->add_option("--label", options->labels,
                        "A name per --pred, in the same order (default: the file's name)");
    command->add_option("--tables,--table", options->tables,
                        "Spider tables.json: exact match, hardness, and the schema the items are inspected on");
    command->add_option("--db", options->databases, "Original databases DIR/<db_id>/<db_id>.sqlite");
    command->add_option("--suites", options->suites, "Test suites DIR/<db_id>/*.sqlite");
    command->add_option("--questions", options->questions,
                        "Questions file (index<TAB>db_id<TAB>question, as dev_questions.tsv)");
    command->add_option("--project", options->project,
                        "An audit project (.sqleq-audit): its items, metrics, settings and annotations, instead of "
                        "--gold/--pred");
    command->add_option("--etype", options->etype, "Metrics: exec, match or all (as `eval`)")
        ->transform(CLI::IsMember(std::vector<std::string>(evaluation::kEvalTypes.begin(), evaluation::kEvalTypes.end()),
                                   CLI::ignore_case))
        ->capture_default_str();
    addCheckSettingsOptions(*command, options->evaluation.settings, SettingsScope::Batch,
                            "sqleq's verdict: where the suite accepts a prediction, build up to this many more "
                            "databases to separate it; 0: no sqleq column");
    command->add_flag("--no-inspect", options->noInspect,
                      "List the items with their metrics only (no diagnosis or counterexample; much faster)");
    command->add_option("--out,-o", options->out, "The HTML file to write")->required();
    command->callback([options, &exitCode] { exitCode = runReport(*options); });
}

} // namespace sqleq::cli
