// Classical items (JSON lines), distinct golds, and foreign keys from joins.

#include "core/dataset/classical_dataset.h"

#include "core/base/ascii_case.h"
#include "core/base/capped_file.h"
#include "core/schema/csv_schema_loader.h"
#include "core/schema/spider_tables_writer.h"
#include "core/sql/sql.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

namespace sqleq::dataset {
namespace {

Diagnostic jsonlError(const std::filesystem::path& path, uint32_t line, std::string message)
{
    return Diagnostic{"dataset.jsonl", fmt::format("{}: line {}: {}", path.string(), line, message), {}, {}};
}

Diagnostic classicalError(std::string message) { return Diagnostic{"dataset.classical", std::move(message), {}, {}}; }

std::string folded(std::string_view name)
{
    std::string out(name);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

Result<ClassicalItem> readItem(std::string_view line, const std::filesystem::path& path, uint32_t number)
{
    const auto object = nlohmann::json::parse(line, nullptr, false);
    if (object.is_discarded()) return jsonlError(path, number, "not valid JSON");
    if (!object.is_object()) return jsonlError(path, number, "expected a JSON object");
    ClassicalItem item;
    item.line = number;
    for (const auto& [field, target] : {std::pair{"query", &item.sql}, std::pair{"db_id", &item.dbId}}) {
        const auto it = object.find(field);
        if (it == object.end() || !it->is_string())
            return jsonlError(path, number, fmt::format("\"{}\" is missing or not a string", field));
        *target = it->get<std::string>();
    }
    if (const auto text = object.find("text"); text != object.end() && text->is_string()) item.question = *text;
    if (item.sql.size() > input_limits::kSqlText)
        return jsonlError(path, number, tooLargeError("the query", item.sql.size(),
                                                      {input_limits::kSqlText, "one query"}).message);
    if (item.dbId.empty()) return jsonlError(path, number, "\"db_id\" is empty");
    return item;
}

/// Table names by qualifier (alias or table name, folded) over a whole query; a
/// qualifier bound to two tables maps to nothing.
std::map<std::string, std::optional<std::string>> qualifiers(const sql::Node& root)
{
    std::map<std::string, std::optional<std::string>> bound;
    const auto bind = [&bound](const std::string& qualifier, const std::string& table) {
        const auto [it, fresh] = bound.emplace(folded(qualifier), table);
        if (!fresh && (!it->second || folded(*it->second) != folded(table))) it->second.reset();
    };
    sql::walk(root, [&](const sql::Node& node) {
        if (const auto* ref = node.tryAs<sql::TableRef>()) {
            bind(ref->alias ? ref->alias->name : ref->name.name, ref->name.name);
            if (ref->alias) bind(ref->name.name, ref->name.name);
        }
        return true;
    });
    return bound;
}

struct QualifiedColumn {
    std::string table;
    std::string column;
};

std::optional<QualifiedColumn> resolve(const sql::Expr& expr,
                                       const std::map<std::string, std::optional<std::string>>& bound)
{
    const auto* ref = expr.tryAs<sql::ColumnRef>();
    if (ref == nullptr || !ref->table) return std::nullopt;
    const auto it = bound.find(folded(ref->table->name));
    if (it == bound.end() || !it->second) return std::nullopt;
    return QualifiedColumn{*it->second, ref->column.name};
}

struct SpellingFix {
    std::string_view dbId;
    std::string_view table;          ///< as the schema file spells it
    std::string_view goldTable;      ///< as the golds spell it
    std::string_view column;         ///< a column of that table, or empty
    std::string_view goldColumn;
};

constexpr SpellingFix kSpellingFixes[] = {
    {"yelp", "neighborhood", "neighbourhood", "neighborhood_name", "neighbourhood_name"},
};

bool anyGoldMentions(const std::vector<std::string>& golds, std::string_view name)
{
    const std::string needle = folded(name);
    return std::any_of(golds.begin(), golds.end(),
                       [&](const std::string& gold) { return folded(gold).find(needle) != std::string::npos; });
}

} // namespace

std::size_t reconcileWithGolds(schema::Schema& schema, const std::vector<std::string>& golds)
{
    std::size_t renamed = 0;
    for (const SpellingFix& fix : kSpellingFixes) {
        if (schema.name != fix.dbId || schema.findTable(fix.goldTable) != nullptr) continue;
        if (!anyGoldMentions(golds, fix.goldTable)) continue;
        for (schema::Table& table : schema.tables) {
            for (schema::ForeignKey& key : table.foreignKeys)
                if (schema::sameIdentifier(key.referencedTable, fix.table)) key.referencedTable = fix.goldTable;
            if (!schema::sameIdentifier(table.name, fix.table)) continue;
            table.name = fix.goldTable;
            ++renamed;
            for (schema::Column& column : table.columns)
                if (!fix.column.empty() && schema::sameIdentifier(column.name, fix.column)) {
                    column.name = fix.goldColumn;
                    ++renamed;
                }
            for (std::string& part : table.primaryKey)
                if (schema::sameIdentifier(part, fix.column)) part = fix.goldColumn;
        }
    }
    return renamed;
}

bool isJsonLinesPath(const std::filesystem::path& path) { return folded(path.extension().string()) == ".jsonl"; }

Result<std::vector<ClassicalItem>> readClassicalItems(const std::filesystem::path& path)
{
    auto text = readFileCapped(path, {input_limits::kDatasetFile, "JSON-lines file"});
    if (!text) return text.error();
    std::vector<ClassicalItem> items;
    std::string_view rest = *text;
    uint32_t number = 0;
    while (!rest.empty()) {
        const auto newline = rest.find('\n');
        const std::string_view line = rest.substr(0, newline);
        rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        auto item = readItem(line, path, number);
        if (!item) return item.error();
        items.push_back(std::move(*item));
    }
    return items;
}

std::vector<std::size_t> distinctGoldIndices(const std::vector<ClassicalItem>& items)
{
    std::set<std::pair<std::string_view, std::string_view>> seen;
    std::vector<std::size_t> first;
    for (std::size_t i = 0; i < items.size(); ++i)
        if (seen.emplace(items[i].dbId, items[i].sql).second) first.push_back(i);
    return first;
}

std::size_t inferJoinForeignKeys(schema::Schema& schema, const std::vector<std::string>& golds)
{
    struct Equality {
        std::string leftTable, leftColumn, rightTable, rightColumn;
    };
    std::vector<Equality> equalities;
    for (const std::string& gold : golds) {
        const auto parsed = sql::parse(gold);
        if (!parsed.ok()) continue;
        const auto bound = qualifiers(*parsed.statement);
        sql::walk(*parsed.statement, [&](const sql::Node& node) {
            const auto* equal = node.tryAs<sql::BinaryExpr>();
            if (equal == nullptr || equal->op != sql::BinaryOp::Eq || !equal->left || !equal->right) return true;
            const auto left = resolve(*equal->left, bound);
            const auto right = resolve(*equal->right, bound);
            if (left && right) equalities.push_back({left->table, left->column, right->table, right->column});
            return true;
        });
    }
    // A column the golds join with the keys of two different tables (IMDB's
    // DIRECTED_BY.MSID: a movie's MID or a series' SID) references neither: a key to one
    // would keep every join with the other from ever matching.
    auto isWholeKey = [&](const std::string& table, const std::string& column) {
        const schema::Table* found = schema.findTable(table);
        return found != nullptr && found->primaryKey.size() == 1 && schema::sameIdentifier(found->primaryKey.front(), column);
    };
    std::map<std::string, std::set<std::string>> keyTablesOf;
    for (const Equality& e : equalities) {
        if (isWholeKey(e.rightTable, e.rightColumn)) keyTablesOf[asciiLower(e.leftTable + "." + e.leftColumn)].insert(asciiLower(e.rightTable));
        if (isWholeKey(e.leftTable, e.leftColumn)) keyTablesOf[asciiLower(e.rightTable + "." + e.rightColumn)].insert(asciiLower(e.leftTable));
    }
    auto polymorphic = [&](const std::string& table, const std::string& column) {
        const auto it = keyTablesOf.find(asciiLower(table + "." + column));
        return it != keyTablesOf.end() && it->second.size() > 1 && !isWholeKey(table, column);
    };
    std::size_t added = 0;
    for (const Equality& e : equalities) {
        if (polymorphic(e.leftTable, e.leftColumn) || polymorphic(e.rightTable, e.rightColumn)) continue;
        if (schema::addJoinForeignKey(schema, e.leftTable, e.leftColumn, e.rightTable, e.rightColumn)) ++added;
    }
    return added;
}

Result<std::vector<std::filesystem::path>> listCsvSchemaFiles(const std::filesystem::path& path)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec)) return std::vector<std::filesystem::path>{path};
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(path, ec))
        if (schema::isCsvSchemaPath(entry.path())) files.push_back(entry.path());
    if (ec) return classicalError(fmt::format("{}: {}", path.string(), ec.message()));
    if (files.empty()) return classicalError(fmt::format("{}: no *-schema.csv file in this directory", path.string()));
    std::sort(files.begin(), files.end());
    return files;
}

