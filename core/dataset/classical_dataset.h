// The classical text-to-SQL datasets as the test-suite paper ships them: test items
// in JSON lines (`text`, `query`, `db_id`, ...) and one `<db_id>-schema.csv` per
// dataset. Reading the items, taking the distinct gold queries (the paper counts
// those), naming foreign keys from the golds' joins, and turning (items, schemas)
// into the gold items and tables.json text that distillation reads. Nothing runs SQL.
#pragma once

#include "core/base/result.h"
#include "core/dataset/spider_files.h"
#include "core/schema/schema.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace sqleq::dataset {

struct ClassicalItem {
    std::string question;  ///< "text"
    std::string sql;       ///< "query", the gold with its values filled in
    std::string dbId;      ///< "db_id"
    uint32_t line = 0;     ///< 1-based line in the file
};

/// True for a `.jsonl` path (the classical items file).
bool isJsonLinesPath(const std::filesystem::path& path);

/// Reads a JSON-lines items file (capped at input_limits::kDatasetFile). Every
/// non-blank line must be an object with string "query" and "db_id" ("text" is
/// optional); a query over input_limits::kSqlText is refused. Errors
/// ("dataset.jsonl") name the file and the line.
Result<std::vector<ClassicalItem>> readClassicalItems(const std::filesystem::path& path);

/// Indices of the first item of every distinct (db_id, query) pair, in file order:
/// the paper's query counts are counts of distinct golds.
std::vector<std::size_t> distinctGoldIndices(const std::vector<ClassicalItem>& items);

/// Adds the foreign keys the golds' joins imply (schema::addJoinForeignKey) for every
/// equality `a.x = b.y` between columns of two different tables. Qualifiers are
/// resolved through the FROM items of the whole query (aliases such as
/// JOURNALalias0); a qualifier bound to two different tables in one query is left
/// alone. Golds that do not parse are skipped. Returns how many keys were added.
std::size_t inferJoinForeignKeys(schema::Schema& schema, const std::vector<std::string>& golds);

/// Known spelling differences between a released schema file and its golds, fixed
/// toward the golds (the paper's suites were built for the golds): Yelp's file spells
/// `neighborhood(neighborhood_name)` where its golds and the paper's Yelp databases
/// spell `NEIGHBOURHOOD(NEIGHBOURHOOD_NAME)`. A rename applies only to the schema of its
/// dataset, only when the schema lacks the golds' spelling and some gold uses it.
/// Returns how many names were changed.
std::size_t reconcileWithGolds(schema::Schema& schema, const std::vector<std::string>& golds);

/// What distill reads for a classical dataset.
struct ClassicalDistillInput {
    std::vector<GoldItem> golds;     ///< distinct golds of the loaded schemas, line = the item's line
    std::string tablesJson;          ///< the schemas as a Spider tables.json text
    std::vector<schema::Schema> schemas;
    std::size_t itemCount = 0;       ///< items of those schemas, duplicates included
};

/// Reads the items at `itemsPath` and the schemas at `schemaPaths` (each a
/// `-schema.csv` file, or a directory whose `*-schema.csv` files are all read), adds
/// the join-implied foreign keys from each schema's golds (after reconcileWithGolds), and keeps the distinct
/// golds of the loaded schemas. Errors name the file at fault; a schema without any
/// item is an error ("dataset.classical").
Result<ClassicalDistillInput> classicalDistillInput(const std::filesystem::path& itemsPath,
                                                    const std::vector<std::filesystem::path>& schemaPaths);

/// The schema files `path` names: itself when it is a file, else its `*-schema.csv`
/// files sorted by name. Errors ("dataset.classical") name an empty directory.
Result<std::vector<std::filesystem::path>> listCsvSchemaFiles(const std::filesystem::path& path);

} // namespace sqleq::dataset
