// Adopting an original database's declared constraints into a tables.json schema,
// and the sentences that say where the two disagreed.

#include "core/schema/declared_constraints.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>

namespace sqleq::schema {
namespace {

/// `names` (spelled as `declared` writes them) spelled as `table` does; nothing when
/// some name is not a column of `table`.
std::optional<std::vector<std::string>> spelledAs(const Table& table, const std::vector<std::string>& names)
{
    std::vector<std::string> out;
    out.reserve(names.size());
    for (const std::string& name : names) {
        const Column* column = table.findColumn(name);
        if (column == nullptr) return std::nullopt;
        out.push_back(column->name);
    }
    return out;
}

bool sameKey(const std::vector<std::string>& a, const std::vector<std::string>& b)
{
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!sameIdentifier(a[i], b[i])) return false;
    return true;
}

std::string keyNote(const Table& table, const std::vector<std::string>& described,
                    const std::vector<std::string>& declared)
{
    const std::string given = described.empty() ? fmt::format("no key for {}", table.name)
                                                : fmt::format("{} as the key", keyInWords(table.name, described));
    if (declared.empty())
        return fmt::format("tables.json gives {}; the original database declares no primary key for {}, so none is "
                           "used", given, table.name);
    return fmt::format("tables.json gives {}; the original database declares {}, which is used", given,
                       keyInWords({}, declared));
}

/// The primary key: `declared`'s when all its columns exist in `table`.
void adoptPrimaryKey(Table& table, const Table& declared, std::vector<std::string>& notes)
{
    const auto key = spelledAs(table, declared.primaryKey);
    if (!key) {
        notes.push_back(fmt::format("the original database's key of {} names a column tables.json does not list; "
                                    "tables.json's key is used", table.name));
        return;
    }
    if (!sameKey(*key, table.primaryKey)) notes.push_back(keyNote(table, table.primaryKey, *key));
    table.primaryKey = *key;
    for (Column& column : table.columns) {
        column.primaryKey = false;
        for (const std::string& part : table.primaryKey) column.primaryKey |= sameIdentifier(column.name, part);
    }
}

/// An INTEGER PRIMARY KEY is the rowid: SQLite refuses any value but an integer there
/// ("datatype mismatch"), a constraint tables.json's "number" does not carry.
bool isRowidAlias(const Table& table, const Column& column)
{
    return !table.withoutRowid && table.primaryKey.size() == 1 && sameIdentifier(table.primaryKey.front(), column.name)
        && sameIdentifier(column.declaredType, "INTEGER");
}

void adoptColumns(Table& table, const Table& declared)
{
    for (Column& column : table.columns) {
        const Column* source = declared.findColumn(column.name);
        if (source == nullptr) continue;
        column.notNull = source->notNull;
        column.collation = source->collation;
        if (isRowidAlias(declared, *source)) {
            column.declaredType = source->declaredType;
            column.affinity = Affinity::Integer;
        }
    }
}

void adoptUniques(Table& table, const Table& declared)
{
    table.uniques.clear();
    for (const UniqueConstraint& unique : declared.uniques)
        if (auto columns = spelledAs(table, unique.columns)) table.uniques.push_back(UniqueConstraint{std::move(*columns)});
}

} // namespace

std::string keyInWords(const std::string& table, const std::vector<std::string>& key)
{
    if (key.empty()) return "no key";
    const std::string prefix = table.empty() ? std::string() : table + ".";
    if (key.size() == 1) return prefix + key.front();
    return fmt::format("{}({})", prefix, fmt::join(key, ", "));
}

std::vector<std::string> adoptDeclaredConstraints(Schema& described, const Schema& declared)
{
    std::vector<std::string> notes;
    for (Table& table : described.tables) {
        const Table* source = declared.findTable(table.name);
        if (source == nullptr) {
            notes.push_back(fmt::format("the original database has no table {}; its constraints are tables.json's",
                                        table.name));
            continue;
        }
        adoptPrimaryKey(table, *source, notes);
        adoptColumns(table, *source);
        adoptUniques(table, *source);
        table.checks = source->checks;
        table.withoutRowid = source->withoutRowid;
    }
    return notes;
}

} // namespace sqleq::schema
