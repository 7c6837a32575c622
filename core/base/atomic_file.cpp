// POSIX write-to-temp, fsync, rename.

#include "core/base/atomic_file.h"

#include <fmt/format.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace sqleq {
namespace {

Diagnostic ioError(const std::filesystem::path& path, const char* what)
{
    return Diagnostic{"io.write", fmt::format("cannot {} {}: {}", what, path.string(), std::strerror(errno)), {}, {}};
}

} // namespace

Status writeFileAtomically(const std::filesystem::path& path, std::string_view bytes)
{
    // A hidden temp name without the target's extension: a reader scanning the folder
    // for "*.sqlite" (as test-suite-sql-eval does) never picks up a half-written file.
    const auto temp = path.parent_path() / fmt::format(".{}.tmp{}", path.stem().string(), ::getpid());
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return ioError(temp, "create");
    size_t written = 0;
    while (written < bytes.size()) {
        const auto n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            auto error = ioError(temp, "write");
            ::close(fd);
            ::unlink(temp.c_str());
            return error;
        }
        written += static_cast<size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        auto error = ioError(temp, "flush");
        ::unlink(temp.c_str());
        return error;
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        auto error = ioError(path, "replace");
        ::unlink(temp.c_str());
        return error;
    }
    return {};
}

} // namespace sqleq
