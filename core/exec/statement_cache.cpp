// A least-recently-used map from SQL text to a prepared statement.
#include "core/exec/statement_cache.h"

#include <sqlite3.h>

#include <utility>

namespace sqleq::exec {

CachedStatement* StatementCache::find(std::string_view sql)
{
    const auto it = m_index.find(sql);
    if (it == m_index.end()) return nullptr;
    m_entries.splice(m_entries.begin(), m_entries, it->second);
    return &it->second->cached;
}

CachedStatement& StatementCache::insert(std::string_view sql, CachedStatement entry)
{
    erase(sql);
    sqlite3_stmt* handle = entry.statement.handle();
    const auto programBytes = handle != nullptr ? sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_MEMUSED, 0) : 0;
    const std::size_t bytes = sql.size() + static_cast<std::size_t>(programBytes > 0 ? programBytes : 0);
    m_entries.push_front(Entry{std::string(sql), std::move(entry), bytes});
    m_index.emplace(m_entries.front().sql, m_entries.begin());
    m_bytes += bytes;
    while (m_entries.size() > 1 && (m_entries.size() > m_capacity || m_bytes > m_maxBytes)) evictOldest();
    return m_entries.front().cached;
}

void StatementCache::evictOldest()
{
    m_bytes -= m_entries.back().bytes;
    m_index.erase(m_entries.back().sql);
    m_entries.pop_back();
}

void StatementCache::erase(std::string_view sql)
{
    const auto it = m_index.find(sql);
    if (it == m_index.end()) return;
    const auto node = it->second;
    m_bytes -= node->bytes;
    m_index.erase(it);  // before the node: the key views its text
    m_entries.erase(node);
}

void StatementCache::clear()
{
    m_index.clear();
    m_entries.clear();
    m_bytes = 0;
}

} // namespace sqleq::exec
