// Lexical scans over one CREATE TABLE statement, just enough to recover what
// SQLite's PRAGMAs do not report: CHECK constraint bodies and AUTOINCREMENT.
// Deliberately not a DDL parser: it only skips quotes/comments and balances parentheses.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sqleq::schema {

/// Bodies of every CHECK(...) in `createSql` (column and table constraints), in
/// order, trimmed and without the outer parentheses.
std::vector<std::string> extractCheckBodies(std::string_view createSql);

/// The offset of the ';' ending the statement that starts at `pos` (outside
/// quotes and comments), or the text's size when there is none. Trigger bodies
/// are not special-cased: use it only where no CREATE TRIGGER can start at `pos`.
std::size_t findStatementEnd(std::string_view sql, std::size_t pos);

/// True when the keyword AUTOINCREMENT appears outside quotes and comments.
bool mentionsAutoincrement(std::string_view createSql);

} // namespace sqleq::schema
