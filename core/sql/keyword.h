// Keyword: SQLite's reserved and non-reserved words (3.40's keywordhash table).
// The lexer maps a bare word to its Keyword; the parser asks the flags below to
// reproduce SQLite's grammar classes (%fallback ID, JOIN_KW, LIKE_KW, CTIME_KW).
// This file knows nothing about the grammar beyond those classes.
#pragma once

#include <cstdint>
#include <string_view>

namespace sqleq::sql {

// X(Enumerator, "SPELLING", flags), in spelling order.
#define SQLEQ_SQL_KEYWORDS(X)                                                                    \
    X(Abort, "ABORT", kFallback) X(Action, "ACTION", kFallback) X(Add, "ADD", 0)                  \
    X(After, "AFTER", kFallback) X(All, "ALL", 0) X(Alter, "ALTER", 0)                            \
    X(Always, "ALWAYS", kFallback) X(Analyze, "ANALYZE", kFallback) X(And, "AND", 0)              \
    X(As, "AS", 0) X(Asc, "ASC", kFallback) X(Attach, "ATTACH", kFallback)                        \
    X(Autoincrement, "AUTOINCREMENT", 0) X(Before, "BEFORE", kFallback)                           \
    X(Begin, "BEGIN", kFallback) X(Between, "BETWEEN", 0) X(By, "BY", kFallback)                  \
    X(Cascade, "CASCADE", kFallback) X(Case, "CASE", 0) X(Cast, "CAST", kFallback)                \
    X(Check, "CHECK", 0) X(Collate, "COLLATE", 0) X(Column, "COLUMN", kFallback)                  \
    X(Commit, "COMMIT", 0) X(Conflict, "CONFLICT", kFallback) X(Constraint, "CONSTRAINT", 0)      \
    X(Create, "CREATE", 0) X(Cross, "CROSS", kJoin) X(Current, "CURRENT", kFallback)              \
    X(CurrentDate, "CURRENT_DATE", kFallback | kTime)                                             \
    X(CurrentTime, "CURRENT_TIME", kFallback | kTime)                                             \
    X(CurrentTimestamp, "CURRENT_TIMESTAMP", kFallback | kTime)                                   \
    X(Database, "DATABASE", kFallback) X(Default, "DEFAULT", 0)                                   \
    X(Deferrable, "DEFERRABLE", 0) X(Deferred, "DEFERRED", kFallback) X(Delete, "DELETE", 0)      \
    X(Desc, "DESC", kFallback) X(Detach, "DETACH", kFallback) X(Distinct, "DISTINCT", 0)          \
    X(Do, "DO", kFallback) X(Drop, "DROP", 0) X(Each, "EACH", kFallback) X(Else, "ELSE", 0)       \
    X(End, "END", kFallback) X(Escape, "ESCAPE", 0) X(Except, "EXCEPT", 0)                        \
    X(Exclude, "EXCLUDE", kFallback) X(Exclusive, "EXCLUSIVE", kFallback)                         \
    X(Exists, "EXISTS", 0) X(Explain, "EXPLAIN", kFallback) X(Fail, "FAIL", kFallback)            \
    X(Filter, "FILTER", kContextual) X(First, "FIRST", kFallback)                                 \
    X(Following, "FOLLOWING", kFallback) X(For, "FOR", kFallback) X(Foreign, "FOREIGN", 0)        \
    X(From, "FROM", 0) X(Full, "FULL", kJoin) X(Generated, "GENERATED", kFallback)                \
    X(Glob, "GLOB", kFallback | kLike) X(Group, "GROUP", 0) X(Groups, "GROUPS", kFallback)        \
    X(Having, "HAVING", 0) X(If, "IF", kFallback) X(Ignore, "IGNORE", kFallback)                  \
    X(Immediate, "IMMEDIATE", kFallback) X(In, "IN", 0) X(Index, "INDEX", 0)                      \
    X(Indexed, "INDEXED", kId) X(Initially, "INITIALLY", kFallback) X(Inner, "INNER", kJoin)      \
    X(Insert, "INSERT", 0) X(Instead, "INSTEAD", kFallback) X(Intersect, "INTERSECT", 0)          \
    X(Into, "INTO", 0) X(Is, "IS", 0) X(Isnull, "ISNULL", 0) X(Join, "JOIN", 0)                   \
    X(Key, "KEY", kFallback) X(Last, "LAST", kFallback) X(Left, "LEFT", kJoin)                    \
    X(Like, "LIKE", kFallback | kLike) X(Limit, "LIMIT", 0) X(Match, "MATCH", kFallback | kLike)  \
    X(Materialized, "MATERIALIZED", kFallback) X(Natural, "NATURAL", kJoin) X(No, "NO", kFallback)\
    X(Not, "NOT", 0) X(Nothing, "NOTHING", 0) X(Notnull, "NOTNULL", 0) X(Null, "NULL", 0)         \
    X(Nulls, "NULLS", kFallback) X(Of, "OF", kFallback) X(Offset, "OFFSET", kFallback)            \
    X(On, "ON", 0) X(Or, "OR", 0) X(Order, "ORDER", 0) X(Others, "OTHERS", kFallback)             \
    X(Outer, "OUTER", kJoin) X(Over, "OVER", kContextual) X(Partition, "PARTITION", kFallback)    \
    X(Plan, "PLAN", kFallback) X(Pragma, "PRAGMA", kFallback)                                     \
    X(Preceding, "PRECEDING", kFallback) X(Primary, "PRIMARY", 0) X(Query, "QUERY", kFallback)    \
    X(Raise, "RAISE", kFallback) X(Range, "RANGE", kFallback)                                     \
    X(Recursive, "RECURSIVE", kFallback) X(References, "REFERENCES", 0)                           \
    X(Regexp, "REGEXP", kFallback | kLike) X(Reindex, "REINDEX", kFallback)                       \
    X(Release, "RELEASE", kFallback) X(Rename, "RENAME", kFallback)                               \
    X(Replace, "REPLACE", kFallback) X(Restrict, "RESTRICT", kFallback)                           \
    X(Returning, "RETURNING", 0) X(Right, "RIGHT", kJoin) X(Rollback, "ROLLBACK", kFallback)      \
    X(Row, "ROW", kFallback) X(Rows, "ROWS", kFallback) X(Savepoint, "SAVEPOINT", kFallback)      \
    X(Select, "SELECT", 0) X(Set, "SET", 0) X(Table, "TABLE", 0) X(Temp, "TEMP", kFallback)       \
    X(Temporary, "TEMPORARY", kFallback) X(Then, "THEN", 0) X(Ties, "TIES", kFallback)            \
    X(To, "TO", 0) X(Transaction, "TRANSACTION", 0) X(Trigger, "TRIGGER", kFallback)              \
    X(Unbounded, "UNBOUNDED", kFallback) X(Union, "UNION", 0) X(Unique, "UNIQUE", 0)              \
    X(Update, "UPDATE", 0) X(Using, "USING", 0) X(Vacuum, "VACUUM", kFallback)                    \
    X(Values, "VALUES", 0) X(View, "VIEW", kFallback) X(Virtual, "VIRTUAL", kFallback)            \
    X(When, "WHEN", 0) X(Where, "WHERE", 0) X(Window, "WINDOW", kContextual)                      \
    X(With, "WITH", kFallback) X(Without, "WITHOUT", kFallback)

/// Grammar classes of a keyword, as bit flags.
namespace keyword_flags {
inline constexpr unsigned kFallback = 1;   ///< in parse.y's %fallback ID list
inline constexpr unsigned kJoin = 2;       ///< JOIN_KW: may be a name in `nm` positions
inline constexpr unsigned kLike = 4;       ///< LIKE_KW or MATCH: a pattern operator
inline constexpr unsigned kTime = 8;       ///< CTIME_KW: CURRENT_DATE/TIME/TIMESTAMP
inline constexpr unsigned kId = 16;        ///< INDEXED: part of the `id` token class
inline constexpr unsigned kContextual = 32; ///< WINDOW/OVER/FILTER: a keyword only in context
} // namespace keyword_flags

enum class Keyword : uint8_t {
    None,
#define SQLEQ_KEYWORD_ENUM(name, spelling, flags) name,
    SQLEQ_SQL_KEYWORDS(SQLEQ_KEYWORD_ENUM)
#undef SQLEQ_KEYWORD_ENUM
};

/// The keyword a word spells (case-insensitive), or Keyword::None.
Keyword lookupKeyword(std::string_view word);

/// Upper-case spelling, e.g. "CURRENT_DATE"; empty for Keyword::None.
std::string_view keywordSpelling(Keyword keyword);

/// The keyword_flags bits of a keyword.
unsigned keywordFlags(Keyword keyword);

inline bool hasKeywordFlag(Keyword keyword, unsigned flag) { return (keywordFlags(keyword) & flag) != 0; }

} // namespace sqleq::sql
