// `sqleq-cli audit`: hand-auditing a submission from the command line. `new`
// computes every metric of a gold/predictions pair into a `.sqleq-audit` project;
// `annotate`, `status`, `export`, `import` and `agree` work on such projects, the
// same files the GUI's audit mode opens. All the work is core/audit's and
// core/evaluation's; this file only parses options and prints.

#include "app/cli/commands.h"
#include "app/cli/exit_codes.h"
#include "app/cli/progress_bar.h"

#include "core/audit/audit.h"
#include "core/base/atomic_file.h"
#include "core/dataset/questions_file.h"
#include "core/dataset/spider_files.h"
#include "core/evaluation/evaluation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <map>
#include <memory>
#include <set>

namespace sqleq::cli {
namespace {

int inputError(const Diagnostic& diagnostic)
{
    fmt::print(stderr, "error: {}\n", diagnostic.message);
    return kExitInputError;
}

// ---- audit new -------------------------------------------------------------

struct NewOptions {
    std::string goldPath;
    std::string predPath;
    std::string tablesPath;
    std::string databasesDir;
    std::string suitesDir;
    std::string questionsPath;
    std::string outPath;
    bool plugValue = false;
    bool keepDistinct = false;
    unsigned jobs = 0;
};

// Questions by item index. Questions beyond the gold file (a gold file cut from
// the full set) are counted, not listed; a line whose db_id disagrees with the
// gold's is reported and left out rather than attached to the wrong item.
Result<std::map<std::size_t, std::string>> readQuestions(const std::string& path,
                                                         const std::vector<suite::GoldItem>& gold)
{
    std::map<std::size_t, std::string> questions;
    if (path.empty()) return questions;
    auto read = dataset::readQuestionsFile(path);
    if (!read) return read.error();
    std::size_t beyondGold = 0;
    std::size_t mismatched = 0;
    for (auto& question : *read) {
        if (question.index >= gold.size()) {
            ++beyondGold;
        } else if (question.dbId != gold[question.index].dbId) {
            if (++mismatched <= 3) {
                fmt::print(stderr, "warning: {} line {}: item {} is on {} in the gold file, not {}\n", path,
                           question.line, question.index, gold[question.index].dbId, question.dbId);
            }
        } else {
            questions[question.index] = std::move(question.text);
        }
    }
    if (mismatched > 3) fmt::print(stderr, "warning: {}: {} questions name another database\n", path, mismatched);
    if (beyondGold > 0) {
        fmt::print(stderr, "warning: {}: {} questions have no item in the gold file ({} items)\n", path, beyondGold,
                   gold.size());
    }
    return questions;
}

std::string computedList(const evaluation::MetricSelection& computed)
{
    std::string list;
    const auto add = [&](bool on, std::string_view name) {
        if (!on) return;
        list += list.empty() ? "" : ", ";
        list += name;
    };
    add(computed.esm, "esm");
    add(computed.exec, "exec");
    add(computed.testSuite, "testsuite");
    add(computed.sqlEval, "sqleval");
    add(computed.pcmF1, "pcm_f1");
    return list;
}

int runNew(const NewOptions& options)
{
    // Checked before the (long) evaluation; create() checks again, atomically.
    if (std::filesystem::exists(options.outPath)) {
        fmt::print(stderr, "error: {} already exists (open it with the other audit commands, or choose another name)\n",
                   options.outPath);
        return kExitInputError;
    }
    auto inputs = evaluation::readSubmission(options.goldPath, options.predPath);
    if (!inputs) return inputError(inputs.error());
    inputs->tables = options.tablesPath;
    inputs->originalDatabases = options.databasesDir;
    inputs->suites = options.suitesDir;
    auto questions = readQuestions(options.questionsPath, inputs->gold);
    if (!questions) return inputError(questions.error());

    evaluation::EvaluationOptions evaluationOptions;
    evaluationOptions.check.plugValue = options.plugValue;
    evaluationOptions.check.keepDistinct = options.keepDistinct;
    evaluationOptions.jobs = options.jobs;
    ProgressBar bar;
    auto evaluated = evaluation::evaluateSubmission(*inputs, evaluationOptions, bar.callback());
    bar.finish();
    if (!evaluated) return inputError(evaluated.error());

    std::vector<audit::AuditItem> items(inputs->gold.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        items[i].index = i;
        items[i].dbId = inputs->gold[i].dbId;
        items[i].gold = inputs->gold[i].sql;
        items[i].prediction = inputs->predictions[i];
        if (const auto found = questions->find(i); found != questions->end()) items[i].question = found->second;
        items[i].metrics = evaluated->items[i];
    }
    const audit::ProjectSources sources{.gold = options.goldPath,
                                        .predictions = options.predPath,
                                        .tables = options.tablesPath,
                                        .originalDatabases = options.databasesDir,
                                        .suites = options.suitesDir,
                                        .questions = options.questionsPath,
                                        .plugValue = options.plugValue,
                                        .keepDistinct = options.keepDistinct};
    auto store = audit::AnnotationStore::create(options.outPath, sources, items);
    if (!store) return inputError(store.error());
    fmt::print("created {}: {} items, {} questions; metrics: {}\n", options.outPath, items.size(), questions->size(),
               computedList(evaluated->computed));
    return kExitSuccess;
}

// ---- audit status ----------------------------------------------------------

int runStatus(const std::string& projectPath)
{
    auto store = audit::AnnotationStore::open(projectPath);
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

// ---- audit export ----------------------------------------------------------

struct ExportOptions {
    std::string projectPath;
    std::string outPath;
    std::string annotator;  ///< empty: everyone's
};

int runExport(const ExportOptions& options)
{
    const auto& [projectPath, outPath, annotator] = options;
    auto store = audit::AnnotationStore::open(projectPath);
    if (!store) return inputError(store.error());
    auto items = store->items();
    if (!items) return inputError(items.error());
    auto annotations = annotator.empty() ? store->annotations() : store->annotationsBy(annotator);
    if (!annotations) return inputError(annotations.error());
    const bool json = outPath.ends_with(".json");
    const auto text = json ? audit::exportAnnotationsJson(*items, *annotations)
                           : audit::exportAnnotationsTsv(*items, *annotations);
    if (auto written = writeFileAtomically(outPath, text); !written) return inputError(written.error());
    fmt::print("wrote {} annotations to {}\n", annotations->size(), outPath);
    return kExitSuccess;
}

// ---- audit import ----------------------------------------------------------

struct ImportOptions {
    std::string projectPath;
    std::string tsvPath;
    std::string annotator;  ///< for rows without an annotator column
};

int runImport(const ImportOptions& options)
{
    const auto& [projectPath, tsvPath, annotator] = options;
    auto store = audit::AnnotationStore::open(projectPath);
    if (!store) return inputError(store.error());
    auto items = store->items();
    if (!items) return inputError(items.error());
    auto text = dataset::readTextFile(tsvPath);
    if (!text) return inputError(text.error());
    auto report = audit::importAnnotationsTsv(*text, *items, annotator, tsvPath);
    if (!report) return inputError(report.error());

    constexpr std::size_t kWarningsShown = 10;
    for (std::size_t i = 0; i < report->warnings.size() && i < kWarningsShown; ++i) {
        fmt::print(stderr, "warning: {}: {}\n", tsvPath, report->warnings[i]);
    }
    if (report->warnings.size() > kWarningsShown) {
        fmt::print(stderr, "warning: … and {} more\n", report->warnings.size() - kWarningsShown);
    }
    // One transaction: a row the store refuses leaves the project as it was.
    auto stored = store->setAnnotations(report->annotations);
    if (!stored) {
        fmt::print(stderr, "error: {} (nothing imported: the project is unchanged)\n", stored.error().message);
        return kExitInputError;
    }
    fmt::print("rows: {}; matched: {}; unmatched: {}; without verdict: {}; annotations stored: {}\n", report->rows,
               report->matched, report->unmatched, report->withoutVerdict, stored->size());
    return kExitSuccess;
}

// ---- audit agree -----------------------------------------------------------

struct AgreeOptions {
    std::string projectA;
    std::string projectB;  ///< empty: two annotators of projectA
    std::string annotatorA;
    std::string annotatorB;
};

struct Side {
    std::string annotator;
    std::vector<audit::Annotation> annotations;
    std::vector<audit::AuditItem> items;
};

// One annotator's annotations; without --annotator-X the project must have exactly one.
Result<Side> loadSide(const std::string& projectPath, const std::string& annotator, char flag)
{
    auto store = audit::AnnotationStore::open(projectPath);
    if (!store) return store.error();
    auto items = store->items();
    if (!items) return items.error();
    auto all = store->annotations();
    if (!all) return all.error();
    std::set<std::string> names;
    for (const auto& annotation : *all) names.insert(annotation.annotator);
    Side side{annotator, {}, std::move(*items)};
    if (side.annotator.empty()) {
        if (names.size() != 1) {
            return Diagnostic{"cli.usage",
                              fmt::format("{} has {} annotators ({}): choose one with --annotator-{}", projectPath,
                                          names.size(), fmt::join(names, ", "), flag),
                              {}, {}};
        }
        side.annotator = *names.begin();
    } else if (!names.count(side.annotator)) {
        return Diagnostic{"cli.usage", fmt::format("{} has no annotations by {}", projectPath, side.annotator), {}, {}};
    }
    for (auto& annotation : *all) {
        if (annotation.annotator == side.annotator) side.annotations.push_back(std::move(annotation));
    }
    return side;
}

void warnAboutDifferentItems(const Side& a, const Side& b)
{
    std::map<std::size_t, const audit::AuditItem*> itemsOfB;
    for (const auto& item : b.items) itemsOfB.emplace(item.index, &item);
    std::size_t differing = 0;
    for (const auto& item : a.items) {
        const auto other = itemsOfB.find(item.index);
        if (other == itemsOfB.end()) continue;
        if (item.dbId != other->second->dbId || item.gold != other->second->gold ||
            item.prediction != other->second->prediction) {
            if (++differing <= 3) fmt::print(stderr, "warning: item {} differs between the two projects\n", item.index);
        }
    }
    if (differing > 3) fmt::print(stderr, "warning: {} items differ between the two projects\n", differing);
}

int runAgree(const AgreeOptions& options)
{
    const auto& projectB = options.projectB.empty() ? options.projectA : options.projectB;
    if (projectB == options.projectA && (options.annotatorA.empty() || options.annotatorB.empty())) {
        fmt::print(stderr, "error: comparing two annotators of one project needs --annotator-a and --annotator-b\n");
        return kExitUsage;
    }
    auto a = loadSide(options.projectA, options.annotatorA, 'a');
    auto b = a ? loadSide(projectB, options.annotatorB, 'b') : Result<Side>(a.error());
    if (!a || !b) {
        const auto& error = !a ? a.error() : b.error();
        fmt::print(stderr, "error: {}\n", error.message);
        return error.code == "cli.usage" ? kExitUsage : kExitInputError;
    }
    warnAboutDifferentItems(*a, *b);
    const auto agreement = audit::compareAnnotators(a->annotations, b->annotations);
    fmt::print("A: {} ({}); B: {} ({})\n", options.projectA, a->annotator, projectB, b->annotator);
    fmt::print("annotated by both: {}; only A: {}; only B: {}\n", agreement.both, agreement.onlyFirst,
               agreement.onlySecond);
    fmt::print("agreement: {} / {} = {:.3f}\n", agreement.agreeing, agreement.both, agreement.rate);
    fmt::print("cohen's kappa: {:.3f}\n", agreement.cohenKappa);
    fmt::print("disagreements: {}\n", agreement.disagreements.size());
    for (const auto& disagreement : agreement.disagreements) {
        fmt::print("  item {}: A {}, B {}\n", disagreement.itemIndex, audit::verdictName(disagreement.first),
                   audit::verdictName(disagreement.second));
    }
    return kExitSuccess;
}

// ---- registration ----------------------------------------------------------

void registerNew(CLI::App& audit, int& exitCode)
{
    auto options = std::make_shared<NewOptions>();
    auto* command = audit.add_subcommand("new", "Compute every metric of a submission into a new audit project");
    command->add_option("--gold", options->goldPath, "Gold file: one SQL<TAB>db_id per line")->required()->check(CLI::ExistingFile);
    command->add_option("--pred", options->predPath, "Predictions: one SQL per line, same order")->required()->check(CLI::ExistingFile);
    command->add_option("--tables", options->tablesPath, "Spider tables.json (exact set match, hardness)")->required()->check(CLI::ExistingFile);
    command->add_option("--db", options->databasesDir, "Original databases DIR/<db_id>/<db_id>.sqlite (execution, SQL-Eval)")->check(CLI::ExistingDirectory);
    command->add_option("--suites", options->suitesDir, "Test suites DIR/<db_id>/*.sqlite (test-suite accuracy)")->check(CLI::ExistingDirectory);
    command->add_option("--questions", options->questionsPath, "Questions: index<TAB>db_id<TAB>question per line")->check(CLI::ExistingFile);
    command->add_flag("--plug-value", options->plugValue, "Test suite: also try the prediction with the gold's values plugged in");
    command->add_flag("--keep-distinct", options->keepDistinct, "Test suite: keep DISTINCT (removed from both by default)");
    command->add_option("--jobs", options->jobs, "Worker threads (0: all cores)")->capture_default_str();
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

void registerFileCommands(CLI::App& audit, int& exitCode)
{
    auto project = std::make_shared<std::string>();
    auto* status = audit.add_subcommand("status", "Items, reviewed count, verdicts and disagreements of a project");
    status->add_option("project", *project, "Audit project")->required();
    status->callback([project, &exitCode] { exitCode = runStatus(*project); });

    auto exportOptions = std::make_shared<ExportOptions>();
    auto* exporter = audit.add_subcommand("export", "Write annotations as TSV (esm_false_negatives layout) or JSON");
    exporter->add_option("project", exportOptions->projectPath, "Audit project")->required();
    exporter->add_option("--out", exportOptions->outPath, "FILE.tsv or FILE.json (by extension)")->required();
    exporter->add_option("--annotator", exportOptions->annotator, "Only this annotator's annotations");
    exporter->callback([exportOptions, &exitCode] { exitCode = runExport(*exportOptions); });

    auto importOptions = std::make_shared<ImportOptions>();
    auto* importer = audit.add_subcommand("import", "Read annotations from a TSV (esm_false_negatives layout)");
    importer->add_option("project", importOptions->projectPath, "Audit project")->required();
    importer->add_option("--tsv", importOptions->tsvPath, "TSV file")->required()->check(CLI::ExistingFile);
    importer->add_option("--annotator", importOptions->annotator, "Annotator of rows without an annotator column")
        ->required();
    importer->callback([importOptions, &exitCode] { exitCode = runImport(*importOptions); });

    auto agreeOptions = std::make_shared<AgreeOptions>();
    auto* agree = audit.add_subcommand("agree", "Agreement (rate, Cohen's kappa) between two annotators");
    agree->add_option("project_a", agreeOptions->projectA, "Audit project of the first annotator")->required();
    agree->add_option("project_b", agreeOptions->projectB, "Audit project of the second (default: the first)");
    agree->add_option("--annotator-a", agreeOptions->annotatorA, "Annotator in the first project");
    agree->add_option("--annotator-b", agreeOptions->annotatorB, "Annotator in the second project");
    agree->callback([agreeOptions, &exitCode] { exitCode = runAgree(*agreeOptions); });
}

} // namespace

void registerAuditCommand(CLI::App& app, int& exitCode)
{
    auto* audit = app.add_subcommand("audit", "Hand-audit a submission: projects, annotations, agreement");
    audit->require_subcommand(1);
    registerNew(*audit, exitCode);
    registerAnnotate(*audit, exitCode);
    registerFileCommands(*audit, exitCode);
}

} // namespace sqleq::cli
