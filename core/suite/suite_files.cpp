// Suites on disk in test-suite-sql-eval's layout: DIR/<db_id>/<db_id>_<n>.sqlite,
// every file of the folder with ".sqlite" in its name being one database (which files,
// in which order: dataset::DatasetLayout::suiteFiles). Files are written atomically (core/base/atomic_file.h, then the folder is fsynced) and
// read back read-only; filesystem exceptions are caught here and become Diagnostics.
#include "core/suite/suite_files.h"

#include "core/base/atomic_file.h"
#include "core/dataset/dataset_layout.h"
#include "core/suite/suite_diagnostic.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <system_error>
#include <unistd.h>

namespace sqleq::suite {
namespace fs = std::filesystem;
namespace {

Diagnostic exportError(const fs::path& path, std::string_view what)
{
    return attributed(suiteError("suite.export", fmt::format("{}: {}", path.string(), what)), DiagnosticKind::Suite,
                      DiagnosticSubject::Suite);
}

Diagnostic importError(const fs::path& path, std::string_view what)
{
    return attributed(suiteError("suite.import", fmt::format("{}: {}", path.string(), what)), DiagnosticKind::Suite,
                      DiagnosticSubject::Suite);
}

Status writeAtomically(const fs::path& target, const exec::Bytes& bytes)
{
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (auto written = writeFileAtomically(target, text); !written) return exportError(target, written.error().message);
    return {};
}

void syncDirectory(const fs::path& dir)
{
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;  // best effort: the files themselves are already durable
    ::fsync(fd);
    ::close(fd);
}

/// n when `name` is "<dbId>_<n>.sqlite", else nullopt.
std::optional<std::size_t> exportedIndex(const std::string& name, const std::string& dbId)
{
    const std::string prefix = dbId + "_";
    const std::string suffix = ".sqlite";
    if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) || !name.ends_with(suffix))
        return std::nullopt;
    const std::string digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    if (digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return static_cast<std::size_t>(std::stoul(digits));
}

Status removeStale(const fs::path& folder, const std::string& dbId, std::size_t keep)
{
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const auto index = exportedIndex(entry.path().filename().string(), dbId);
        if (!index || *index < keep) continue;
        fs::remove(entry.path(), ec);
        if (ec) return exportError(entry.path(), ec.message());
    }
    if (ec) return exportError(folder, ec.message());
    return {};
}

} // namespace

Status exportSuite(const Suite& suite, const fs::path& dir)
{
    if (auto usable = dataset::checkDbId(suite.dbId); !usable) return exportError(dir, usable.error().message);
    const fs::path folder = dir / suite.dbId;
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) return exportError(folder, ec.message());
    for (std::size_t n = 0; n < suite.databases.size(); ++n) {
        const fs::path target = folder / fmt::format("{}_{}.sqlite", suite.dbId, n);
        if (Status written = writeAtomically(target, suite.databases[n].bytes); !written.ok()) return written;
    }
    if (Status removed = removeStale(folder, suite.dbId, suite.databases.size()); !removed.ok()) return removed;
    syncDirectory(folder);
    return {};
}

Result<std::vector<fs::path>> listSuiteFiles(const fs::path& dir, const std::string& dbId)
{
    return dataset::DatasetLayout{.suites = dir}.suiteFiles(dbId);
}

Result<Suite> importSuite(const fs::path& dir, const std::string& dbId)
{
    auto files = listSuiteFiles(dir, dbId);
    if (!files) return attributed(files.error(), DiagnosticKind::Suite, DiagnosticSubject::Suite);
    Suite suite;
    suite.dbId = dbId;
    for (const fs::path& file : *files) {
        auto conn = exec::Connection::openReadOnly(file);
        if (!conn.ok()) return importError(file, conn.error().message);
        auto bytes = conn->serialize();
        if (!bytes.ok()) return importError(file, bytes.error().message);
        SuiteDatabase database;
        database.origin = DatabaseOrigin::Imported;
        database.label = file.filename().string();
        database.bytes = std::move(bytes.value());
        suite.databases.push_back(std::move(database));
    }
    return suite;
}

} // namespace sqleq::suite