Result<ClassicalDistillInput> classicalDistillInput(const std::filesystem::path& itemsPath,
                                                    const std::vector<std::filesystem::path>& schemaPaths)
{
    auto items = readClassicalItems(itemsPath);
    if (!items) return items.error();
    ClassicalDistillInput input;
    for (const auto& given : schemaPaths) {
        auto files = listCsvSchemaFiles(given);
        if (!files) return files.error();
        for (const auto& file : *files) {
            auto schema = schema::loadCsvSchema(file);
            if (!schema) return schema.error();
            input.schemas.push_back(std::move(*schema));
        }
    }
    const std::vector<std::size_t> distinct = distinctGoldIndices(*items);
    for (schema::Schema& schema : input.schemas) {
        std::vector<std::string> golds;
        for (std::size_t i : distinct)
            if ((*items)[i].dbId == schema.name) golds.push_back((*items)[i].sql);
        if (golds.empty())
            return classicalError(fmt::format("{}: no item has db_id \"{}\" (the schema file's name without "
                                              "\"-schema.csv\")", itemsPath.string(), schema.name));
        reconcileWithGolds(schema, golds);
        inferJoinForeignKeys(schema, golds);
        input.itemCount += static_cast<std::size_t>(std::count_if(
            items->begin(), items->end(), [&](const ClassicalItem& item) { return item.dbId == schema.name; }));
    }
    for (std::size_t i : distinct) {
        const ClassicalItem& item = (*items)[i];
        const bool loaded = std::any_of(input.schemas.begin(), input.schemas.end(),
                                        [&](const schema::Schema& s) { return s.name == item.dbId; });
        if (!loaded) continue;
        GoldItem gold;
        gold.sql = item.sql;
        gold.dbId = item.dbId;
        gold.line = item.line;
        input.golds.push_back(std::move(gold));
    }
    input.tablesJson = schema::toSpiderTablesJson(input.schemas);
    return input;
}

} // namespace sqleq::dataset
