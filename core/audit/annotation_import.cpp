// Reading annotation TSVs (esm_false_negatives.tsv and sqleq's own exports) and
// matching their rows to a project's items. Rows name their pair by content, since
// the original table comes from many submissions and has no item index; matching
// collapses whitespace (the corpus re-spaced the gold queries) but keeps case.

#include "core/audit/audit.h"

#include "core/audit/tsv_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <map>
#include <optional>
#include <tuple>

namespace sqleq::audit {
namespace {

constexpr std::string_view kWhitespace = " \t\r\n\f\v";

// An annotation TSV comes from anywhere (a download, another tool): the bounds
// below keep a hostile one from exhausting memory, and every refusal names the
// line and byte. Real files are far smaller: esm_false_negatives.tsv is 29 KB.
constexpr std::size_t kMaxTextBytes = 64u << 20;
constexpr std::size_t kMaxLineBytes = 4u << 20;  ///< two SQL texts at the SQL cap and a note
constexpr std::size_t kMaxFields = 64;
constexpr std::size_t kMaxWarnings = 1000;

// The length of the valid UTF-8 sequence at the start of `text`, 0 when invalid
// (overlong forms, surrogates and code points past U+10FFFF are invalid too).
std::size_t utf8SequenceLength(std::string_view text)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(0);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the second byte's range
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead == 0xE0) { length = 3; low = 0xA0; }
    else if (lead >= 0xE1 && lead <= 0xEC) length = 3;
    else if (lead == 0xED) { length = 3; high = 0x9F; }
    else if (lead >= 0xEE && lead <= 0xEF) length = 3;
    else if (lead == 0xF0) { length = 4; low = 0x90; }
    else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
    else if (lead == 0xF4) { length = 4; high = 0x8F; }
    else return 0;
    if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i) {
        if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
    }
    return length;
}

// The offset within `line` of its first NUL byte or invalid UTF-8, with what it is.
std::optional<std::pair<std::size_t, const char*>> firstBadByte(std::string_view line)
{
    for (std::size_t i = 0; i < line.size();) {
        if (line[i] == '\0') return std::make_pair(i, "a NUL byte (is this a text file?)");
        const auto length = utf8SequenceLength(line.substr(i));
        if (length == 0) return std::make_pair(i, "invalid UTF-8");
        i += length;
    }
    return std::nullopt;
}

std::string_view trim(std::string_view text)
{
    const auto begin = text.find_first_not_of(kWhitespace);
    if (begin == std::string_view::npos) return {};
    return text.substr(begin, text.find_last_not_of(kWhitespace) - begin + 1);
}

std::string collapseWhitespace(std::string_view text)
{
    std::string collapsed;
    std::size_t position = 0;
    while ((position = text.find_first_not_of(kWhitespace, position)) != std::string_view::npos) {
        const auto end = std::min(text.find_first_of(kWhitespace, position), text.size());
        if (!collapsed.empty()) collapsed += ' ';
        collapsed.append(text.substr(position, end - position));
        position = end;
    }
    return collapsed;
}

std::string pairKey(std::string_view dbId, std::string_view gold, std::string_view pred)
{
    // The unit separator never occurs in SQL text, so the key is unambiguous.
    return fmt::format("{}\x1f{}\x1f{}", trim(dbId), collapseWhitespace(gold), collapseWhitespace(pred));
}

std::vector<std::string_view> splitTabs(std::string_view line)
{
    std::vector<std::string_view> fields;
    for (;;) {
        const auto tab = line.find('\t');
        fields.push_back(line.substr(0, tab));
        if (tab == std::string_view::npos) return fields;
        line.remove_prefix(tab + 1);
    }
}

// Which column holds what; -1 for an optional column the file does not have.
struct ColumnMap {
    std::map<std::string_view, int> positions;
    std::size_t headerWidth = 0;
    std::size_t requiredWidth = 0;  ///< fields a row needs to reach every required column

    [[nodiscard]] std::string_view cell(const std::vector<std::string_view>& fields, std::string_view column) const
    {
        const auto found = positions.find(column);
        if (found == positions.end()) return {};
        const auto position = static_cast<std::size_t>(found->second);
        return position < fields.size() ? fields[position] : std::string_view{};
    }
};

class TsvImporter {
public:
    TsvImporter(const std::vector<AuditItem>& items, const std::string& defaultAnnotator, std::string_view source)
        : m_items(items), m_defaultAnnotator(defaultAnnotator), m_source(source)
    {
        for (std::size_t i = 0; i < items.size(); ++i) {
            m_byPair[pairKey(items[i].dbId, items[i].gold, items[i].prediction)].push_back(i);
            m_byIndex.emplace(items[i].index, i);
        }
    }

