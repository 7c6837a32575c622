// Builds SpiderSchemaIndex from tables.json: the same per-database view the
// official evaluator gets from get_schema (tables and columns lower-cased, in
// file order) plus build_foreign_key_map's column unification, including its
// quirk of never merging two key sets that a later pair would connect. The file
// is read under the tables.json size cap and validated by schema::parseSpiderSchemas
// first (the one validation every command shares), so every index used here is known
// to be in range.
#include "core/metrics/spider_schema_index.h"

#include "core/base/capped_file.h"
#include "core/schema/spider_tables.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace sqleq::metrics {
namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
        return c < 0x80 ? static_cast<char>(std::tolower(c)) : static_cast<char>(c);
    });
    return text;
}

std::unordered_map<std::string, std::string> foreignKeyMap(const nlohmann::json& entry,
                                                           const std::vector<std::string>& tables) {
    std::vector<std::string> cols;
    for (const auto& col : entry.at("column_names_original")) {
        const int table = col.at(0).get<int>();
        cols.push_back(table >= 0 ? "__" + tables.at(static_cast<size_t>(table)) + "." +
                                        lower(col.at(1).get<std::string>()) + "__"
                                  : std::string("__all__"));
    }
    // keyset_in_list: the first set holding either key absorbs the pair.
    std::vector<std::set<int>> keySets;
    for (const auto& pair : entry.at("foreign_keys")) {
        const int a = pair.at(0).get<int>();
        const int b = pair.at(1).get<int>();
        auto it = std::find_if(keySets.begin(), keySets.end(),
                               [&](const std::set<int>& s) { return s.count(a) || s.count(b); });
        if (it == keySets.end()) {
            keySets.emplace_back();
            it = keySets.end() - 1;
        }
        it->insert(a);
        it->insert(b);
    }
    std::unordered_map<std::string, std::string> map;
    for (const auto& keySet : keySets)
        for (int idx : keySet)
            map[cols.at(static_cast<size_t>(idx))] = cols.at(static_cast<size_t>(*keySet.begin()));
    return map;
}

SpiderDbSchema buildDb(const nlohmann::json& entry) {
    SpiderDbSchema db;
    db.dbId = entry.at("db_id").get<std::string>();
    for (const auto& name : entry.at("table_names_original"))
        db.tableOrder.push_back(lower(name.get<std::string>()));
    for (const auto& table : db.tableOrder)
        db.columns[table];
    for (const auto& col : entry.at("column_names_original")) {
        const int table = col.at(0).get<int>();
        if (table >= 0)
            db.columns[db.tableOrder.at(static_cast<size_t>(table))].push_back(
                lower(col.at(1).get<std::string>()));
    }
    db.idMap["*"] = "__all__";
    for (const auto& [table, cols] : db.columns) {
        for (const auto& col : cols)
            db.idMap[table + "." + col] = "__" + table + "." + col + "__";
        db.idMap[table] = "__" + table + "__";
    }
    db.foreignKeyMap = foreignKeyMap(entry, db.tableOrder);
    return db;
}

} // namespace

Result<SpiderSchemaIndex> SpiderSchemaIndex::fromJson(std::string_view jsonText,
                                                      std::string_view source) {
    if (auto valid = schema::parseSpiderSchemas(jsonText, source); !valid)
        return valid.error();
    SpiderSchemaIndex index;
    try {
        const auto root = nlohmann::json::parse(jsonText);
        for (const auto& entry : root) {
            auto db = buildDb(entry);
            index.m_dbs.emplace(db.dbId, std::move(db));
        }
    } catch (const std::exception&) {
        // parseSpiderSchemas accepted the file, so this is sqleq's bug, not the user's.
        return Diagnostic{"metrics.tables_json",
                          std::string(source) + ": internal error while indexing the validated schemas", {}, {}};
    }
    return index;
}

Result<SpiderSchemaIndex> SpiderSchemaIndex::fromFile(const std::filesystem::path& path) {
    auto text = readFileCapped(path, {input_limits::kTablesJson, "tables.json file"});
    if (!text)
        return text.error();
    return fromJson(*text, path.string());
}

const SpiderDbSchema* SpiderSchemaIndex::find(std::string_view dbId) const {
    auto it = m_dbs.find(dbId);
    return it == m_dbs.end() ? nullptr : &it->second;
}

} // namespace sqleq::metrics
