// A least-recently-used map from SQL text to a prepared statement.
#include "core/exec/statement_cache.h"

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
    m_entries.push_front(Entry{std::string(sql), std::move(entry)});
    m_index.emplace(m_entries.front().sql, m_entries.begin());
    while (m_entries.size() > m_capacity) {
        m_index.erase(m_entries.back().sql);
        m_entries.pop_back();
    }
    return m_entries.front().cached;
}

void StatementCache::erase(std::string_view sql)
{
    const auto it = m_index.find(sql);
    if (it == m_index.end()) return;
    const auto node = it->second;
    m_index.erase(it);  // before the node: the key views its text
    m_entries.erase(node);
}

void StatementCache::clear()
{
    m_index.clear();
    m_entries.clear();
}

} // namespace sqleq::exec