    Result<ImportReport> run(std::string_view text);

private:
    Diagnostic error(std::size_t line, const std::string& what) const
    {
        return Diagnostic{"audit.import", fmt::format("{}: line {}: {}", m_source, line, what), {}, {}};
    }
    /// An error at a byte of the text: "line 3, byte 17" (1-based), with the span set.
    Diagnostic errorAt(std::size_t line, std::size_t byteInLine, std::size_t offset, const std::string& what) const
    {
        const auto begin = static_cast<std::uint32_t>(offset);
        return Diagnostic{"audit.import", fmt::format("{}: line {}, byte {}: {}", m_source, line, byteInLine + 1, what),
                          SourceSpan{begin, begin + 1}, {}};
    }
    Status checkLine(std::string_view line, std::size_t lineNumber, std::size_t offset) const;
    void warn(std::string warning);
    Status readHeader(std::string_view line);
    Status readRow(std::string_view line, std::size_t lineNumber);
    Result<std::vector<std::size_t>> matchRow(const std::vector<std::string_view>& fields, std::size_t lineNumber);
    void record(Annotation annotation, std::size_t lineNumber);

    const std::vector<AuditItem>& m_items;
    const std::string& m_defaultAnnotator;
    std::string_view m_source;
    std::map<std::string, std::vector<std::size_t>> m_byPair;  ///< pair key → positions in m_items
    std::map<std::size_t, std::size_t> m_byIndex;              ///< item index → position in m_items
    ColumnMap m_columns;
    ImportReport m_report;
    std::map<std::pair<std::size_t, std::string>, std::pair<std::size_t, std::size_t>> m_recorded;  ///< → (slot, line)
};

void TsvImporter::warn(std::string warning)
{
    if (m_report.warnings.size() < kMaxWarnings) m_report.warnings.push_back(std::move(warning));
    else ++m_report.warningsNotListed;
}

Status TsvImporter::checkLine(std::string_view line, std::size_t lineNumber, std::size_t offset) const
{
    if (line.size() > kMaxLineBytes) {
        return errorAt(lineNumber, kMaxLineBytes, offset + kMaxLineBytes,
                       fmt::format("the line is longer than {} MiB, the limit of a line", kMaxLineBytes >> 20));
    }
    if (const auto bad = firstBadByte(line)) return errorAt(lineNumber, bad->first, offset + bad->first, bad->second);
    if (static_cast<std::size_t>(std::count(line.begin(), line.end(), '\t')) >= kMaxFields) {
        return error(lineNumber, fmt::format("more than {} fields", kMaxFields));
    }
    return {};
}

Status TsvImporter::readHeader(std::string_view line)
{
    const auto names = splitTabs(line);
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto name = trim(names[i]);
        for (auto known : detail::kRequiredColumns) {
            if (name == known) m_columns.positions.emplace(known, static_cast<int>(i));
        }
        for (auto known : detail::kExtraColumns) {
            if (name == known) m_columns.positions.emplace(known, static_cast<int>(i));
        }
    }
    for (auto required : detail::kRequiredColumns) {
        const auto found = m_columns.positions.find(required);
        if (found == m_columns.positions.end()) {
            return error(1, fmt::format("the header has no column \"{}\" (expected: database name, gold, pred, "
                                        "equivalent reason, note; optionally verdict, annotator, index)",
                                        required));
        }
        m_columns.requiredWidth = std::max(m_columns.requiredWidth, static_cast<std::size_t>(found->second) + 1);
    }
    m_columns.headerWidth = names.size();
    return {};
}

Result<std::vector<std::size_t>> TsvImporter::matchRow(const std::vector<std::string_view>& fields,
                                                       std::size_t lineNumber)
{
    const auto found = m_byPair.find(pairKey(m_columns.cell(fields, detail::kColumnDatabase),
                                             m_columns.cell(fields, detail::kColumnGold),
                                             m_columns.cell(fields, detail::kColumnPred)));
    std::vector<std::size_t> candidates;
    if (found != m_byPair.end()) candidates = found->second;

    const auto indexCell = trim(m_columns.cell(fields, detail::kColumnIndex));
    if (indexCell.empty()) return candidates;
    std::size_t index = 0;
    const auto [end, status] = std::from_chars(indexCell.data(), indexCell.data() + indexCell.size(), index);
    if (status != std::errc() || end != indexCell.data() + indexCell.size()) {
        return error(lineNumber, fmt::format("the index \"{}\" is not a number", indexCell));
    }
    // The index picks one item among those holding the pair; a stale index (the
    // pair moved, e.g. another ordering of the gold file) falls back to the content.
    const auto byIndex = m_byIndex.find(index);
    if (byIndex != m_byIndex.end() && std::find(candidates.begin(), candidates.end(), byIndex->second) != candidates.end()) {
        return std::vector<std::size_t>{byIndex->second};
    }
    if (!candidates.empty()) {
        warn(fmt::format("line {}: item {} holds another pair; matched by database, gold and "
                                                "pred instead",
                                                lineNumber, index));
    }
    return candidates;
}

