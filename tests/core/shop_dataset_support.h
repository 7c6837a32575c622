// The small `shop` dataset the evaluation, multi-turn and report tests share: its
// tables.json entry, its DDL, and a SQLite file of it holding given rows (an original
// database, a suite's database).
#pragma once

#include "core/base/atomic_file.h"
#include "core/exec/connection.h"

#include <QtTest>

#include <filesystem>
#include <string>
#include <string_view>

/// The shop schema's tables.json entry, without the array's brackets.
constexpr std::string_view kShopTablesEntry = R"(
 {"db_id": "shop", "table_names_original": ["item"], "table_names": ["item"],
  "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
  "column_names": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
  "column_types": ["text", "number", "text", "number"], "primary_keys": [1], "foreign_keys": []})";

/// A tables.json holding the shop schema alone.
inline std::string shopTablesJson() { return "[" + std::string(kShopTablesEntry) + "\n]"; }

constexpr std::string_view kShopDdl = "CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, price INTEGER);";

/// `file` (its folders made) as a shop database holding `rows` (INSERT statements).
inline void writeShopDatabase(const std::filesystem::path& file, std::string_view rows)
{
    auto conn = sqleq::exec::Connection::openMemory();
    QVERIFY(conn.ok());
    QVERIFY(conn->executeScript(std::string(kShopDdl) + std::string(rows)).ok());
    auto bytes = conn->serialize();
    QVERIFY(bytes.ok());
    std::filesystem::create_directories(file.parent_path());
    QVERIFY(sqleq::writeFileAtomically(file, std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()))
                .ok());
}
