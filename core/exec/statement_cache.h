// StatementCache: the candidate statements one connection keeps prepared, keyed
// by their exact SQL text, the least recently used evicted first. Preparing is
// half the cost of a small query, and the search stage runs the same texts again
// and again. Only statements the executor has vetted (one read-only query that
// passed the authorizer) enter; the cache itself applies no policy and runs nothing.
#pragma once

#include "core/exec/statement.h"

#include <cstddef>
#include <list>
#include <string>
#include <string_view>
#include <unordered_map>

namespace sqleq::exec {

/// How many statements a connection keeps prepared (Python's sqlite3 keeps 128 too).
inline constexpr std::size_t kStatementCacheCapacity = 128;
/// How much memory a connection's kept statements may hold together (SQLite's own
/// count per statement, plus the text): a gold with a 1,000-item IN list compiles to
/// a large program, and its neighbors run on every suite database.
inline constexpr std::size_t kStatementCacheBytes = std::size_t{4} << 20;

struct CachedStatement {
    Statement statement;         ///< reset: ready to step from the start
    std::size_t statementLength = 0;  ///< bytes of the key that the statement spans (before a blank tail)
};

class StatementCache {
public:
    /// `capacity` is at least 1.
    explicit StatementCache(std::size_t capacity = kStatementCacheCapacity, std::size_t maxBytes = kStatementCacheBytes)
        : m_capacity(capacity > 0 ? capacity : 1), m_maxBytes(maxBytes) {}

    /// The statement prepared from exactly `sql`, now the most recently used; null
    /// when there is none. The pointer stays valid until erase(), clear() or an
    /// insert() that evicts it.
    CachedStatement* find(std::string_view sql);

    /// Keeps `entry` under `sql` (replacing an entry with that text) and evicts the
    /// least recently used ones beyond the capacity or the byte bound (the new entry
    /// always stays); returns the kept entry.
    CachedStatement& insert(std::string_view sql, CachedStatement entry);

    void erase(std::string_view sql);
    /// Finalizes every statement.
    void clear();
    [[nodiscard]] std::size_t size() const { return m_entries.size(); }
    /// Memory the kept statements hold, as counted when each was inserted.
    [[nodiscard]] std::size_t bytes() const { return m_bytes; }

private:
    struct Entry {
        std::string sql;
        CachedStatement cached;
        std::size_t bytes = 0;
    };

    void evictOldest();

    std::size_t m_capacity;
    std::size_t m_maxBytes;
    std::size_t m_bytes = 0;
    std::list<Entry> m_entries;  // most recently used first; nodes never move, so keys stay valid
    std::unordered_map<std::string_view, std::list<Entry>::iterator> m_index;  // views into m_entries
};

} // namespace sqleq::exec
