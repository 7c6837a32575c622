// Reading annotation TSVs (esm_false_negatives.tsv and sqleq's own exports) and
// matching their rows to a project's items. Rows name their pair by content, since
// the original table comes from many submissions and has no item index; matching
// collapses whitespace (the corpus re-spaced the gold queries) but keeps case.

#include "core/audit/audit.h"

#include "core/audit/tsv_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <tuple>

namespace sqleq::audit {
namespace {

constexpr std::string_view kWhitespace = " \t\r\n\f\v";

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
        m_report.warnings.push_back(fmt::format("line {}: item {} holds another pair; matched by database, gold and "
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
    m_report.warnings.push_back(fmt::format("line {}: replaces line {} for item {} (annotator {})", lineNumber,
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
        m_report.warnings.push_back(fmt::format("line {}: no item has this database, gold and pred", lineNumber));
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
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
    if (text.starts_with(kByteOrderMark)) text.remove_prefix(kByteOrderMark.size());
    std::size_t lineNumber = 0;
    bool headerRead = false;
    while (!text.empty()) {
        const auto newline = text.find('\n');
        auto line = text.substr(0, newline);
        text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
        ++lineNumber;
        if (line.ends_with('\r')) line.remove_suffix(1);
        if (!headerRead) {
            if (auto status = readHeader(line); !status) return status.error();
            headerRead = true;
            continue;
        }
        if (trim(line).empty()) continue;
        if (auto status = readRow(line, lineNumber); !status) return status.error();
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
