// Rows of the project file: sources, items with metrics, reasons. The metrics
// columns follow evaluation::itemsTsv's names; component scores are not stored.

#include "core/audit/store_rows.h"

#include "core/audit/store_sql.h"
#include "core/base/text_excerpt.h"
#include "core/fuzz/profile.h"
#include "core/inspect/settings_json.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <fmt/ranges.h>
#include <sqlite3.h>

#include <array>
#include <charconv>
#include <optional>

namespace sqleq::audit::detail {
namespace {

constexpr const char* kItemColumns =
    "item_index, db_id, question, gold, prediction, hardness, esm, exec, testsuite, sqleval, pcm_f1, "
    "testsuite_verdict, separating_db, notes, sqleq, testsuite_false_positive, sqleq_found_by, proved";
// Older formats lack columns: the values they get on an upgrade stand in.
constexpr const char* kItemColumnsFormat1 =
    "item_index, db_id, question, gold, prediction, hardness, esm, exec, testsuite, sqleval, pcm_f1, "
    "testsuite_verdict, separating_db, notes, NULL, 0, '', NULL";
constexpr const char* kItemColumnsFormat2 =
    "item_index, db_id, question, gold, prediction, hardness, esm, exec, testsuite, sqleval, pcm_f1, "
    "testsuite_verdict, separating_db, notes, sqleq, testsuite_false_positive, sqleq_found_by, NULL";

const char* itemColumns(std::int32_t version)
{
    if (version == 1) return kItemColumnsFormat1;
    if (version == 2) return kItemColumnsFormat2;
    return kItemColumns;
}

/// Notes as one JSON array of {metric, reason, detail} (evaluation::noteJson), or ""
/// when there are none. Projects of earlier versions hold one "metric: sentence" line
/// per note here instead; splitNotes reads both, so no format version was needed, and an
/// older version reading a newer project shows the array as one note's text.
std::string joinNotes(const std::vector<evaluation::ItemNote>& notes)
{
    if (notes.empty()) return {};
    nlohmann::json array = nlohmann::json::array();
    for (const auto& note : notes) array.push_back(evaluation::noteJson(note));
    return array.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::vector<evaluation::ItemNote> splitNotes(const std::string& joined)
{
    std::vector<evaluation::ItemNote> notes;
    if (joined.starts_with('[')) {
        const auto array = nlohmann::json::parse(joined, nullptr, false);
        if (array.is_array()) {
            for (const auto& element : array) {
                if (auto note = evaluation::noteFromJson(element)) notes.push_back(std::move(*note));
                else notes.push_back({std::nullopt, evaluation::NoteReason::Other, element.dump()});
            }
            return notes;
        }
    }
    // An older project: one note per line, "metric: sentence" (no stored note starts with '[').
    std::size_t start = 0;
    while (start < joined.size()) {
        const auto end = joined.find('\n', start);
        notes.push_back(evaluation::noteFromText(
            std::string_view(joined).substr(start, end == std::string::npos ? std::string::npos : end - start)));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return notes;
}

std::optional<metrics::Hardness> hardnessFromName(const std::string& name)
{
    for (auto hardness : {metrics::Hardness::Easy, metrics::Hardness::Medium, metrics::Hardness::Hard,
                          metrics::Hardness::Extra}) {
        if (metrics::hardnessName(hardness) == name) return hardness;
    }
    return std::nullopt;
}

// Binds the thirteen metric columns (hardness … proved) starting at parameter `first`.
void bindMetrics(StoreStatement& statement, int first, const evaluation::ItemMetrics& metrics)
{
    if (metrics.hardness) statement.bindText(first, metrics::hardnessName(*metrics.hardness));
    else statement.bindNull(first);
    statement.bindOptionalBool(first + 1, metrics.esm);
    statement.bindOptionalBool(first + 2, metrics.exec);
    statement.bindOptionalBool(first + 3, metrics.testSuite);
    statement.bindOptionalBool(first + 4, metrics.sqlEval);
    if (metrics.pcmF1) statement.bindDouble(first + 5, *metrics.pcmF1);
    else statement.bindNull(first + 5);
    statement.bindText(first + 6, metrics.testSuiteVerdict);
    statement.bindInt(first + 7, metrics.separatingDatabase);
    statement.bindText(first + 8, joinNotes(metrics.notes));
    statement.bindOptionalBool(first + 9, metrics.sqleq);
    statement.bindInt(first + 10, metrics.testSuiteFalsePositive ? 1 : 0);
    statement.bindText(first + 11, metrics.sqleqFoundBy);
    // Proved or not only where sqleq judged the item, as the items table has it.
    statement.bindOptionalBool(first + 12, metrics.sqleq ? std::optional<bool>(metrics.proved) : std::nullopt);
}

AuditItem itemFromRow(const StoreStatement& row)
{
    AuditItem item;
    item.index = static_cast<std::size_t>(row.integer(0));
    item.dbId = row.text(1);
    item.question = row.text(2);
    item.gold = row.text(3);
    item.prediction = row.text(4);
    auto& metrics = item.metrics;
    metrics.index = item.index;
    metrics.dbId = item.dbId;
    if (!row.isNull(5)) metrics.hardness = hardnessFromName(row.text(5));
    metrics.esm = row.optionalBool(6);
    metrics.exec = row.optionalBool(7);
    metrics.testSuite = row.optionalBool(8);
    metrics.sqlEval = row.optionalBool(9);
    if (!row.isNull(10)) metrics.pcmF1 = row.real(10);
    metrics.testSuiteVerdict = row.text(11);
    metrics.separatingDatabase = static_cast<int>(row.integer(12));
    metrics.notes = splitNotes(row.text(13));
    metrics.sqleq = row.optionalBool(14);
    metrics.testSuiteFalsePositive = row.integer(15) != 0;
    metrics.sqleqFoundBy = row.text(16);
    metrics.proved = row.optionalBool(17).value_or(false);
    return item;
}

/// Optional (multi-turn projects only): the turns of each interaction, "2,0,6,1".
constexpr const char* kInteractionTurnsKey = "interaction_turns";
/// Every setting, in CheckSettings' JSON form (settings_json.h).
constexpr const char* kSettingsKey = "settings";

std::optional<std::vector<uint32_t>> parseInteractionTurns(std::string_view text)
{
    std::vector<uint32_t> turns;
    while (!text.empty()) {
        const auto comma = text.find(',');
        const auto field = text.substr(0, comma);
        uint32_t value = 0;
        const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
        if (error != std::errc() || end != field.data() + field.size() || field.empty()) return std::nullopt;
        turns.push_back(value);
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    }
    return turns;
}

std::array<std::pair<const char*, std::string>, 9> sourcePairs(const ProjectSources& sources)
{
    return {{{"gold", sources.gold},
             {"predictions", sources.predictions},
             {"tables", sources.tables},
             {"original_databases", sources.originalDatabases},
             {"suites", sources.suites},
             {"questions", sources.questions},
             // Every format requires these two keys (store_verify.cpp): they are written for
             // the readers that know no `settings`; when both are there, `settings` decides.
             {"plug_value", sources.settings.plugValue ? "1" : "0"},
             {"keep_distinct", sources.settings.keepDistinct ? "1" : "0"},
             {kSettingsKey, inspect::settingsJson(sources.settings).dump()}}};
}

/// One of the keys older projects kept a setting under, into `settings`; false when
/// the value does not parse.
bool readLegacySetting(inspect::CheckSettings& settings, std::string_view key, const std::string& value)
{
    if (key == "plug_value" || key == "keep_distinct") {
        (key == "plug_value" ? settings.plugValue : settings.keepDistinct) = value == "1";
        return true;
    }
    if (key == "profile") {
        const auto profile = fuzz::parseProfile(value);
        if (profile) settings.profile = *profile;
        return profile.has_value();
    }
    uint64_t number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc() || end != value.data() + value.size() || value.empty()) return false;
    if (key == "seed") settings.seed = number;
    else settings.searchBudget = static_cast<std::size_t>(number);
    return true;
}

} // namespace

Status insertSources(sqlite3* db, const std::filesystem::path& file, const ProjectSources& sources)
{
    auto insert = StoreStatement::prepare(db, file, "INSERT INTO project (key, value) VALUES (?1, ?2)");
    if (!insert) return insert.error();
    for (const auto& [key, value] : sourcePairs(sources)) {
        insert->bindText(1, key);
        insert->bindText(2, value);
        if (auto status = insert->run(); !status) return status;
        insert->reset();
    }
    if (sources.interactionTurns.empty()) return {};
    insert->bindText(1, kInteractionTurnsKey);
    insert->bindText(2, fmt::format("{}", fmt::join(sources.interactionTurns, ",")));
    return insert->run();
}

Result<ProjectSources> readSources(sqlite3* db, const std::filesystem::path& file)
{
    auto select = StoreStatement::prepare(db, file, "SELECT key, value FROM project");
    if (!select) return select.error();
    ProjectSources sources;
    std::optional<std::string> settingsText;
    // Unknown keys are skipped: a later minor format may add some.
    for (std::size_t rows = 0;; ++rows) {
        auto row = select->step();
        if (!row) return row.error();
        if (!*row) break;
        if (rows == StoreLimits::kMaxProjectKeys) return tooManyRows(file, "project", rows);
        const auto key = select->text(0);
        auto value = select->text(1);
        if (key == "gold") sources.gold = std::move(value);
        else if (key == "predictions") sources.predictions = std::move(value);
        else if (key == "tables") sources.tables = std::move(value);
        else if (key == "original_databases") sources.originalDatabases = std::move(value);
        else if (key == "suites") sources.suites = std::move(value);
        else if (key == "questions") sources.questions = std::move(value);
        else if (key == kSettingsKey) settingsText = std::move(value);
        else if (key == "plug_value" || key == "keep_distinct" || key == "profile" || key == "seed"
                 || key == "search_budget") {
            if (!readLegacySetting(sources.settings, key, value))
                return Diagnostic{"audit.open", fmt::format("{}: the project key {} holds '{}', which is not a {}",
                                                            file.string(), key, excerpt(value, 40),
                                                            key == "profile" ? "profile (spider or strict)"
                                                                             : "non-negative integer"), {}, {}};
        }
        else if (key == kInteractionTurnsKey) {
            auto turns = parseInteractionTurns(value);
            if (!turns) return Diagnostic{"audit.open", fmt::format("{}: the project key {} is not a comma-separated "
                                                                    "list of turn counts", file.string(),
                                                                    kInteractionTurnsKey), {}, {}};
            sources.interactionTurns = std::move(*turns);
        }
    }
    if (settingsText) {
        const nlohmann::json parsed = nlohmann::json::parse(*settingsText, nullptr, false);
        auto settings = inspect::settingsFromJson(parsed, sources.settings, kSettingsKey);
        if (!settings)
            return Diagnostic{"audit.open", fmt::format("{}: the project key {} is not valid: {}", file.string(),
                                                        kSettingsKey, settings.error().message), {}, {}};
        sources.settings = *settings;
    }
    return sources;
}

Status insertItems(sqlite3* db, const std::filesystem::path& file, const std::vector<AuditItem>& items)
{
    auto insert = StoreStatement::prepare(
        db, file, fmt::format("INSERT INTO items ({}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
                              kItemColumns));
    if (!insert) return insert.error();
    for (const auto& item : items) {
        insert->bindInt(1, static_cast<std::int64_t>(item.index));
        insert->bindText(2, item.dbId);
        insert->bindText(3, item.question);
        insert->bindText(4, item.gold);
        insert->bindText(5, item.prediction);
        bindMetrics(*insert, 6, item.metrics);
        if (auto status = insert->run(); !status) {
            return Diagnostic{"audit.create", fmt::format("item {}: {}", item.index, status.error().message), {}, {}};
        }
        insert->reset();
    }
    return {};
}

Diagnostic tooManyRows(const std::filesystem::path& file, std::string_view table, std::size_t limit)
{
    return Diagnostic{"audit.limit",
                      fmt::format("{}: the table {} holds more than {} rows, the store's limit", file.string(), table,
                                  limit),
                      {}, {}};
}

Result<std::vector<AuditItem>> readItems(sqlite3* db, const std::filesystem::path& file, std::int32_t version)
{
    auto select = StoreStatement::prepare(
        db, file,
        fmt::format("SELECT {} FROM items ORDER BY item_index", itemColumns(version)));
    if (!select) return select.error();
    std::vector<AuditItem> items;
    for (;;) {
        auto row = select->step();
        if (!row) return row.error();
        if (!*row) break;
        if (items.size() == StoreLimits::kMaxItems) return tooManyRows(file, "items", items.size());
        items.push_back(itemFromRow(*select));
    }
    return items;
}

Status updateItemMetrics(sqlite3* db, const std::filesystem::path& file,
                         const std::vector<evaluation::ItemMetrics>& metrics)
{
    auto update = StoreStatement::prepare(db, file,
                                          "UPDATE items SET hardness = ?1, esm = ?2, exec = ?3, testsuite = ?4, "
                                          "sqleval = ?5, pcm_f1 = ?6, testsuite_verdict = ?7, separating_db = ?8, "
                                          "notes = ?9, sqleq = ?10, testsuite_false_positive = ?11, "
                                          "sqleq_found_by = ?12, proved = ?13 WHERE item_index = ?14");
    if (!update) return update.error();
    for (const auto& item : metrics) {
        bindMetrics(*update, 1, item);
        update->bindInt(14, static_cast<std::int64_t>(item.index));
        if (auto status = update->run(); !status) return status;
        if (sqlite3_changes(db) == 0) {
            return Diagnostic{"audit.metrics", fmt::format("{}: no item {}", file.string(), item.index), {}, {}};
        }
        update->reset();
    }
    return {};
}

Status insertReason(sqlite3* db, const std::filesystem::path& file, const std::string& reason)
{
    if (reason.empty()) {
        return Diagnostic{"audit.reason", fmt::format("{}: a reason cannot be empty", file.string()), {}, {}};
    }
    auto insert = StoreStatement::prepare(
        db, file,
        "INSERT INTO reasons (text, position) SELECT ?1, (SELECT COALESCE(MAX(position), -1) + 1 FROM reasons) "
        "WHERE NOT EXISTS (SELECT 1 FROM reasons WHERE text = ?1)");
    if (!insert) return insert.error();
    insert->bindText(1, reason);
    return insert->run();
}

Result<bool> itemExists(sqlite3* db, const std::filesystem::path& file, std::size_t index)
{
    auto select = StoreStatement::prepare(db, file, "SELECT 1 FROM items WHERE item_index = ?1");
    if (!select) return select.error();
    select->bindInt(1, static_cast<std::int64_t>(index));
    return select->step();
}

} // namespace sqleq::audit::detail
