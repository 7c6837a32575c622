// The schema facts a proof file carries (its `schema` object) as the checker reads
// them: tables, columns with their declared type, NOT NULL and collation, keys. The
// checker trusts nothing else about the schema: it never opens core/schema, so a proof
// stands or falls by the facts written in it. Also the profile's promise about NULL,
// and the bindings of a resolved query (after `names`, every FROM item has a name of
// its own in the whole statement).
#pragma once

#include "core/sql/select.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::proof_check {

/// The assumptions about the databases a proof may rely on (docs/proofs.md).
enum class Profile { Spider, Strict };

struct ColumnFacts {
    std::string name;
    std::string type;  ///< declared type, as written
    bool notNull = false;
    std::string collation;  ///< empty: BINARY by default
};

struct TableFacts {
    std::string name;
    std::vector<ColumnFacts> columns;
    std::vector<std::string> primaryKey;
    std::vector<std::vector<std::string>> uniques;
    bool withoutRowid = false;

    /// The column called `name` (ASCII case-insensitive), or null.
    [[nodiscard]] const ColumnFacts* column(std::string_view name) const;
    /// SQLite's INTEGER PRIMARY KEY: the only primary key column, declared exactly
    /// INTEGER, of a rowid table. It is the rowid and can never hold NULL.
    [[nodiscard]] bool isRowidAlias(const ColumnFacts& column) const;
    /// The declared keys: the primary key first, then each UNIQUE.
    [[nodiscard]] std::vector<std::vector<std::string>> keys() const;
};

struct SchemaFacts {
    std::string name;
    std::vector<TableFacts> tables;

    /// The table called `name` (ASCII case-insensitive), or null.
    [[nodiscard]] const TableFacts* table(std::string_view name) const;
};

/// The schema object of a proof file. An error names the field at fault
/// ("schema.tables[2].columns[0].not_null: expected true or false").
std::optional<SchemaFacts> readSchemaFacts(const nlohmann::json& schema, std::string& error);

/// Whether `column` of `table` holds no NULL on any database of `profile`: every column
/// under spider; under strict a NOT NULL column or an INTEGER PRIMARY KEY.
bool holdsNoNull(const TableFacts& table, const ColumnFacts& column, Profile profile);

/// SQLite's column affinity of a declared type (the rules of "Determination Of Column
/// Affinity"): INT, then CHAR/CLOB/TEXT, then BLOB or nothing, then REAL/FLOA/DOUB,
/// else NUMERIC.
enum class Affinity { Integer, Text, Blob, Real, Numeric };
Affinity affinityOf(std::string_view declaredType);

/// The binding names of a resolved statement and the base table each one reads; null
/// for a derived table, and for a name bound twice (a query the checker will not trust).
using BindingTables = std::map<std::string, const TableFacts*>;
BindingTables bindingTables(const sql::SelectStatement& statement, const SchemaFacts& schema);

/// How a FROM item is referred to, lower case: its alias, else its table's name; empty
/// for a derived table without an alias.
std::string bindingNameOf(const sql::FromItem& item);

/// The binding a column reference is qualified with, lower case; empty when unqualified.
std::string qualifierOf(const sql::ColumnRef& ref);

/// The base-table column a qualified reference reads, or null (a derived table's column,
/// an unknown or ambiguous binding, an unqualified reference).
const ColumnFacts* baseColumn(const sql::ColumnRef& ref, const BindingTables& bindings,
                              const TableFacts** table = nullptr);

} // namespace sqleq::proof_check
