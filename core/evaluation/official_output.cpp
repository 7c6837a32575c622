// officialEvaluationOutput: the whole standard output of test-suite-sql-eval's
// evaluation.py for a submission. Its --db folder is run the way exec_eval.py runs
// it — every .sqlite file of DIR/<db_id>/ is a database of the suite (one file:
// single-denotation execution accuracy; a released suite: test-suite accuracy) — and
// that verdict is its "execution" row. Before the tables come the script's own
// lines: "Evaluating Nth prediction" every ten interactions (blank-line separated
// blocks; a Spider file is a single one) and, for --etype
// match/all, each item exact match rejects as "<hardness> pred:/gold:" and a blank line.
#include "core/evaluation/evaluation.h"

#include "core/exec/spider_compat.h"

#include <fmt/format.h>

namespace sqleq::evaluation {
namespace {

// Python's str.strip() whitespace, as far as ASCII goes.
constexpr std::string_view kPythonWhitespace = " \t\n\r\v\f\x1c\x1d\x1e\x1f";

std::string_view stripLeft(std::string_view text)
{
    const auto first = text.find_first_not_of(kPythonWhitespace);
    return first == std::string_view::npos ? std::string_view{} : text.substr(first);
}

std::string_view strip(std::string_view text)
{
    text = stripLeft(text);
    const auto last = text.find_last_not_of(kPythonWhitespace);
    return last == std::string_view::npos ? std::string_view{} : text.substr(0, last + 1);
}

/// evaluation.py's listing of an item exact match rejects (exact_score == 0). It prints
/// the first field of each stripped line: the prediction without surrounding whitespace
/// (exact for a line without a tab, the usual form), the gold without leading whitespace.
std::string rejectedItem(const ItemMetrics& item, const SubmissionInputs& inputs)
{
    const std::string_view hardness = item.hardness ? metrics::hardnessName(*item.hardness) : "";
    return fmt::format("{} pred: {}\n{} gold: {}\n\n", hardness,
                       exec::officialValuePlaceholder(strip(inputs.predictions[item.index])), hardness,
                       stripLeft(inputs.gold[item.index].sql));
}

/// The lines evaluation.py prints while it scores, in its order: per interaction, the
/// progress line (every tenth), then its rejected turns.
std::string scoringLines(const Evaluation& evaluation, const SubmissionInputs& inputs, bool match)
{
    std::vector<uint32_t> turns = inputs.interactionTurns;
    // A file without blank lines is one interaction to evaluation.py (so it never prints a progress line).
    if (turns.empty()) turns.assign(1, static_cast<uint32_t>(inputs.gold.size()));
    std::string out;
    std::size_t item = 0;
    for (std::size_t interaction = 0; interaction < turns.size(); ++interaction) {
        if ((interaction + 1) % 10 == 0) out += fmt::format("Evaluating {}th prediction\n", interaction + 1);
        for (uint32_t turn = 0; turn < turns[interaction] && item < evaluation.items.size(); ++turn, ++item) {
            const auto& metrics = evaluation.items[item];
            if (match && metrics.esm != true) out += rejectedItem(metrics, inputs);
        }
    }
    return out;
}

} // namespace

Result<std::string> officialEvaluationOutput(SubmissionInputs inputs, const OfficialEvaluationOptions& options,
                                             const suite::ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    const bool match = options.etype != "exec";
    const bool exec = options.etype != "match";
    inputs.suites = exec ? options.databases : std::filesystem::path();
    inputs.originalDatabases.clear();
    EvaluationOptions evaluation;
    evaluation.metrics = {.esm = match, .exec = false, .testSuite = exec, .sqlEval = false, .pcmF1 = false,
                          .sqleq = false};
    evaluation.settings.plugValue = options.plugValue;
    evaluation.settings.keepDistinct = options.keepDistinct;
    evaluation.settings.jobs = options.jobs;
    auto result = evaluateSubmission(inputs, evaluation, progress, cancel);
    if (!result) return result.error();
    // The folder's verdict is what evaluation.py calls execution accuracy.
    for (auto& item : result->items) {
        item.exec = item.testSuite;
        item.testSuite.reset();
    }
    result->computed.exec = result->computed.testSuite;
    result->computed.testSuite = false;
    return scoringLines(*result, inputs, match) + formatHardnessReport(*result) + formatTurnReport(*result);
}

} // namespace sqleq::evaluation
