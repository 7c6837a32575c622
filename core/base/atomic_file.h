// Writing a file so that readers see the old content or the new, never a torn one:
// a temporary file beside the target, fsync, then rename over it.
#pragma once

#include "core/base/result.h"

#include <filesystem>
#include <string_view>

namespace sqleq {

/// Replaces `path` with `bytes` atomically; the error names the file.
Status writeFileAtomically(const std::filesystem::path& path, std::string_view bytes);

} // namespace sqleq
