// Values of a key compare as SQLite's foreign keys do for the sampler's typed
// values: numbers by value (7 and 7.0 alike), text and blobs byte for byte.

#include "core/fuzz/profile_check.h"

#include <fmt/format.h>

#include <set>

namespace sqleq::fuzz {
namespace {


std::string keyText(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: return "N";
    case exec::ValueType::Integer: return fmt::format("n{}", static_cast<double>(value.asInteger()));
    case exec::ValueType::Real: return fmt::format("n{}", value.asReal());
    case exec::ValueType::Text: return "t" + value.asText();
    case exec::ValueType::Blob: return "b" + value.asBlob();
    }
    return {};
}

std::string shown(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Integer: return std::to_string(value.asInteger());
    case exec::ValueType::Real: return fmt::format("{}", value.asReal());
    case exec::ValueType::Text: return "'" + value.asText() + "'";
    default: return "a value";
    }
}

std::optional<std::string> danglingKey(const schema::Schema& schema, const schema::DatabaseContent& content,
                                       const schema::Table& table, const schema::ForeignKey& key)
{
    const schema::Table* parent = schema.findTable(key.referencedTable);
    const schema::TableRows* rows = content.find(table.name);
    if (parent == nullptr || rows == nullptr) return std::nullopt;
    const std::vector<std::string>& referenced = key.referencedColumns.empty() ? parent->primaryKey : key.referencedColumns;
    if (referenced.size() != key.columns.size()) return std::nullopt;
    std::vector<std::size_t> childColumns;
    std::vector<std::size_t> parentColumns;
    for (std::size_t k = 0; k < key.columns.size(); ++k) {
        childColumns.push_back(table.columnIndex(key.columns[k]));
        parentColumns.push_back(parent->columnIndex(referenced[k]));
        if (childColumns.back() >= table.columns.size() || parentColumns.back() >= parent->columns.size())
            return std::nullopt;
    }
    std::set<std::string> present;
    if (const schema::TableRows* parentRows = content.find(parent->name)) {
        for (const exec::Row& row : parentRows->rows) {
            std::string text;
            for (const std::size_t c : parentColumns) text += keyText(row.at(c)) + '|';
            present.insert(std::move(text));
        }
    }
    for (const exec::Row& row : rows->rows) {
        std::string text;
        bool incomplete = false;
        for (const std::size_t c : childColumns) {
            incomplete = incomplete || row.at(c).isNull();
            text += keyText(row.at(c)) + '|';
        }
        if (incomplete || present.count(text) != 0) continue;
        return fmt::format("{}.{} = {} names no row of {}", table.name, key.columns.front(), shown(row.at(childColumns.front())),
                           parent->name);
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> profileViolation(const schema::Schema& schema, const schema::DatabaseContent& content,
                                            Profile profile)
{
    for (const schema::Table& table : schema.tables) {
        const schema::TableRows* rows = content.find(table.name);
        if (profile == Profile::Spider) {
            if (rows == nullptr || rows->rows.empty()) return fmt::format("table {} has no row", table.name);
            for (const exec::Row& row : rows->rows)
                for (std::size_t c = 0; c < row.size() && c < table.columns.size(); ++c)
                    if (row[c].isNull()) return fmt::format("NULL in {}.{}", table.name, table.columns[c].name);
        }
        for (const schema::ForeignKey& key : table.foreignKeys)
            if (auto dangling = danglingKey(schema, content, table, key)) return dangling;
    }
    return std::nullopt;
}

} // namespace sqleq::fuzz
