// buildProject: cheap checks first (the output is free, the files read), then the
// suites when it distills them, then the long evaluation, then one store transaction —
// so a mistyped path fails in a second, not after the batch, and a cancelled build
// leaves no file behind (suites are distilled into a staging directory until then).

#include "core/audit/audit.h"

#include "core/dataset/questions_file.h"

#include <fmt/format.h>

#include <map>
#include <random>

namespace sqleq::audit {
namespace {

/// At most this many mismatching questions are named one by one; the rest are counted.
constexpr std::size_t kNamedMismatches = 3;

} // namespace

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

namespace {

Diagnostic buildError(const std::string& message)
{
    Diagnostic diagnostic;
    diagnostic.code = "audit.build";
    diagnostic.message = message;
    return diagnostic;
}

/// A staging directory beside `final`, removed on every path out unless released.
class StagingDirectory {
public:
    explicit StagingDirectory(const std::filesystem::path& final) : m_final(final)
    {
        if (final.empty()) return;
        std::random_device entropy;
        m_path = final;
        m_path += fmt::format(".partial-{:08x}", entropy());
    }
    ~StagingDirectory()
    {
        std::error_code ec;
        if (!m_path.empty()) std::filesystem::remove_all(m_path, ec);
    }
    StagingDirectory(const StagingDirectory&) = delete;
    StagingDirectory& operator=(const StagingDirectory&) = delete;

    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }
    /// Renames the staging directory to its final name; it is no longer removed.
    Status release()
    {
        std::error_code ec;
        std::filesystem::rename(m_path, m_final, ec);
        if (ec) return buildError(fmt::format("cannot rename {} to {}: {}", m_path.string(), m_final.string(), ec.message()));
        m_path.clear();
        return {};
    }

private:
    std::filesystem::path m_final;
    std::filesystem::path m_path;
};

/// Distills the suites of every gold item into `staging`; false when cancelled.
Result<bool> distillSuites(const evaluation::SubmissionInputs& inputs, const ProjectSources& sources,
                           const inspect::CheckSettings& settings, const std::filesystem::path& staging,
                           const suite::ProgressCallback& progress, const std::atomic<bool>* cancel,
                           ProjectBuild& build)
{
    suite::DatasetDistillRequest request;
    request.items = inputs.gold;
    request.tablesJson = sources.tables;
    request.originalDatabases = sources.originalDatabases;
    request.outDir = staging;
    // The project's suites are distilled under the settings its verdicts are computed with.
    request.options = inspect::distillOptions(settings);
    auto distilled = suite::distillDataset(request, {}, progress, cancel);
    if (!distilled) return distilled.error();
    build.suiteDatabases = distilled->suiteDatabases;
    build.distillSeconds = distilled->seconds;
    return !distilled->cancelled && !(cancel && cancel->load());
}

} // namespace

Result<ProjectBuild> buildProject(const std::filesystem::path& output, const ProjectSources& sources, unsigned jobs,
                                  const suite::ProgressCallback& progress, const std::atomic<bool>* cancel,
                                  const SuiteDistillation& distillation)
{
    // Checked before the (long) evaluation; create() checks again, atomically.
    std::error_code ec;
    if (std::filesystem::exists(output, ec)) {
        return buildError(fmt::format("{} already exists (open it, or choose another name)", output.string()));
    }
    const bool distilling = sources.suites.empty() && !distillation.into.empty();
    if (distilling && std::filesystem::exists(distillation.into, ec)) {
        return buildError(fmt::format("{} already exists: give it as the suites directory, or choose another project name",
                                      distillation.into));
    }
    auto inputs = evaluation::readSubmission(sources.gold, sources.predictions);
    if (!inputs) return inputs.error();
    inputs->tables = sources.tables;
    inputs->originalDatabases = sources.originalDatabases;
    inputs->suites = sources.suites;

    ProjectBuild build;
    auto questions = matchQuestions(sources.questions, inputs->gold, build.warnings);
    if (!questions) return questions.error();

    inspect::CheckSettings settings = sources.settings;
    settings.jobs = jobs;
    StagingDirectory staging(distilling ? std::filesystem::path(distillation.into) : std::filesystem::path());
    ProjectSources recorded = sources;
    recorded.interactionTurns = inputs->interactionTurns;
    if (distilling) {
        auto finished = distillSuites(*inputs, sources, settings, staging.path(), progress, cancel, build);
        if (!finished) return finished.error();
        if (!*finished) {
            build.evaluation.cancelled = true;
            return build;
        }
        inputs->suites = staging.path();
        recorded.suites = distillation.into;
    }

    evaluation::EvaluationOptions options;
    options.settings = settings;
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
    if (distilling) {
        if (Status moved = staging.release(); !moved) return moved.error();
        build.distilledSuites = distillation.into;
    }
    auto store = AnnotationStore::create(output, recorded, items);
    if (!store) {
        if (distilling) std::filesystem::remove_all(distillation.into, ec);
        return store.error();
    }
    build.store.emplace(std::move(*store));
    return build;
}

} // namespace sqleq::audit
