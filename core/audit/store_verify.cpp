// Verifying a project file before the store reads it. A `.sqleq-audit` file comes
// from another annotator, a mail, a download: it is untrusted. Its tables must be
// exactly sqleq's — the stored CREATE statements are compared byte for byte with
// those of a reference built in memory from the same DDL — so no view, trigger,
// generated column, changed CHECK or extra object can make a store query slow or
// endless; then quick_check (whose CHECK constraints are sqleq's own by then), and
// last the rows the store relies on.

#include "core/audit/audit.h"
#include "core/audit/store_schema.h"
#include "core/audit/store_sql.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace sqleq::audit::detail {
namespace {

namespace fs = std::filesystem;

struct SchemaObject {
    std::string type;
    std::string table;
    std::string sql;  ///< as normalizedSql gives it
    bool operator==(const SchemaObject&) const = default;
};

// The stored CREATE text with layout removed: whitespace runs become one space and
// none is kept beside a parenthesis or comma. The stored text is what the creating
// statement said, but an upgrade's ALTER TABLE splices its column in with a layout
// of SQLite's choosing, which need not be the same in every SQLite version.
std::string normalizedSql(std::string_view sql)
{
    std::string out;
    bool pendingSpace = false;
    for (const char c : sql) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            pendingSpace = true;
            continue;
        }
        const bool tight = c == '(' || c == ')' || c == ',';
        if (pendingSpace && !out.empty() && !tight && out.back() != '(' && out.back() != ',') out += ' ';
        pendingSpace = false;
        out += c;
    }
    return out;
}

using Schema = std::map<std::string, SchemaObject>;  ///< by name

// The required keys of the project table: every format wrote all of them.
constexpr std::array<std::string_view, 8> kProjectKeys{"gold",  "predictions", "tables",     "original_databases",
                                                       "suites", "questions",  "plug_value", "keep_distinct"};

Result<std::int64_t> integerOf(sqlite3* db, const fs::path& file, std::string_view sql)
{
    auto statement = StoreStatement::prepare(db, file, sql);
    if (!statement) return statement.error();
    auto row = statement->step();
    if (!row) return row.error();
    return *row ? statement->integer(0) : 0;
}

Result<Schema> schemaOf(sqlite3* db, const fs::path& file)
{
    auto select = StoreStatement::prepare(db, file, "SELECT type, name, tbl_name, sql FROM sqlite_master");
    if (!select) return select.error();
    Schema schema;
    for (;;) {
        auto row = select->step();
        if (!row) return row.error();
        if (!*row) break;
        if (schema.size() > 100) break;  // far more than sqleq's; the comparison will say so
        schema[select->text(1)] = SchemaObject{select->text(0), select->text(2), normalizedSql(select->text(3))};
    }
    return schema;
}

// Column names of a table as SQLite sees them (table_xinfo includes generated ones,
// with hidden > 1), for a message that says which column is missing or extra.
std::vector<std::pair<std::string, bool>> columnsOf(sqlite3* db, const fs::path& file, const std::string& table)
{
    std::vector<std::pair<std::string, bool>> columns;
    auto select = StoreStatement::prepare(db, file, "SELECT name, hidden FROM pragma_table_xinfo(?1)");
    if (!select) return columns;
    select->bindText(1, table);
    while (columns.size() <= 100) {
        auto row = select->step();
        if (!row || !*row) break;
        columns.emplace_back(select->text(0), select->integer(1) > 1);
    }
    return columns;
}

// The schemas a file of this format may hold: the reference scripts run on an
// empty in-memory database.
Result<std::vector<Schema>> referenceSchemas(std::int32_t version, const fs::path& file)
{
    std::vector<Schema> schemas;
    for (const auto& script : referenceScripts(version)) {
        sqlite3* raw = nullptr;
        sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr);
        std::unique_ptr<sqlite3, int (*)(sqlite3*)> memory(raw, sqlite3_close_v2);
        if (auto made = execSql(memory.get(), file, script.c_str()); !made) return made.error();
        auto schema = schemaOf(memory.get(), file);
        if (!schema) return schema.error();
        schemas.push_back(std::move(*schema));
    }
    return schemas;
}

