// The project file's format: DDL, identification and the connection pragmas.

#include "core/audit/store_schema.h"

#include "core/audit/store_sql.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <string>
#include <vector>

namespace sqleq::audit::detail {
namespace {

// Metrics columns mirror evaluation::ItemMetrics minus the component scores, which
// the GUI recomputes on demand; NULL means "not computed". Verdicts are stored by
// name so that the file stays readable with the sqlite3 shell.
// Format 3, as create() writes it.
constexpr const char* kTables = R"sql(
CREATE TABLE project (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE items (
    item_index        INTEGER PRIMARY KEY CHECK (item_index >= 0),
    db_id             TEXT NOT NULL,
    question          TEXT NOT NULL DEFAULT '',
    gold              TEXT NOT NULL,
    prediction        TEXT NOT NULL,
    hardness          TEXT NULL CHECK (hardness IN ('easy', 'medium', 'hard', 'extra')),
    esm               INTEGER NULL CHECK (esm IN (0, 1)),
    exec              INTEGER NULL CHECK (exec IN (0, 1)),
    testsuite         INTEGER NULL CHECK (testsuite IN (0, 1)),
    sqleval           INTEGER NULL CHECK (sqleval IN (0, 1)),
    pcm_f1            REAL NULL,
    testsuite_verdict TEXT NOT NULL DEFAULT '',
    separating_db     INTEGER NOT NULL DEFAULT -1,
    notes             TEXT NOT NULL DEFAULT '',
    sqleq             INTEGER NULL CHECK (sqleq IN (0, 1)),
    testsuite_false_positive INTEGER NOT NULL DEFAULT 0 CHECK (testsuite_false_positive IN (0, 1)),
    sqleq_found_by    TEXT NOT NULL DEFAULT '',
    proved            INTEGER NULL CHECK (proved IN (0, 1))
);
CREATE TABLE reasons (
    text     TEXT NOT NULL UNIQUE CHECK (text <> ''),
    position INTEGER NOT NULL UNIQUE
);
CREATE TABLE annotations (
    item_index INTEGER NOT NULL REFERENCES items (item_index),
    annotator  TEXT NOT NULL CHECK (annotator <> ''),
    verdict    TEXT NOT NULL CHECK (verdict IN ('equivalent', 'not_equivalent', 'unsure')),
    reason     TEXT NOT NULL DEFAULT '',
    note       TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (item_index, annotator)
) WITHOUT ROWID;
CREATE INDEX annotations_by_annotator ON annotations (annotator, item_index);
)sql";

// Format 2 exactly as sqleq wrote it (byte for byte, as format 1 below).
constexpr const char* kTablesFormat2 = R"sql(
CREATE TABLE project (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE items (
    item_index        INTEGER PRIMARY KEY CHECK (item_index >= 0),
    db_id             TEXT NOT NULL,
    question          TEXT NOT NULL DEFAULT '',
    gold              TEXT NOT NULL,
    prediction        TEXT NOT NULL,
    hardness          TEXT NULL CHECK (hardness IN ('easy', 'medium', 'hard', 'extra')),
    esm               INTEGER NULL CHECK (esm IN (0, 1)),
    exec              INTEGER NULL CHECK (exec IN (0, 1)),
    testsuite         INTEGER NULL CHECK (testsuite IN (0, 1)),
    sqleval           INTEGER NULL CHECK (sqleval IN (0, 1)),
    pcm_f1            REAL NULL,
    testsuite_verdict TEXT NOT NULL DEFAULT '',
    separating_db     INTEGER NOT NULL DEFAULT -1,
    notes             TEXT NOT NULL DEFAULT '',
    sqleq             INTEGER NULL CHECK (sqleq IN (0, 1)),
    testsuite_false_positive INTEGER NOT NULL DEFAULT 0 CHECK (testsuite_false_positive IN (0, 1)),
    sqleq_found_by    TEXT NOT NULL DEFAULT ''
);
CREATE TABLE reasons (
    text     TEXT NOT NULL UNIQUE CHECK (text <> ''),
    position INTEGER NOT NULL UNIQUE
);
CREATE TABLE annotations (
    item_index INTEGER NOT NULL REFERENCES items (item_index),
    annotator  TEXT NOT NULL CHECK (annotator <> ''),
    verdict    TEXT NOT NULL CHECK (verdict IN ('equivalent', 'not_equivalent', 'unsure')),
    reason     TEXT NOT NULL DEFAULT '',
    note       TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (item_index, annotator)
) WITHOUT ROWID;
CREATE INDEX annotations_by_annotator ON annotations (annotator, item_index);
)sql";

// Format 1 exactly as sqleq wrote it (byte for byte: open() compares the stored
// definitions with these, so this text must never change).
constexpr const char* kTablesFormat1 = R"sql(
CREATE TABLE project (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE items (
    item_index        INTEGER PRIMARY KEY CHECK (item_index >= 0),
    db_id             TEXT NOT NULL,
    question          TEXT NOT NULL DEFAULT '',
    gold              TEXT NOT NULL,
    prediction        TEXT NOT NULL,
    hardness          TEXT NULL CHECK (hardness IN ('easy', 'medium', 'hard', 'extra')),
    esm               INTEGER NULL CHECK (esm IN (0, 1)),
    exec              INTEGER NULL CHECK (exec IN (0, 1)),
    testsuite         INTEGER NULL CHECK (testsuite IN (0, 1)),
    sqleval           INTEGER NULL CHECK (sqleval IN (0, 1)),
    pcm_f1            REAL NULL,
    testsuite_verdict TEXT NOT NULL DEFAULT '',
    separating_db     INTEGER NOT NULL DEFAULT -1,
    notes             TEXT NOT NULL DEFAULT ''
);
CREATE TABLE reasons (
    text     TEXT NOT NULL UNIQUE CHECK (text <> ''),
    position INTEGER NOT NULL UNIQUE
);
CREATE TABLE annotations (
    item_index INTEGER NOT NULL REFERENCES items (item_index),
    annotator  TEXT NOT NULL CHECK (annotator <> ''),
    verdict    TEXT NOT NULL CHECK (verdict IN ('equivalent', 'not_equivalent', 'unsure')),
    reason     TEXT NOT NULL DEFAULT '',
    note       TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (item_index, annotator)
) WITHOUT ROWID;
CREATE INDEX annotations_by_annotator ON annotations (annotator, item_index);
)sql";

// The upgrade of format 1 to 2; SQLite appends the columns to the stored CREATE
// TABLE text, which is why an upgraded file's definition differs from a new one's.
constexpr const char* kUpgradeToFormat2 =
    "ALTER TABLE items ADD COLUMN sqleq INTEGER NULL CHECK (sqleq IN (0, 1));"
    "ALTER TABLE items ADD COLUMN testsuite_false_positive INTEGER NOT NULL DEFAULT 0 "
    "CHECK (testsuite_false_positive IN (0, 1));"
    "ALTER TABLE items ADD COLUMN sqleq_found_by TEXT NOT NULL DEFAULT '';";

// The upgrade of format 2 to 3: whether sqleq's `equivalent` is proved. NULL in an
// upgraded file: its verdicts predate the proofs, so none is known to be proved.
constexpr const char* kUpgradeToFormat3 = "ALTER TABLE items ADD COLUMN proved INTEGER NULL CHECK (proved IN (0, 1));";

} // namespace

Diagnostic openError(const std::filesystem::path& file, const std::string& why)
{
    return Diagnostic{"audit.open", fmt::format("{}: {}", file.string(), why), {}, {}};
}

std::vector<std::string> referenceScripts(std::int32_t version)
{
    if (version == 1) return {kTablesFormat1};
    if (version == 2) return {kTablesFormat2, std::string(kTablesFormat1) + kUpgradeToFormat2};
    if (version == 3) {
        return {kTables, std::string(kTablesFormat2) + kUpgradeToFormat3,
                std::string(kTablesFormat1) + kUpgradeToFormat2 + kUpgradeToFormat3};
    }
    return {};
}

// Format 2 adds sqleq's verdict beside the test suite's, format 3 whether it is proved.
// Older projects get the columns empty (not computed), every step in one transaction,
// when they are opened read-write (a read-only open reads an older format as it is).
Status migrate(sqlite3* db, const std::filesystem::path& file, std::int32_t version)
{
    if (version >= kFormatVersion) return {};
    const auto steps = fmt::format("BEGIN IMMEDIATE;{}{}PRAGMA user_version={};COMMIT;",
                                   version < 2 ? kUpgradeToFormat2 : "", kUpgradeToFormat3, kFormatVersion);
    if (auto status = execSql(db, file, steps.c_str()); !status) {
        (void)execSql(db, file, "ROLLBACK");
        return openError(file, fmt::format("cannot upgrade format {} to {}: {}", version, kFormatVersion,
                                           status.error().message));
    }
    return {};
}

Status configureConnection(sqlite3* db, const std::filesystem::path& file)
{
    // busy_timeout first: another process (the GUI next to a CLI) may hold the lock.
    sqlite3_busy_timeout(db, 5000);
    auto mode = StoreStatement::prepare(db, file, "PRAGMA journal_mode=WAL");
    if (!mode) return mode.error();
    auto row = mode->step();
    if (!row) return row.error();
    if (!*row || mode->text(0) != "wal") {
        return Diagnostic{"audit.open", fmt::format("{}: cannot switch the journal to WAL mode", file.string()), {}, {}};
    }
    if (auto status = execSql(db, file, "PRAGMA synchronous=FULL"); !status) return status;
    return execSql(db, file, "PRAGMA foreign_keys=ON");
}

Status createTables(sqlite3* db, const std::filesystem::path& file)
{
    if (auto status = execSql(db, file, kTables); !status) return status;
    const auto stamp = fmt::format("PRAGMA application_id={}; PRAGMA user_version={};", kApplicationId, kFormatVersion);
    return execSql(db, file, stamp.c_str());
}

} // namespace sqleq::audit::detail
