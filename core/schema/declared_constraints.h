// Declared constraints: a dataset's schema file (Spider's tables.json) describes keys,
// but the database beside it declares them, and only the declaration is what its rows
// keep. tables.json truncates composite primary keys to their first column (flight_2's
// flights key is (Airline, FlightNo), not Airline) and says nothing of UNIQUE, NOT NULL
// or CHECK. Every database sqleq builds and every key proof follows the schema's
// constraints, so they are taken from the original's DDL, and the disagreements are
// said once, in words. Pure data: nothing here opens a file.
#pragma once

#include "core/schema/schema.h"

#include <string>
#include <vector>

namespace sqleq::schema {

/// Lays `declared`'s (an original database's, read from its DDL) primary keys, UNIQUE
/// constraints, NOT NULL, CHECK bodies, collations and WITHOUT ROWID over `described`
/// (a tables.json schema), table by table and column by column, names matched as
/// SQLite does (ASCII case-insensitive) and kept as `described` spells them; an INTEGER
/// PRIMARY KEY (the rowid, integers only) keeps its type too. Other types,
/// foreign keys and the order of tables and columns stay `described`'s. A table or a
/// key column `declared` lacks keeps `described`'s constraints. Returns one sentence per
/// disagreement a user should know of, in table order: "tables.json gives flights.Airline
/// as the key; the original database declares (Airline, FlightNo), which is used".
std::vector<std::string> adoptDeclaredConstraints(Schema& described, const Schema& declared);

/// "(Airline, FlightNo)", "Airline", or "no key": a key as the notes above write it.
std::string keyInWords(const std::string& table, const std::vector<std::string>& key);

} // namespace sqleq::schema
