// SpiderSchemaIndex: what the official Spider evaluator knows about each
// database of a tables.json — lower-cased tables and columns, process_sql's
// idMap ("t.c" → "__t.c__") and the foreign-key map that unifies column ids
// (build_foreign_key_map). Built once, then read-only and thread-safe to share.
#pragma once

#include "core/base/result.h"

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sqleq::metrics {

/// One database as process_sql.Schema and the evaluator's kmap see it.
struct SpiderDbSchema {
    std::string dbId;
    std::vector<std::string> tableOrder;                        ///< lower-cased, file order
    std::map<std::string, std::vector<std::string>> columns;    ///< table → lower-cased columns
    std::unordered_map<std::string, std::string> idMap;         ///< "*", "t.c", "t" → ids
    std::unordered_map<std::string, std::string> foreignKeyMap; ///< "__t.c__" → unified id
};

class SpiderSchemaIndex {
public:
    /// Parses a tables.json text after schema::parseSpiderSchemas has validated it, so a
    /// malformed file gets the same Diagnostic here as in every other command.
    static Result<SpiderSchemaIndex> fromJson(std::string_view jsonText,
                                              std::string_view source = "tables.json");
    /// Reads (under the tables.json size cap) and parses a tables.json file; errors name the file.
    static Result<SpiderSchemaIndex> fromFile(const std::filesystem::path& path);

    /// The database `dbId`, or nullptr when the file has none of that name.
    [[nodiscard]] const SpiderDbSchema* find(std::string_view dbId) const;
    [[nodiscard]] size_t size() const { return m_dbs.size(); }

private:
    std::map<std::string, SpiderDbSchema, std::less<>> m_dbs;
};

} // namespace sqleq::metrics