std::string describeTable(sqlite3* db, const fs::path& file, const std::string& name, const SchemaObject& expected)
{
    const auto actual = columnsOf(db, file, name);
    std::set<std::string> actualNames;
    for (const auto& [column, generated] : actual) {
        if (generated) return fmt::format("the table {} has a generated column {} (sqleq's have none)", name, column);
        actualNames.insert(column);
    }
    // The reference lives in another connection; its column names come from its DDL
    // through a throwaway in-memory table of the same definition.
    sqlite3* raw = nullptr;
    sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr);
    std::unique_ptr<sqlite3, int (*)(sqlite3*)> memory(raw, sqlite3_close_v2);
    std::vector<std::string> missing;
    if (execSql(memory.get(), file, expected.sql.c_str())) {
        for (const auto& [column, generated] : columnsOf(memory.get(), file, name)) {
            if (!actualNames.erase(column)) missing.push_back(column);
        }
    }
    if (!missing.empty()) return fmt::format("the table {} lacks the column(s) {}", name, fmt::join(missing, ", "));
    if (!actualNames.empty()) {
        return fmt::format("the table {} has column(s) sqleq does not define: {}", name, fmt::join(actualNames, ", "));
    }
    return fmt::format("the table {} is not defined as sqleq defines it (its types, constraints or defaults "
                       "were changed)",
                       name);
}

// The first difference between the file's schema and every acceptable one, from
// the most telling (a table replaced by a view) to the least; nullopt when the
// file's schema is acceptable object by object.
std::optional<std::string> schemaProblem(sqlite3* db, const fs::path& file, const Schema& actual,
                                         const std::vector<Schema>& references)
{
    const Schema& canonical = references.front();
    const auto acceptable = [&](const std::string& name, const SchemaObject& object) {
        return std::any_of(references.begin(), references.end(), [&](const Schema& reference) {
            const auto found = reference.find(name);
            return found != reference.end() && found->second == object;
        });
    };
    for (const auto& [name, expected] : canonical) {
        if (expected.type != "table") continue;
        const auto found = actual.find(name);
        if (found == actual.end()) return fmt::format("the table {} is missing", name);
        if (found->second.type != "table") return fmt::format("{} is a {}, not a table", name, found->second.type);
    }
    for (const auto& [name, object] : actual) {
        if (object.type == "trigger" || object.type == "view") {
            return fmt::format("it holds a {} {} (an audit project has none)", object.type, name);
        }
    }
    for (const auto& [name, expected] : canonical) {
        const auto found = actual.find(name);
        if (expected.type == "table" && !acceptable(name, found->second)) {
            return describeTable(db, file, name, expected);
        }
    }
    for (const auto& [name, expected] : canonical) {
        const auto found = actual.find(name);
        if (found == actual.end()) return fmt::format("the {} {} is missing", expected.type, name);
        if (!acceptable(name, found->second)) {
            return fmt::format("the {} {} is not defined as sqleq defines it", expected.type, name);
        }
    }
    for (const auto& [name, object] : actual) {
        if (!canonical.count(name)) return fmt::format("it holds a {} {} that sqleq does not define", object.type, name);
    }
    return std::nullopt;
}

Status verifyCounts(sqlite3* db, const fs::path& file)
{
    const std::array<std::pair<const char*, std::size_t>, 4> tables{{{"project", StoreLimits::kMaxProjectKeys},
                                                                      {"items", StoreLimits::kMaxItems},
                                                                      {"annotations", StoreLimits::kMaxAnnotations},
                                                                      {"reasons", StoreLimits::kMaxReasons}}};
    for (const auto& [table, limit] : tables) {
        auto count = integerOf(db, file, fmt::format("SELECT count(*) FROM {}", table));
        if (!count) return count.error();
        if (static_cast<std::uint64_t>(*count) > limit) {
            return openError(file, fmt::format("the table {} has {} rows, more than the {} a project may have", table,
                                               *count, limit));
        }
    }
    return {};
}

Status verifyProjectKeys(sqlite3* db, const fs::path& file)
{
    auto select = StoreStatement::prepare(db, file, "SELECT 1 FROM project WHERE key = ?1");
    if (!select) return select.error();
    std::vector<std::string_view> missing;
    for (const auto key : kProjectKeys) {
        select->bindText(1, key);
        auto row = select->step();
        if (!row) return row.error();
        if (!*row) missing.push_back(key);
        select->reset();
    }
    if (missing.size() == kProjectKeys.size()) return openError(file, "the project table is empty (no sources)");
    if (!missing.empty()) {
        return openError(file, fmt::format("the project table lacks the key(s) {}", fmt::join(missing, ", ")));
    }
    return {};
}

