// Splitting dev_questions.tsv-style files into (index, db_id, question).

#include "core/dataset/questions_file.h"

#include "core/dataset/spider_files.h"

#include <fmt/format.h>

#include <charconv>
#include <string_view>

namespace sqleq::dataset {
namespace {

Diagnostic lineError(const std::string& path, uint32_t line, const std::string& what)
{
    return Diagnostic{"dataset.questions", fmt::format("{}: line {}: {}", path, line, what), {}, {}};
}

} // namespace

Result<std::vector<Question>> readQuestionsFile(const std::string& path)
{
    auto text = readTextFile(path, {input_limits::kDatasetFile, "questions file"});
    if (!text) return text.error();
    std::vector<Question> questions;
    std::string_view rest = *text;
    uint32_t lineNumber = 0;
    while (!rest.empty()) {
        const auto newline = rest.find('\n');
        auto line = rest.substr(0, newline);
        rest = newline == std::string_view::npos ? std::string_view{} : rest.substr(newline + 1);
        ++lineNumber;
        if (line.ends_with('\r')) line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
        const auto firstTab = line.find('\t');
        const auto secondTab = firstTab == std::string_view::npos ? firstTab : line.find('\t', firstTab + 1);
        if (secondTab == std::string_view::npos) {
            return lineError(path, lineNumber, "expected three tab-separated fields: index, db_id, question");
        }
        const auto indexField = line.substr(0, firstTab);
        if (lineNumber == 1 && indexField == "index") continue;
        Question question;
        const auto [end, status] = std::from_chars(indexField.data(), indexField.data() + indexField.size(),
                                                   question.index);
        if (status != std::errc() || end != indexField.data() + indexField.size()) {
            return lineError(path, lineNumber, fmt::format("the index \"{}\" is not a number", indexField));
        }
        question.dbId = std::string(line.substr(firstTab + 1, secondTab - firstTab - 1));
        question.text = std::string(line.substr(secondTab + 1));
        question.line = lineNumber;
        questions.push_back(std::move(question));
    }
    return questions;
}

} // namespace sqleq::dataset