void TsvImporter::record(Annotation annotation, std::size_t lineNumber)
{
    const auto key = std::make_pair(annotation.itemIndex, annotation.annotator);
    const auto previous = m_recorded.find(key);
    if (previous == m_recorded.end()) {
        m_recorded.emplace(key, std::make_pair(m_report.annotations.size(), lineNumber));
        m_report.annotations.push_back(std::move(annotation));
        return;
    }
    warn(fmt::format("line {}: replaces line {} for item {} (annotator {})", lineNumber,
                                            previous->second.second, annotation.itemIndex, annotation.annotator));
    m_report.annotations[previous->second.first] = std::move(annotation);
    previous->second.second = lineNumber;
}

Status TsvImporter::readRow(std::string_view line, std::size_t lineNumber)
{
    const auto fields = splitTabs(line);
    if (fields.size() < m_columns.requiredWidth || fields.size() > m_columns.headerWidth) {
        return error(lineNumber, fmt::format("{} fields, but the header has {} columns (a tab or newline inside a "
                                             "field?)",
                                             fields.size(), m_columns.headerWidth));
    }
    ++m_report.rows;
    auto matched = matchRow(fields, lineNumber);
    if (!matched) return matched.error();
    if (matched->empty()) {
        ++m_report.unmatched;
        warn(fmt::format("line {}: no item has this database, gold and pred", lineNumber));
    } else {
        ++m_report.matched;
    }

    const auto reason = std::string(trim(m_columns.cell(fields, detail::kColumnReason)));
    const auto verdictCell = trim(m_columns.cell(fields, detail::kColumnVerdict));
    std::optional<Verdict> verdict;
    if (!verdictCell.empty()) {
        verdict = verdictFromName(verdictCell);
        if (!verdict) {
            return error(lineNumber, fmt::format("unknown verdict \"{}\" (expected equivalent, not_equivalent or "
                                                 "unsure)",
                                                 verdictCell));
        }
    } else if (!reason.empty()) {
        verdict = Verdict::Equivalent;  // the meaning of esm_false_negatives.tsv's reason column
    } else {
        ++m_report.withoutVerdict;
        return {};
    }

    const auto annotatorCell = trim(m_columns.cell(fields, detail::kColumnAnnotator));
    const std::string annotator = annotatorCell.empty() ? m_defaultAnnotator : std::string(annotatorCell);
    if (annotator.empty()) return error(lineNumber, "no annotator column and no default annotator given");
    for (const auto position : *matched) {
        Annotation annotation;
        annotation.itemIndex = m_items[position].index;
        annotation.annotator = annotator;
        annotation.verdict = *verdict;
        annotation.reason = reason;
        annotation.note = std::string(trim(m_columns.cell(fields, detail::kColumnNote)));
        record(std::move(annotation), lineNumber);
    }
    return {};
}

Result<ImportReport> TsvImporter::run(std::string_view text)
{
    if (text.size() > kMaxTextBytes) {
        return Diagnostic{"audit.import",
                          fmt::format("{}: {} bytes, more than the {} MiB an annotation TSV may have", m_source,
                                      text.size(), kMaxTextBytes >> 20),
                          {}, {}};
    }
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
    const std::string_view whole = text;
    if (text.starts_with(kByteOrderMark)) text.remove_prefix(kByteOrderMark.size());
    std::size_t lineNumber = 0;
    bool headerRead = false;
    while (!text.empty()) {
        const auto newline = text.find('\n');
        auto line = text.substr(0, newline);
        const auto offset = static_cast<std::size_t>(line.data() - whole.data());
        text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
        ++lineNumber;
        if (auto checked = checkLine(line, lineNumber, offset); !checked) return checked.error();
        if (line.ends_with('\r')) line.remove_suffix(1);
        if (!headerRead) {
            if (auto status = readHeader(line); !status) return status.error();
            headerRead = true;
            continue;
        }
        if (trim(line).empty()) continue;
        if (auto status = readRow(line, lineNumber); !status) return status.error();
        if (m_report.annotations.size() > StoreLimits::kMaxAnnotations) {
            return error(lineNumber, fmt::format("more than {} annotations, the most a project may hold",
                                                 StoreLimits::kMaxAnnotations));
        }
    }
    if (!headerRead) return error(1, "empty file, expected a header line");
    std::sort(m_report.annotations.begin(), m_report.annotations.end(), [](const Annotation& a, const Annotation& b) {
        return std::tie(a.itemIndex, a.annotator) < std::tie(b.itemIndex, b.annotator);
    });
    return std::move(m_report);
}

} // namespace

Result<ImportReport> importAnnotationsTsv(std::string_view tsvText, const std::vector<AuditItem>& items,
                                          const std::string& defaultAnnotator, std::string_view source)
{
    return TsvImporter(items, defaultAnnotator, source).run(tsvText);
}

} // namespace sqleq::audit