// Annotations must name an existing item (the foreign key) and a listed reason
// (the store adds a reason to the list in the same transaction as its first use).
Status verifyAnnotations(sqlite3* db, const fs::path& file)
{
    auto orphans = StoreStatement::prepare(
        db, file,
        "SELECT item_index, annotator, count(*) OVER () FROM annotations "
        "WHERE item_index NOT IN (SELECT item_index FROM items) LIMIT 1");
    if (!orphans) return orphans.error();
    auto row = orphans->step();
    if (!row) return row.error();
    if (*row) {
        return openError(file, fmt::format("the annotation of item {} by \"{}\" refers to no item ({} such "
                                           "annotation(s); the items were changed)",
                                           orphans->integer(0), orphans->text(1), orphans->integer(2)));
    }
    auto unlisted = StoreStatement::prepare(
        db, file,
        "SELECT item_index, annotator, reason FROM annotations "
        "WHERE reason <> '' AND reason NOT IN (SELECT text FROM reasons) LIMIT 1");
    if (!unlisted) return unlisted.error();
    row = unlisted->step();
    if (!row) return row.error();
    if (*row) {
        return openError(file, fmt::format("the annotation of item {} by \"{}\" gives the reason \"{}\", which is "
                                           "not in the reason list",
                                           unlisted->integer(0), unlisted->text(1), unlisted->text(2)));
    }
    return {};
}

Status quickCheck(sqlite3* db, const fs::path& file)
{
    auto check = StoreStatement::prepare(db, file, "PRAGMA quick_check(1)");
    if (!check) return openError(file, fmt::format("corrupt ({})", check.error().message));
    auto row = check->step();
    if (!row) return openError(file, fmt::format("corrupt ({})", row.error().message));
    if (*row && check->text(0) != "ok") {
        auto finding = check->text(0);
        std::replace(finding.begin(), finding.end(), '\n', ' ');
        return openError(file, fmt::format("corrupt (PRAGMA quick_check: {})", finding));
    }
    return {};
}

// A file that is not a database at all fails here, with SQLite's reason.
Result<std::int32_t> verifyIdentity(sqlite3* db, const fs::path& file)
{
    auto applicationId = integerOf(db, file, "PRAGMA application_id");
    if (!applicationId) {
        const bool damaged = (sqlite3_errcode(db) & 0xff) == SQLITE_CORRUPT;
        return openError(file, fmt::format("{} ({})", damaged ? "corrupt or truncated" : "not an sqleq audit project",
                                           sqlite3_errmsg(db)));
    }
    if (*applicationId != kApplicationId) {
        return openError(file, fmt::format("not an sqleq audit project (application_id {:#x}, expected {:#x})",
                                           *applicationId, kApplicationId));
    }
    auto version = integerOf(db, file, "PRAGMA user_version");
    if (!version) return openError(file, fmt::format("not readable ({})", version.error().message));
    if (*version > kFormatVersion) {
        return openError(file, fmt::format("written by a newer sqleq (format {}; this build reads up to format {})",
                                           *version, kFormatVersion));
    }
    if (*version < 1) return openError(file, fmt::format("not an sqleq audit project (format {})", *version));
    return static_cast<std::int32_t>(*version);
}

} // namespace

namespace {

Result<std::int32_t> verify(sqlite3* db, const fs::path& file)
{
    auto version = verifyIdentity(db, file);
    if (!version) return version;
    // Reading sqlite_master parses every stored CREATE statement; a file whose
    // schema SQLite cannot parse is damaged (or crafted) and fails here.
    auto actual = schemaOf(db, file);
    if (!actual) return openError(file, fmt::format("corrupt ({})", actual.error().message));
    auto references = referenceSchemas(*version, file);
    if (!references) return references.error();
    if (auto problem = schemaProblem(db, file, *actual, *references)) {
        return openError(file, fmt::format("not a valid audit project (format {}): {}", *version, *problem));
    }
    // The CHECK constraints quick_check evaluates are sqleq's own by now; a damaged
    // page is reported as such before the row checks misread it.
    if (auto checked = quickCheck(db, file); !checked) return checked.error();
    if (auto counted = verifyCounts(db, file); !counted) return counted.error();
    if (auto keys = verifyProjectKeys(db, file); !keys) return keys.error();
    if (auto annotations = verifyAnnotations(db, file); !annotations) return annotations.error();
    return version;
}

} // namespace

Result<std::int32_t> verifyProject(sqlite3* db, const fs::path& file)
{
    auto version = verify(db, file);
    // A statement that failed on the way (a budget, a damaged page) refuses the file too.
    if (!version && version.error().code != "audit.open") {
        return Diagnostic{"audit.open", version.error().message, {}, {}};
    }
    return version;
}

} // namespace sqleq::audit::detail
