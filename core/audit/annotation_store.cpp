// AnnotationStore's life cycle — creating a project file all or nothing, opening
// and validating one — and its item-level reads and writes. Annotation and reason
// edits live in store_annotations.cpp; the table layout in store_schema.cpp.

#include "core/audit/audit.h"

#include "core/audit/store_connection.h"
#include "core/audit/store_rows.h"
#include "core/audit/store_schema.h"
#include "core/audit/store_sql.h"
#include "core/suite/suite_files.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <system_error>
#include <utility>

namespace sqleq::audit {
namespace {

/// A multi-turn project's items get their interaction and turn from the turns per
/// interaction, by item index. A layout that does not cover the items (a hand-edited
/// file) places none: the items then read as single-turn.
void placeTurns(std::vector<AuditItem>& items, const std::vector<uint32_t>& interactionTurns)
{
    std::vector<evaluation::TurnPosition> positions;
    for (uint32_t interaction = 0; interaction < interactionTurns.size(); ++interaction) {
        if (positions.size() + interactionTurns[interaction] > items.size()) return;
        for (uint32_t turn = 0; turn < interactionTurns[interaction]; ++turn) positions.push_back({interaction, turn});
    }
    if (positions.size() != items.size()) return;
    for (auto& item : items)
        if (item.index < positions.size()) item.metrics.turn = positions[item.index];
}

/// The store keeps the index of the separating suite database; its file name, which
/// every front end shows, is read from the suite folder in the order the suite was
/// read, while that folder is still there.
void nameSeparatingDatabases(std::vector<AuditItem>& items, const std::filesystem::path& suitesDir)
{
    std::map<std::string, std::vector<std::filesystem::path>> files;
    for (AuditItem& item : items) {
        const int index = item.metrics.separatingDatabase;
        if (index < 0) continue;
        auto listed = files.find(item.dbId);
        if (listed == files.end()) {
            auto found = suite::listSuiteFiles(suitesDir, item.dbId);
            listed = files.emplace(item.dbId, found ? std::move(*found) : std::vector<std::filesystem::path>{}).first;
        }
        if (static_cast<std::size_t>(index) < listed->second.size())
            item.metrics.separatingDatabaseFile = listed->second[static_cast<std::size_t>(index)].filename().string();
    }
}

namespace fs = std::filesystem;

Diagnostic createError(const fs::path& path, const std::string& why)
{
    return Diagnostic{"audit.create", fmt::format("{}: {}", path.string(), why), {}, {}};
}

// Claims the name with O_EXCL, so two creators racing for it cannot both win and
// an existing file is never opened, let alone changed.
Status claimNewFile(const fs::path& path)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == EEXIST) return createError(path, "already exists (open it, or choose another name)");
        return createError(path, fmt::format("cannot create: {}", std::strerror(errno)));
    }
    ::close(fd);
    return {};
}

void removeProjectFiles(const fs::path& path)
{
    std::error_code ignored;
    fs::remove(path, ignored);
    fs::remove(fs::path(path.string() + "-wal"), ignored);
    fs::remove(fs::path(path.string() + "-shm"), ignored);
}

// A new file's directory entry is durable only once the directory is synced.
void syncDirectory(const fs::path& file)
{
    const auto directory = file.has_parent_path() ? file.parent_path() : fs::path(".");
    const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

Status fillNewProject(sqlite3* db, const fs::path& path, const ProjectSources& sources,
                      const std::vector<AuditItem>& items)
{
    if (auto status = detail::configureConnection(db, path); !status) return status;
    auto transaction = detail::WriteTransaction::begin(db, path);
    if (!transaction) return transaction.error();
    if (auto status = detail::createTables(db, path); !status) return status;
    if (auto status = detail::insertSources(db, path, sources); !status) return status;
    if (auto status = detail::insertItems(db, path, items); !status) return status;
    for (const auto& reason : defaultReasons()) {
        if (auto status = detail::insertReason(db, path, reason); !status) return status;
    }
    return transaction->commit();
}

// Opens the claimed empty file and fills it; on failure the connection is closed
// before the caller sees the error.
Result<std::unique_ptr<detail::Connection>> makeNewProject(const fs::path& path, const ProjectSources& sources,
                                                           const std::vector<AuditItem>& items)
{
    auto connection = detail::Connection::openNew(path);
    if (!connection) return connection.error();
    const auto call = (*connection)->beginCall();
    if (auto filled = fillNewProject((*connection)->db(), path, sources, items); !filled) return filled.error();
    return connection;
}

} // namespace

AnnotationStore::AnnotationStore(fs::path path, std::unique_ptr<detail::Connection> connection)
    : m_path(std::move(path)), m_connection(std::move(connection))
{
}

AnnotationStore::AnnotationStore(AnnotationStore&&) noexcept = default;
AnnotationStore& AnnotationStore::operator=(AnnotationStore&&) noexcept = default;
AnnotationStore::~AnnotationStore() = default;

Result<AnnotationStore> AnnotationStore::create(const fs::path& path, const ProjectSources& sources,
                                                const std::vector<AuditItem>& items)
{
    std::error_code error;
    if (fs::exists(fs::symlink_status(path, error))) {
        return createError(path, "already exists (open it, or choose another name)");
    }
    if (auto claimed = claimNewFile(path); !claimed) return claimed.error();
    auto made = makeNewProject(path, sources, items);
    if (!made) {
        // The connection is closed by now, so no -wal/-shm file reappears.
        removeProjectFiles(path);
        return Diagnostic{"audit.create", made.error().message, {}, {}};
    }
    syncDirectory(path);
    return AnnotationStore(path, std::move(*made));
}

Result<AnnotationStore> AnnotationStore::open(const fs::path& path)
{
    auto connection = detail::Connection::open(path, detail::OpenMode::ReadWrite);
    if (!connection) return connection.error();
    return AnnotationStore(path, std::move(*connection));
}

Result<AnnotationStore> AnnotationStore::openReadOnly(const fs::path& path)
{
    auto connection = detail::Connection::open(path, detail::OpenMode::ReadOnly);
    if (!connection) return connection.error();
    return AnnotationStore(path, std::move(*connection));
}

Result<ProjectSources> AnnotationStore::sources() const
{
    return m_connection->read([&](sqlite3* db) { return detail::readSources(db, m_path); });
}

Result<std::vector<AuditItem>> AnnotationStore::items() const
{
    auto items = m_connection->read(
        [&](sqlite3* db) { return detail::readItems(db, m_path, m_connection->formatVersion()); });
    if (!items) return items;
    if (auto sources = this->sources(); sources) {
        if (!sources->suites.empty()) nameSeparatingDatabases(*items, sources->suites);
        placeTurns(*items, sources->interactionTurns);
    }
    return items;
}

Status AnnotationStore::updateMetrics(const std::vector<evaluation::ItemMetrics>& metrics)
{
    const auto call = m_connection->beginCall();
    sqlite3* db = m_connection->db();
    auto transaction = detail::WriteTransaction::begin(db, m_path);
    if (!transaction) return transaction.error();
    if (auto status = detail::updateItemMetrics(db, m_path, metrics); !status) return status;
    return transaction->commit();
}

} // namespace sqleq::audit
