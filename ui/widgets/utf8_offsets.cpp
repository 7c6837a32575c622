// Utf8Offsets: a byte → UTF-16 table built once per text (queries are short; the
// table costs one int per byte and makes every lookup O(1)).

#include "ui/widgets/utf8_offsets.h"

namespace sqleq::ui {

Utf8Offsets::Utf8Offsets(const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    m_utf8.assign(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    m_utf16At.reserve(m_utf8.size() + 1);
    int utf16 = 0;
    for (std::size_t i = 0; i < m_utf8.size();) {
        const auto lead = static_cast<unsigned char>(m_utf8[i]);
        // A 4-byte sequence is a surrogate pair in UTF-16: it advances two units.
        const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        for (std::size_t k = 0; k < length && i + k < m_utf8.size(); ++k) m_utf16At.push_back(utf16);
        i += length;
        utf16 += length == 4 ? 2 : 1;
    }
    m_utf16At.push_back(utf16);
}

int Utf8Offsets::toUtf16(uint32_t byteOffset) const
{
    if (byteOffset >= m_utf16At.size()) return m_utf16At.back();
    return m_utf16At[byteOffset];
}

std::optional<std::pair<int, int>> typedRange(const QString& typed, std::string_view run, SourceSpan span)
{
    if (!span.valid()) return std::nullopt;
    const Utf8Offsets offsets(typed);
    if (offsets.utf8() != run) return std::nullopt;
    return std::pair{offsets.toUtf16(span.begin), offsets.toUtf16(span.end)};
}

} // namespace sqleq::ui
