// `sqleq-cli audit export|import|agree`: annotations out to TSV/JSON, in from a TSV
// in the esm_false_negatives layout (one transaction), and the agreement of two
// annotators. The work is core/audit's; this file parses options and prints.

#include "app/cli/audit_commands.h"

#include "core/audit/audit.h"
#include "core/base/atomic_file.h"
#include "core/dataset/spider_files.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <memory>
#include <set>

namespace sqleq::cli {
namespace {

// ---- audit export ----------------------------------------------------------

struct ExportOptions {
    std::string projectPath;
    std::string outPath;
    std::string annotator;  ///< empty: everyone's
};

int runExport(const ExportOptions& options)
{
    const auto& [projectPath, outPath, annotator] = options;
    auto store = audit::AnnotationStore::openReadOnly(projectPath);
    if (!store) return inputError(store.error());
    auto items = store->items();
    if (!items) return inputError(items.error());
    auto annotations = annotator.empty() ? store->annotations() : store->annotationsBy(annotator);
    if (!annotations) return inputError(annotations.error());
    const auto format = outPath.ends_with(".json") ? audit::ExportFormat::Json : audit::ExportFormat::Tsv;
    const auto text = audit::exportAnnotations(*items, *annotations, format);
    if (!text) return inputError(Diagnostic{text.error().code, projectPath + ": " + text.error().message, {}, {}});
    if (auto written = writeFileAtomically(outPath, *text); !written) return inputError(written.error());
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
    auto text = dataset::readTextFile(tsvPath, {input_limits::kDatasetFile, "TSV file"});
    if (!text) return inputError(text.error());
    auto report = audit::importAnnotationsTsv(*text, *items, annotator, tsvPath);
    if (!report) return inputError(report.error());

    constexpr std::size_t kWarningsShown = 10;
    for (std::size_t i = 0; i < report->warnings.size() && i < kWarningsShown; ++i) {
        fmt::print(stderr, "warning: {}: {}\n", tsvPath, report->warnings[i]);
    }
    const std::size_t warnings = report->warnings.size() + report->warningsNotListed;
    if (warnings > kWarningsShown) fmt::print(stderr, "warning: … and {} more\n", warnings - kWarningsShown);
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
    auto store = audit::AnnotationStore::openReadOnly(projectPath);
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

} // namespace

void registerAuditExchangeCommands(CLI::App& audit, int& exitCode)
{
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

} // namespace sqleq::cli
