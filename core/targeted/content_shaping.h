// Shaping a sampled database into a targeted one: cutting it down to a few rows,
// copying values between rows (ties, duplicates, one big group), planting constant
// variants, drawing equated columns from one pool, emptying a table, NULLs — and
// repairing foreign keys afterwards so every one resolves. Plain operations on
// DatabaseContent; internal to core/targeted (TargetedDatabases sequences them).
#pragma once

#include "core/fuzz/gold_constants.h"
#include "core/fuzz/prng.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace sqleq::targeted::detail {

/// The index of `column` in `table` (ASCII case-insensitive); columns.size() when absent.
std::size_t columnIndex(const schema::Table& table, std::string_view column);

/// Per column of `table`: under a PRIMARY KEY or UNIQUE constraint, or referenced by a
/// foreign key — columns whose values must stay unique.
std::vector<bool> keyedColumns(const schema::Schema& schema, const schema::Table& table);

/// The rows of `table` in `content`; null when it has no entry.
schema::TableRows* rowsOf(schema::DatabaseContent& content, std::string_view table);

/// Keeps the first `rows` rows of every table.
void keepFirstRows(schema::DatabaseContent& content, std::size_t rows);

/// Copies row 0's value into the other rows of every column no key or UNIQUE
/// constraint covers, each column with probability `share` (1: one big group).
void copyRowValues(const schema::Schema& schema, schema::DatabaseContent& content, double share, fuzz::Prng& rng);

/// Puts boundary, sign and case variants of each attributed constant into a row of
/// its column; `round` picks which variant, so successive databases try them all.
void plantConstantVariants(const schema::Schema& schema, schema::DatabaseContent& content,
                           const fuzz::GoldConstants& constants, std::size_t round, fuzz::Prng& rng);

/// For every pair of equated columns no foreign key links: values of one drawn from
/// the other's (a key's values when one side is a key), so the join can match.
void poolEquatedColumns(const schema::Schema& schema, schema::DatabaseContent& content,
                        const fuzz::GoldConstants& constants, fuzz::Prng& rng);

/// Makes `table` hold exactly `rows` copies of its first row, keyed columns of copy r
/// given fresh values (integer `firstKey` + r, text with the suffix "_r"), so every
/// column no key covers forms one group of `rows` rows. Nothing when it has no row.
/// Tables grown with one `firstKey` stay joined row by row on their keys.
void growTable(const schema::Schema& schema, schema::DatabaseContent& content, const std::string& table,
               std::size_t rows, int64_t firstKey);

/// One more than the largest integer in a keyed column of any table: a `firstKey` no
/// row uses yet.
int64_t freshKeyBase(const schema::Schema& schema, const schema::DatabaseContent& content);

/// Moves integer keys down so that the smallest of each key family becomes `lowest` (0
/// or below) and keys of 0 and below occur: `count(DISTINCT key)` against the same
/// `WHERE key`, `sum(DISTINCT key)` against a count, differ only then. A family is a
/// key with the foreign keys that reference it and the integer columns the queries
/// equate with any of them (`equated`): they move by one amount, so every reference
/// and join still meets. Families without an integer key value stay.
void shiftKeysBelowZero(const schema::Schema& schema, schema::DatabaseContent& content,
                        const std::vector<std::pair<fuzz::ColumnName, fuzz::ColumnName>>& equated, int64_t lowest);

/// Gives the texts of non-key TEXT columns the shapes spider samples seldom have: a
/// leading space, a trailing space, all upper case, the case of every letter swapped;
/// row r takes shape (r + rotation) % 4. Keys and foreign-key columns keep their
/// values, so references still meet.
void reshapeTexts(const schema::Schema& schema, schema::DatabaseContent& content, std::size_t rotation);

/// Removes every row of `table`.
void emptyTable(schema::DatabaseContent& content, const std::string& table);

/// Sets each nullable column outside keys to NULL in one row, with probability one half.
void addNulls(const schema::Schema& schema, schema::DatabaseContent& content, fuzz::Prng& rng);

/// Makes every foreign key of `schema` resolve (also those SQLite cannot enforce),
/// parents first: a child value with no parent row gets a parent's value, or the row
/// goes when the parent table has none. Returns false when `nonEmpty` and a table
/// ended up without rows.
bool repairForeignKeys(const schema::Schema& schema, schema::DatabaseContent& content, bool nonEmpty,
                       fuzz::Prng& rng);

} // namespace sqleq::targeted::detail
