// buildProject: cheap checks first (the output is free, the files read), then the
// long evaluation, then one store transaction — so a mistyped path fails in a
// second, not after the batch, and a cancelled build leaves no file behind.

#include "core/audit/audit.h"

#include "core/dataset/questions_file.h"

#include <fmt/format.h>

#include <map>

namespace sqleq::audit {
namespace {

/// At most this many mismatching questions are named one by one; the rest are counted.
constexpr std::size_t kNamedMismatches = 3;

/// Questions by item index. A question whose db_id differs from its item's is
/// dropped with a warning: the file belongs to another ordering of the dataset.
Result<std::map<std::size_t, std::string>> matchQuestions(const std::string& path,
                                                          const std::vector<suite::GoldItem>& gold,
                                                          std::vector<std::string>& warnings)
{
    std::map<std::size_t, std::string> byIndex;
    if (path.empty()) return byIndex;
    auto read = dataset::readQuestionsFile(path);
    if (!read) return read.error();
    std::size_t beyondGold = 0;
    std::size_t mismatched = 0;
    for (dataset::Question& question : *read) {
        if (question.index >= gold.size()) {
            ++beyondGold;
        } else if (question.dbId != gold[question.index].dbId) {
            if (++mismatched <= kNamedMismatches) {
                warnings.push_back(fmt::format("{} line {}: item {} is on {} in the gold file, not {}", path,
                                               question.line, question.index, gold[question.index].dbId,
                                               question.dbId));
            }
        } else {
            byIndex[question.index] = std::move(question.text);
        }
    }
    if (mismatched > kNamedMismatches)
        warnings.push_back(fmt::format("{}: {} questions name another database", path, mismatched));
    if (beyondGold > 0) {
        warnings.push_back(fmt::format("{}: {} questions have no item in the gold file ({} items)", path, beyondGold,
                                       gold.size()));
    }
    return byIndex;
}

Diagnostic buildError(const std::string& message)
{
    Diagnostic diagnostic;
    diagnostic.code = "audit.build";
    diagnostic.message = message;
    return diagnostic;
}

} // namespace

Result<ProjectBuild> buildProject(const std::filesystem::path& output, const ProjectSources& sources, unsigned jobs,
                                  const suite::ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    // Checked before the (long) evaluation; create() checks again, atomically.
    std::error_code ec;
    if (std::filesystem::exists(output, ec)) {
        return buildError(fmt::format("{} already exists (open it, or choose another name)", output.string()));
    }
    auto inputs = evaluation::readSubmission(sources.gold, sources.predictions);
    if (!inputs) return inputs.error();
    inputs->tables = sources.tables;
    inputs->originalDatabases = sources.originalDatabases;
    inputs->suites = sources.suites;

    ProjectBuild build;
    auto questions = matchQuestions(sources.questions, inputs->gold, build.warnings);
    if (!questions) return questions.error();

    evaluation::EvaluationOptions options;
    options.check.plugValue = sources.plugValue;
    options.check.keepDistinct = sources.keepDistinct;
    options.jobs = jobs;
    auto evaluated = evaluation::evaluateSubmission(*inputs, options, progress, cancel);
    if (!evaluated) return evaluated.error();
    build.evaluation = std::move(*evaluated);
    if (build.evaluation.cancelled || (cancel && cancel->load())) {
        build.evaluation.cancelled = true;
        return build;
    }

    std::vector<AuditItem> items(inputs->gold.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        items[i].index = i;
        items[i].dbId = inputs->gold[i].dbId;
        items[i].gold = inputs->gold[i].sql;
        items[i].prediction = inputs->predictions[i];
        if (const auto found = questions->find(i); found != questions->end()) items[i].question = found->second;
        items[i].metrics = build.evaluation.items[i];
    }
    build.questions = questions->size();
    auto store = AnnotationStore::create(output, sources, items);
    if (!store) return store.error();
    build.store.emplace(std::move(*store));
    return build;
}

} // namespace sqleq::audit
