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

struct CachedStatement {
    Statement statement;         ///< reset: ready to step from the start
    std::size_t statementLength = 0;  ///< bytes of the key that the statement spans (before a blank tail)
};

class StatementCache {
public:
    /// `capacity` is at least 1.
    explicit StatementCache(std::size_t capacity = kStatementCacheCapacity)
        : m_capacity(capacity > 0 ? capacity : 1) {}

    /// The statement prepared from exactly `sql`, now the most recently used; null
    /// when there is none. The pointer stays valid until erase(), clear() or an
    /// insert() that evicts it.
    CachedStatement* find(std::string_view sql);

    /// Keeps `entry` under `sql` (replacing an entry with that text) and evicts the
    /// least recently used one beyond the capacity; returns the kept entry.
    CachedStatement& insert(std::string_view sql, CachedStatement entry);

    void erase(std::string_view sql);
    /// Finalizes every statement.
    void clear();
    [[nodiscard]] std::size_t size() const { return m_entries.size(); }

private:
    struct Entry {
        std::string sql;
        CachedStatement cached;
    };

    std::size_t m_capacity;
    std::list<Entry> m_entries;  // most recently used first; nodes never move, so keys stay valid
    std::unordered_map<std::string_view, std::list<Entry>::iterator> m_index;  // views into m_entries
};

} // namespace sqleq::exec
