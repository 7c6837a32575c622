// Ways to tamper with a valid audit project, shared by the core, CLI and GUI tests
// of "a project file is untrusted input". Each tampering edits the file with plain
// SQLite, as an attacker with the sqlite3 shell would, and names the words the
// refusal must contain. Header-only; links sqlite3 like the tests do.
#pragma once

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace sqleq::audit::testing {

struct Tampering {
    const char* name;
    const char* sql;       ///< run on the project (foreign keys off); empty: a byte-level change
    const char* expected;  ///< part of the refusal's message; alternatives separated by '|'
};

// A view with every column of `items`, over rows produced by `source` (a column n).
#define SQLEQ_ITEMS_VIEW(source)                                                                             \
    "PRAGMA foreign_keys=OFF; DROP TABLE items; CREATE VIEW items AS SELECT n AS item_index, 'db' AS db_id, " \
    "'' AS question, 'SELECT 1' AS gold, 'SELECT 1' AS prediction, NULL AS hardness, NULL AS esm, NULL AS exec, " \
    "NULL AS testsuite, NULL AS sqleval, NULL AS pcm_f1, '' AS testsuite_verdict, -1 AS separating_db, "        \
    "'' AS notes, NULL AS sqleq, 0 AS testsuite_false_positive, '' AS sqleq_found_by FROM (" source ");"

inline const std::array<Tampering, 12>& tamperings()
{
    static const std::array<Tampering, 12> all{{
        {"items_endless_view",
         SQLEQ_ITEMS_VIEW("WITH RECURSIVE c(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c"),
         "items is a view, not a table"},
        {"items_slow_view",
         SQLEQ_ITEMS_VIEW("SELECT length(printf('%.*c', 2000000000, 'x')) AS n"),
         "items is a view, not a table"},
        {"orphan_annotation",
         "PRAGMA foreign_keys=OFF; INSERT INTO annotations VALUES (999, 'eve', 'equivalent', '', '', "
         "'2026-01-01T00:00:00Z');",
         "refers to no item"},
        {"empty_project_table", "DELETE FROM project;", "the project table is empty"},
        {"version_999", "PRAGMA user_version=999;", "format 999; this build reads up to format 3"},
        {"reasons_dropped", "DROP TABLE reasons;", "the table reasons is missing"},
        {"trigger_added",
         "CREATE TRIGGER slow AFTER INSERT ON annotations BEGIN SELECT printf('%.*c', 2000000000, 'x'); END;",
         "trigger slow"},
        {"application_id_wrong", "PRAGMA application_id=42;", "not an sqleq audit project (application_id 0x2a"},
        {"column_added", "ALTER TABLE annotations ADD COLUMN weight INTEGER;", "column(s) sqleq does not define: weight"},
        {"unlisted_reason", "DELETE FROM reasons;", "not in the reason list"},
        {"truncated", "", "malformed|corrupt"},
        {"corrupt", "", "malformed|corrupt"},
    }};
    return all;
}

/// True when `message` contains one of the alternatives of `expected`.
inline bool mentions(const std::string& message, const std::string& expected)
{
    std::size_t start = 0;
    for (;;) {
        const auto bar = expected.find('|', start);
        if (message.find(expected.substr(start, bar - start)) != std::string::npos) return true;
        if (bar == std::string::npos) return false;
        start = bar + 1;
    }
}

/// Applies `tampering` to the (closed) project at `path`. False when SQLite refused the edit.
inline bool tamper(const std::string& path, const Tampering& tampering)
{
    const std::string name = tampering.name;
    if (name == "truncated" || name == "corrupt") {
        std::ifstream in(path, std::ios::binary);
        std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        in.close();
        if (bytes.size() < 4 * 4096) return false;
        if (name == "truncated") {
            bytes.resize(bytes.size() - 4096);  // the last page: a table's rows are gone
        } else {
            for (std::size_t i = 2 * 4096 + 8; i < 3 * 4096; ++i) bytes[i] = static_cast<char>(i * 37);  // page 3
        }
        std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        return true;
    }
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
    const bool ok = sqlite3_exec(db, tampering.sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

/// The bytes, modification time and sibling files of a project: what must not change.
struct FileState {
    std::vector<char> bytes;
    std::filesystem::file_time_type modified;
    std::vector<std::string> directory;
    bool operator==(const FileState&) const = default;
};

inline FileState fileState(const std::filesystem::path& path)
{
    FileState state;
    std::ifstream in(path, std::ios::binary);
    state.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    state.modified = std::filesystem::last_write_time(path);
    for (const auto& entry : std::filesystem::directory_iterator(path.parent_path())) {
        state.directory.push_back(entry.path().filename().string());
    }
    std::sort(state.directory.begin(), state.directory.end());
    return state;
}

} // namespace sqleq::audit::testing
