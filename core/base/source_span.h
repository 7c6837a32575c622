// SourceSpan: a half-open range of byte offsets into a query's original text.
// Every token and AST node carries one so that errors and mutations can be shown
// in place. Nodes synthesized later (e.g. by a mutation) keep the invalid span.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

namespace sqleq {

struct SourceSpan {
    static constexpr uint32_t kInvalid = std::numeric_limits<uint32_t>::max();

    uint32_t begin = kInvalid;
    uint32_t end = kInvalid;

    [[nodiscard]] constexpr bool valid() const { return begin != kInvalid && end != kInvalid; }
    [[nodiscard]] constexpr uint32_t length() const { return valid() ? end - begin : 0; }

    /// The smallest span covering both; an invalid side is ignored.
    [[nodiscard]] constexpr SourceSpan merge(SourceSpan other) const
    {
        if (!valid()) return other;
        if (!other.valid()) return *this;
        return {std::min(begin, other.begin), std::max(end, other.end)};
    }

    friend constexpr bool operator==(SourceSpan, SourceSpan) = default;
};

} // namespace sqleq
