// Inline-or-file SQL options for sqleq-cli commands.

#include "app/cli/sql_source.h"

#include "core/dataset/spider_files.h"

#include <fmt/format.h>

namespace sqleq::cli {

void addSqlSourceOptions(CLI::App& command, SqlSource& source, const std::string& description)
{
    auto* inline_ = command.add_option("--" + source.name, source.text, description + " (SQL text)");
    auto* file = command.add_option("--" + source.name + "-file", source.file,
                                    description + " (read from a file)")
                     ->check(CLI::ExistingFile);
    inline_->excludes(file);
    file->excludes(inline_);
}

Result<std::string> readSqlSource(const SqlSource& source)
{
    const FileLimit limit{input_limits::kSqlText, "SQL file"};
    if (!source.file.empty()) return dataset::readTextFile(source.file, limit);
    if (source.text.empty()) {
        return Diagnostic{"cli.missing", fmt::format("--{0} or --{0}-file is required", source.name), {}, {}};
    }
    if (source.text.size() > limit.maxBytes)
        return tooLargeError("--" + source.name, source.text.size(), {limit.maxBytes, "one query"});
    return source.text;
}

} // namespace sqleq::cli
