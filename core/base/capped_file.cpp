// readFileCapped: std::FILE in fixed chunks, so the cap is checked before memory
// grows; the size check up front is only a shortcut for regular files.

#include "core/base/capped_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <system_error>

namespace sqleq {
namespace {

Diagnostic openError(const std::filesystem::path& path, std::string_view why)
{
    return Diagnostic{"io.open", fmt::format("cannot open {}: {}", path.string(), why), {}, {}};
}

Diagnostic fileTooLarge(const std::filesystem::path& path, const FileLimit& limit)
{
    return Diagnostic{"io.too_large",
                      fmt::format("{}: larger than the {} limit for a {}", path.string(),
                                  formatByteLimit(limit.maxBytes), limit.kind),
                      {}, {}};
}

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

} // namespace

std::string formatByteLimit(std::uint64_t bytes)
{
    if (bytes >= input_limits::kMiB && bytes % input_limits::kMiB == 0)
        return fmt::format("{} MiB", bytes / input_limits::kMiB);
    if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes / 1024);
    return fmt::format("{} bytes", bytes);
}

Diagnostic tooLargeError(std::string_view what, std::uint64_t size, const FileLimit& limit)
{
    return Diagnostic{"io.too_large",
                      fmt::format("{}: {} bytes, larger than the {} limit for {}", what, size,
                                  formatByteLimit(limit.maxBytes), limit.kind),
                      {}, {}};
}

Result<std::string> readFileCapped(const std::filesystem::path& path, const FileLimit& limit)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec) return openError(path, ec.message());
    if (std::filesystem::is_directory(status)) return openError(path, "it is a directory");
    if (std::filesystem::is_regular_file(status)) {
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec && size > limit.maxBytes) return fileTooLarge(path, limit);
    }
    errno = 0;
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file) return openError(path, std::strerror(errno != 0 ? errno : ENOENT));
    std::string text;
    char chunk[64 * 1024];
    while (true) {
        const std::size_t want = static_cast<std::size_t>(
            std::min<std::uint64_t>(sizeof chunk, limit.maxBytes + 1 - text.size()));
        const std::size_t got = std::fread(chunk, 1, want, file.get());
        text.append(chunk, got);
        if (text.size() > limit.maxBytes) return fileTooLarge(path, limit);
        if (got < want) break;
    }
    if (std::ferror(file.get()))
        return Diagnostic{"io.read", fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)), {}, {}};
    return text;
}

} // namespace sqleq
