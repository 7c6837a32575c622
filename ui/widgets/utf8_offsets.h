// Utf8Offsets: core reports positions as UTF-8 byte offsets (SourceSpan), Qt text
// widgets count UTF-16 code units. This keeps the UTF-8 copy of one QString and
// converts between the two, so spans land on the right characters with non-ASCII text.
#pragma once

#include <QString>

#include "core/base/source_span.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sqleq::ui {

class Utf8Offsets {
public:
    explicit Utf8Offsets(const QString& text);

    [[nodiscard]] const std::string& utf8() const { return m_utf8; }
    /// The UTF-16 position of a byte offset; offsets inside a character round down,
    /// offsets past the end clamp to the text's length.
    [[nodiscard]] int toUtf16(uint32_t byteOffset) const;

private:
    std::string m_utf8;
    std::vector<int> m_utf16At;  ///< m_utf16At[b]: UTF-16 index of the character holding byte b
};

/// The UTF-16 range of `typed` that `span` covers, when the span points into `run` and
/// `run` is the very text typed (a postprocessed or plugged text has other positions);
/// nothing otherwise.
std::optional<std::pair<int, int>> typedRange(const QString& typed, std::string_view run, SourceSpan span);

} // namespace sqleq::ui
