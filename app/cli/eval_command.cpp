// `sqleq-cli eval`: every metric of a predictions file, with the official evaluator's
// arguments (--gold --pred --tables --db --etype, --plug-value, --keep-distinct) plus
// test suites, SQL-Eval and PCM-F1; prints evaluation.py's per-hardness table (and,
// for a multi-turn SParC/CoSQL file, its turn table and interaction match) and
// writes the per-item table and the disagreeing items. The work is core/evaluation's;
// this file only maps options and writes files.

#include "app/cli/commands.h"
#include "app/cli/exit_codes.h"
#include "app/cli/progress_bar.h"
#include "app/cli/suite_options.h"

#include "core/base/atomic_file.h"
#include "core/evaluation/evaluation.h"

#include <fmt/format.h>

#include <cstdio>

#include <map>
#include <memory>

namespace sqleq::cli {
namespace {

enum class EvalType { Exec, Match, All };

struct EvalCommandOptions {
    std::string goldPath;
    std::string predPath;
    std::string tablesPath;
    std::string databasesDir;
    std::string suitesDir;
    std::string type = "exec";  ///< exec, match or all (validated by CLI11)
    std::string outPath;
    std::string disagreementsPath;
    evaluation::EvaluationOptions evaluation;
};

EvalType evalType(const std::string& name)
{
    if (name == "match") return EvalType::Match;
    return name == "all" ? EvalType::All : EvalType::Exec;
}

/// A usage message when the --etype cannot compute anything from the inputs given.
std::string missingInputs(const EvalCommandOptions& options)
{
    const EvalType type = evalType(options.type);
    if (type == EvalType::Match && options.tablesPath.empty())
        return "--etype match needs --tables (the Spider tables.json)";
    if (type == EvalType::Exec && options.databasesDir.empty() && options.suitesDir.empty())
        return "--etype exec needs --db (the original databases) and/or --suites (test suites)";
    return {};
}

struct Tally {
    std::size_t correct = 0;
    std::size_t computed = 0;
};

void printTotal(std::string_view name, std::size_t items, const Tally& tally)
{
    const double rate = tally.computed == 0 ? 0.0 : double(tally.correct) / double(tally.computed);
    std::string unset = tally.computed < items ? fmt::format(" ({} items unset)", items - tally.computed) : "";
    fmt::print("{}: {} / {} = {:.3f}{}\n", name, tally.correct, tally.computed, rate, unset);
}

/// One "name: correct / computed = rate" line per computed metric, for scripts and eyes.
void printTotals(const evaluation::Evaluation& result)
{
    std::map<std::string_view, Tally> tallies;
    const auto count = [&](std::string_view name, const std::optional<bool>& value) {
        auto& tally = tallies[name];
        if (!value) return;
        ++tally.computed;
        tally.correct += *value ? 1 : 0;
    };
    double pcmSum = 0;
    std::size_t pcmCount = 0;
    std::size_t falsePositives = 0;
    for (const auto& item : result.items) {
        count("exact match accuracy", item.esm);
        count("execution accuracy", item.exec);
        count("test-suite accuracy", item.testSuite);
        count("sql-eval accuracy", item.sqlEval);
        count("sqleq accuracy", item.sqleq);
        falsePositives += item.testSuiteFalsePositive ? 1 : 0;
        if (item.pcmF1) pcmSum += *item.pcmF1, ++pcmCount;
    }
    const std::size_t items = result.items.size();
    fmt::print("\n");
    if (result.computed.esm) printTotal("exact match accuracy", items, tallies["exact match accuracy"]);
    if (result.computed.exec) printTotal("execution accuracy", items, tallies["execution accuracy"]);
    if (result.computed.testSuite) printTotal("test-suite accuracy", items, tallies["test-suite accuracy"]);
    if (result.computed.sqleq) {
        printTotal("sqleq accuracy", items, tallies["sqleq accuracy"]);
        fmt::print("test-suite false positives: {} (the suite accepts, sqleq's search separates)\n", falsePositives);
    }
    if (result.computed.sqlEval) printTotal("sql-eval accuracy", items, tallies["sql-eval accuracy"]);
    if (result.computed.pcmF1)
        fmt::print("pcm-f1 mean: {:.3f} over {} items\n", pcmCount == 0 ? 0.0 : pcmSum / double(pcmCount), pcmCount);
}

int writeOutputs(const EvalCommandOptions& options, const evaluation::Evaluation& result,
                 const evaluation::SubmissionInputs& inputs)
{
    if (!options.outPath.empty()) {
        const bool json = options.outPath.ends_with(".json");
        const auto text = json ? evaluation::itemsJson(result) : evaluation::itemsTsv(result);
        if (auto written = writeFileAtomically(options.outPath, text); !written) {
            fmt::print(stderr, "error: {}\n", written.error().message);
            return kExitInputError;
        }
    }
    if (!options.disagreementsPath.empty()) {
        if (auto written = writeFileAtomically(options.disagreementsPath, evaluation::disagreementsTsv(result, inputs));
            !written) {
            fmt::print(stderr, "error: {}\n", written.error().message);
            return kExitInputError;
        }
    }
    return kExitSuccess;
}

int runEval(EvalCommandOptions options)
{
    if (const auto missing = missingInputs(options); !missing.empty()) {
        fmt::print(stderr, "error: {}\n", missing);
        return kExitUsage;
    }
    auto inputs = evaluation::readSubmission(options.goldPath, options.predPath);
    if (!inputs) {
        fmt::print(stderr, "error: {}\n", inputs.error().message);
        return kExitInputError;
    }
    for (const auto& [index, why] : inputs->lineErrors)
        fmt::print(stderr, "warning: item {}: {}; scored as an empty query\n", index, why);
    inputs->tables = options.tablesPath;
    inputs->originalDatabases = options.databasesDir;
    inputs->suites = options.suitesDir;
    options.evaluation.metrics = evaluation::metricsForEvalType(options.type, options.evaluation.settings.searchBudget);

    ProgressBar bar;
    auto result = evaluation::evaluateSubmission(*inputs, options.evaluation, bar.callback());
    bar.finish();
    if (!result) {
        fmt::print(stderr, "error: {}\n", result.error().message);
        return kExitInputError;
    }
    fmt::print("{}", evaluation::formatHardnessReport(*result));
    fmt::print("{}", evaluation::formatTurnReport(*result));
    printTotals(*result);
    std::size_t disagreeing = 0;
    for (const auto& item : result->items) disagreeing += evaluation::metricsDisagree(item) ? 1 : 0;
    if (disagreeing > 0) fmt::print("items where the metrics disagree: {}\n", disagreeing);
    std::fflush(stdout);  // the timing line on stderr must not land inside the report
    fmt::print(stderr, "evaluated {} items in {:.2f} s\n", result->items.size(), result->seconds);
    return writeOutputs(options, *result, *inputs);
}

} // namespace

void registerEvalCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<EvalCommandOptions>();
    auto* command = app.add_subcommand(
        "eval", "Every metric of a predictions file (official evaluator's arguments), per hardness and per item");
    command->add_option("--gold", options->goldPath,
                        "Gold file: one SQL<TAB>db_id per line; blank lines separate the interactions of a "
                        "multi-turn (SParC, CoSQL) file")
        ->required();
    command->add_option("--pred", options->predPath,
                        "Predictions: one SQL per line, same order (and same interactions, blank-line separated); "
                        "or BIRD's JSON object {\"0\": \"SQL\\t----- bird -----\\tdb_id\", ...}")
        ->required();
    command->add_option("--tables,--table", options->tablesPath,
                        "Spider tables.json: exact set match, its partial scores and the hardness levels");
    command->add_option("--db", options->databasesDir,
                        "Original databases DIR/<db_id>/<db_id>.sqlite: execution accuracy and SQL-Eval");
    command->add_option("--suites", options->suitesDir, "Test suites DIR/<db_id>/*.sqlite: test-suite accuracy");
    command->add_option("--etype", options->type,
                        "exec: execution metrics (needs --db and/or --suites); match: exact set match (needs "
                        "--tables); all: every metric whose inputs are given, PCM-F1 included")
        ->transform(CLI::IsMember(std::vector<std::string>(evaluation::kEvalTypes.begin(), evaluation::kEvalTypes.end()),
                                   CLI::ignore_case))
        ->capture_default_str();
    addCheckSettingsOptions(*command, options->evaluation.settings, SettingsScope::Batch,
                            "sqleq's verdict (with --suites and --tables): where the suite accepts a prediction, build "
                            "up to this many more databases to separate it, as `check` does; 0: no sqleq column");
    const std::map<std::string, evaluation::ValuePlaceholder> placeholders{
        {"official", evaluation::ValuePlaceholder::Official}, {"as-written", evaluation::ValuePlaceholder::AsWritten}};
    command->add_option("--value-placeholder", options->evaluation.valuePlaceholder,
                        "How predictions' placeholder `value` is read: official (\"value\" replaced by \"1\" "
                        "everywhere before exact match and execution, as evaluation.py does) or as-written")
        ->transform(CLI::CheckedTransformer(placeholders, CLI::ignore_case))
        ->default_str("official");
    command->add_flag("--fix-join-predicates", options->evaluation.esm.fixJoinPredicates,
                      "Exact set match also compares the JOIN ... ON conditions (the official one ignores them)");
    command->add_flag("--sqleval-subset", options->evaluation.sqlEvalSubset,
                      "SQL-Eval also accepts a prediction whose columns are a superset of the gold's");
    command->add_option("--out", options->outPath, "Per-item metrics: items.tsv, or items.json for JSON");
    command->add_option("--disagreements", options->disagreementsPath,
                        "TSV of the items whose metrics disagree, with gold and prediction");
    command->callback([options, &exitCode] { exitCode = runEval(*options); });
}

} // namespace sqleq::cli
