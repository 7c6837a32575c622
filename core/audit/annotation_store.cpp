// AnnotationStore's life cycle — creating a project file all or nothing, opening
// and validating one — and its item-level reads and writes. Annotation and reason
// edits live in store_annotations.cpp; the table layout in store_schema.cpp.

#include "core/audit/audit.h"

#include "core/audit/store_rows.h"
#include "core/audit/store_schema.h"
#include "core/audit/store_sql.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <system_error>
#include <utility>

namespace sqleq::audit {
namespace {

namespace fs = std::filesystem;

// FULLMUTEX keeps SQLite itself safe if a caller hands the store to another
// thread; the store still expects one caller at a time (its transactions are
// per connection).
constexpr int kOpenFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX;

struct ConnectionCloser {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using OwnedConnection = std::unique_ptr<sqlite3, ConnectionCloser>;

Result<OwnedConnection> openConnection(const fs::path& path, const char* code)
{
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, kOpenFlags, nullptr);
    OwnedConnection db(raw);
    if (rc != SQLITE_OK) return detail::storeError(code, path, "cannot open", db.get());
    sqlite3_extended_result_codes(db.get(), 1);
    return db;
}

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
Result<OwnedConnection> makeNewProject(const fs::path& path, const ProjectSources& sources,
                                       const std::vector<AuditItem>& items)
{
    auto db = openConnection(path, "audit.create");
    if (!db) return db.error();
    if (auto filled = fillNewProject(db->get(), path, sources, items); !filled) return filled.error();
    return db;
}

} // namespace

AnnotationStore::AnnotationStore(fs::path path, sqlite3* db) : m_path(std::move(path)), m_db(db) {}

AnnotationStore::AnnotationStore(AnnotationStore&& other) noexcept
    : m_path(std::move(other.m_path)), m_db(std::exchange(other.m_db, nullptr))
{
}

AnnotationStore& AnnotationStore::operator=(AnnotationStore&& other) noexcept
{
    if (this != &other) {
        sqlite3_close_v2(m_db);
        m_path = std::move(other.m_path);
        m_db = std::exchange(other.m_db, nullptr);
    }
    return *this;
}

AnnotationStore::~AnnotationStore()
{
    sqlite3_close_v2(m_db);
}

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
    return AnnotationStore(path, made->release());
}

Result<AnnotationStore> AnnotationStore::open(const fs::path& path)
{
    std::error_code error;
    const auto status = fs::status(path, error);
    if (!fs::exists(status)) {
        return Diagnostic{"audit.open", fmt::format("{}: no such file", path.string()), {}, {}};
    }
    if (!fs::is_regular_file(status)) {
        return Diagnostic{"audit.open", fmt::format("{}: not a file", path.string()), {}, {}};
    }
    auto db = openConnection(path, "audit.open");
    if (!db) return db.error();
    if (auto valid = detail::validateProject(db->get(), path); !valid) return valid.error();
    if (auto configured = detail::configureConnection(db->get(), path); !configured) return configured.error();
    return AnnotationStore(path, db->release());
}

Result<ProjectSources> AnnotationStore::sources() const
{
    return detail::readSources(m_db, m_path);
}

Result<std::vector<AuditItem>> AnnotationStore::items() const
{
    return detail::readItems(m_db, m_path);
}

Status AnnotationStore::updateMetrics(const std::vector<evaluation::ItemMetrics>& metrics)
{
    auto transaction = detail::WriteTransaction::begin(m_db, m_path);
    if (!transaction) return transaction.error();
    if (auto status = detail::updateItemMetrics(m_db, m_path, metrics); !status) return status;
    return transaction->commit();
}

} // namespace sqleq::audit
