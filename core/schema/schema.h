// The Schema model: tables, columns, keys and constraints of one database, as
// plain data shared by every later stage (fuzzing respects it, the resolver and
// the printer read it). Loaders live next to it (schema_introspector.h,
// ddl_loader.h, spider_tables.h); nothing here touches SQLite.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::schema {

/// SQLite's column affinity (https://sqlite.org/datatype3.html §3.1).
enum class Affinity { Integer, Text, Blob, Real, Numeric };

/// Spider's coarse column types (tables.json "column_types").
enum class LogicalType { Text, Number, Time, Boolean, Others };

struct Column {
    std::string name;
    std::string declaredType;  ///< as written in the DDL; may be empty
    Affinity affinity = Affinity::Blob;
    LogicalType logicalType = LogicalType::Others;
    bool notNull = false;
    std::optional<std::string> defaultValue;  ///< the DEFAULT expression's SQL text
    bool primaryKey = false;                  ///< part of the table's primary key
    bool autoincrement = false;               ///< INTEGER PRIMARY KEY AUTOINCREMENT
    /// The column's collation as declared ("NOCASE", "RTRIM"); empty for BINARY. It
    /// changes what `=`, ORDER BY, GROUP BY and DISTINCT see, so every database built
    /// from the schema keeps it.
    std::string collation;

    friend bool operator==(const Column&, const Column&) = default;
};

struct ForeignKey {
    std::vector<std::string> columns;            ///< in the child table, in key order
    std::string referencedTable;
    std::vector<std::string> referencedColumns;  ///< same length as `columns`

    friend bool operator==(const ForeignKey&, const ForeignKey&) = default;
};

struct UniqueConstraint {
    std::vector<std::string> columns;

    friend bool operator==(const UniqueConstraint&, const UniqueConstraint&) = default;
};

struct Table {
    std::string name;
    std::vector<Column> columns;
    std::vector<std::string> primaryKey;  ///< column names in key order; empty: rowid only
    std::vector<UniqueConstraint> uniques;
    std::vector<ForeignKey> foreignKeys;
    std::vector<std::string> checks;  ///< bodies of CHECK(...) constraints, without the parentheses
    bool withoutRowid = false;
    bool strict = false;
    std::string sql;  ///< the CREATE TABLE text when known (sqlite_master), else empty

    /// Case-insensitive (ASCII, as SQLite) lookup; null when absent.
    [[nodiscard]] const Column* findColumn(std::string_view columnName) const;
    /// The position of a column, looked up as findColumn(); columns.size() when absent.
    [[nodiscard]] std::size_t columnIndex(std::string_view columnName) const;
    friend bool operator==(const Table&, const Table&) = default;
};

struct Schema {
    std::string name;  ///< db_id or file stem; names the schema in diagnostics
    std::vector<Table> tables;
    /// SQLite's own sqlite_sequence exists (an AUTOINCREMENT key). It is not in
    /// `tables` — nothing may create or fill it — but findTable() knows it, so
    /// queries that read it still resolve.
    bool hasSqliteSequence = false;

    /// Case-insensitive lookup, including sqlite_sequence when present; null when absent.
    [[nodiscard]] const Table* findTable(std::string_view tableName) const;
    /// The column names of `tableName` in order; empty when there is no such table.
    [[nodiscard]] std::vector<std::string> columnNames(std::string_view tableName) const;
    friend bool operator==(const Schema&, const Schema&) = default;
};

/// The shape of sqlite_sequence (name, seq), as SQLite creates it.
const Table& sqliteSequenceTable();

/// ASCII case-insensitive equality, SQLite's rule for identifiers.
bool sameIdentifier(std::string_view a, std::string_view b);

std::string_view affinityName(Affinity affinity);        ///< "INTEGER", "TEXT", …
std::string_view logicalTypeName(LogicalType type);      ///< "text", "number", …
std::optional<LogicalType> parseLogicalType(std::string_view name);

/// SQLite's affinity rules in order: INT → INTEGER; CHAR, CLOB, TEXT → TEXT;
/// BLOB or no type → BLOB; REAL, FLOA, DOUB → REAL; otherwise NUMERIC.
Affinity affinityOf(std::string_view declaredType);

/// The Spider type of a declared type (how tables.json was derived): character
/// types text; numeric types number; DATE/TIME/YEAR time; BOOL boolean; else others.
LogicalType logicalTypeOf(std::string_view declaredType);

} // namespace sqleq::schema
