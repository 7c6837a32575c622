// BIRD description files: decoding (UTF-8 or cp1252), RFC 4180 CSV with quoted
// newlines, header lookup by name, and the folder rule beside a schema file.

#include "core/dataset/column_descriptions.h"
#include "core/dataset/dataset_layout.h"

#include "core/base/capped_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
#include <system_error>

namespace sqleq::dataset {
namespace {

namespace fs = std::filesystem;

Diagnostic csvError(const std::string& fileName, uint32_t line, std::string_view what)
{
    return Diagnostic{"dataset.csv", fmt::format("{}: line {}: {}", fileName, line, what), {}, {}};
}

bool validUtf8(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
        if (length == 0 || (length == 2 && lead < 0xC2) || i + length > text.size()) return false;
        for (std::size_t k = 1; k < length; ++k) {
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
        }
        i += length;
    }
    return true;
}

void appendUtf8(std::string& out, char32_t code)
{
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

/// cp1252's characters for the bytes 0x80-0x9F (the five it leaves undefined keep
/// their Latin-1 code point).
constexpr std::array<char16_t, 32> k80to9F{
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

/// cp1252 to UTF-8.
std::string fromCp1252(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        appendUtf8(out, byte >= 0x80 && byte < 0xA0 ? char32_t(k80to9F[byte - 0x80]) : char32_t(byte));
    }
    return out;
}

/// UTF-8 whose C1 controls (U+0080-U+009F) become cp1252's characters: a cp1252 file
/// once converted as if it were Latin-1 turns its bullets into U+0095, and no
/// description means a control character.
std::string repairC1(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        if (text[i] == '\xC2' && next >= 0x80 && next < 0xA0) {
            appendUtf8(out, char32_t(k80to9F[next - 0x80]));
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::string decode(std::string_view raw)
{
    if (raw.starts_with("\xEF\xBB\xBF")) raw.remove_prefix(3);
    return validUtf8(raw) ? repairC1(raw) : fromCp1252(raw);
}

std::string trimmed(std::string_view text)
{
    const auto begin = text.find_first_not_of(" \t\r\n");
    if (begin == std::string_view::npos) return {};
    const auto end = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(begin, end - begin + 1));
}

std::string lowered(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

struct CsvRecord {
    std::vector<std::string> fields;
    uint32_t line = 0;
};

/// RFC 4180 records: quoted fields may hold commas, doubled quotes and newlines (CR LF
/// read as LF); CR LF and LF both end a record; blank records are skipped.
Result<std::vector<CsvRecord>> splitCsv(std::string_view text, const std::string& fileName)
{
    std::vector<CsvRecord> records;
    CsvRecord record{{}, 1};
    std::string field;
    uint32_t line = 1;
    uint32_t quoteOpenedOn = 0;
    bool quoted = false;
    const auto endRecord = [&] {
        record.fields.push_back(std::move(field));
        field.clear();
        const bool blank = record.fields.size() == 1 && trimmed(record.fields.front()).empty();
        if (!blank) records.push_back(std::move(record));
        record = CsvRecord{{}, line};
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') ++line;
        if (quoted) {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;  // CR LF inside quotes: a newline
            if (c != '"') field += c;
            else if (i + 1 < text.size() && text[i + 1] == '"') field += '"', ++i;
            else quoted = false;
            continue;
        }
        if (c == '"') {
            quoted = true;
            quoteOpenedOn = line;
        } else if (c == ',') {
            record.fields.push_back(std::move(field));
            field.clear();
        } else if (c == '\n') {
            endRecord();
        } else if (c != '\r') {
            field += c;
        }
    }
    if (quoted) return csvError(fileName, quoteOpenedOn, "a quoted field is never closed");
    if (!field.empty() || !record.fields.empty()) endRecord();
    return records;
}

} // namespace

const ColumnDescription* ColumnDescriptions::find(std::string_view table, std::string_view column) const
{
    const std::string wantedTable = lowered(table);
    const std::string wantedColumn = lowered(column);
    for (const auto& description : columns) {
        if (lowered(description.table) == wantedTable && lowered(description.column) == wantedColumn)
            return &description;
    }
    return nullptr;
}

Result<std::vector<ColumnDescription>> parseColumnDescriptions(std::string_view text, const std::string& table,
                                                               const std::string& fileName)
{
    auto records = splitCsv(decode(text), fileName);
    if (!records) return records.error();
    if (records->empty()) return std::vector<ColumnDescription>{};
    std::array<int, 5> at{-1, -1, -1, -1, -1};
    static constexpr std::array<std::string_view, 5> kHeader{"original_column_name", "column_name",
                                                             "column_description", "data_format",
                                                             "value_description"};
    const auto& header = records->front().fields;
    for (std::size_t i = 0; i < header.size(); ++i) {
        const auto name = lowered(trimmed(header[i]));
        for (std::size_t k = 0; k < kHeader.size(); ++k) {
            if (name == kHeader[k] && at[k] < 0) at[k] = static_cast<int>(i);
        }
    }
    if (at[0] < 0)
        return csvError(fileName, records->front().line, "the header names no original_column_name column");
    std::vector<ColumnDescription> rows;
    for (std::size_t r = 1; r < records->size(); ++r) {
        const auto& fields = (*records)[r].fields;
        const auto cell = [&](std::size_t k) {
            return at[k] >= 0 && std::size_t(at[k]) < fields.size() ? trimmed(fields[std::size_t(at[k])]) : std::string();
        };
        ColumnDescription row{table, cell(0), cell(1), cell(2), cell(3), cell(4), (*records)[r].line};
        if (!row.column.empty()) rows.push_back(std::move(row));
    }
    return rows;
}

Result<ColumnDescriptions> readColumnDescriptions(const std::filesystem::path& folder)
{
    std::error_code error;
    std::vector<fs::path> files;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        if (it->path().extension() != ".csv") continue;
        if (files.size() == kMaxDescriptionFiles)
            return Diagnostic{"dataset.too_many", fmt::format("{}: more than {} description files", folder.string(),
                                                              kMaxDescriptionFiles), {}, {}};
        files.push_back(it->path());
    }
    if (error)
        return Diagnostic{"io.open", fmt::format("{}: cannot list the folder: {}", folder.string(), error.message()),
                          {}, {}};
    std::sort(files.begin(), files.end());
    ColumnDescriptions out;
    for (const auto& file : files) {
        auto text = readFileCapped(file, {kMaxDescriptionFileBytes, "column description file"});
        if (!text) {
            out.problems.push_back(text.error());
            continue;
        }
        auto rows = parseColumnDescriptions(*text, file.stem().string(), file.string());
        if (!rows) {
            out.problems.push_back(rows.error());
            continue;
        }
        std::move(rows->begin(), rows->end(), std::back_inserter(out.columns));
    }
    return out;
}

std::optional<std::filesystem::path> descriptionFolderFor(const std::filesystem::path& schemaFile,
                                                          std::string_view dbId)
{
    if (schemaFile.extension() == ".json") return DatasetLayout{.tables = schemaFile}.descriptionFolder(dbId);
    const fs::path folder = schemaFile.parent_path() / "database_description";
    std::error_code error;
    if (!fs::is_directory(folder, error)) return std::nullopt;
    return folder;
}

} // namespace sqleq::dataset
