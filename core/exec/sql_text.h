// Small lexical helpers over SQL text that do not need a parser: skipping
// whitespace and comments between statements. Used by the executor to reject a
// second statement and by executeScript to position errors. No tokenizing here.
#pragma once

#include <cstddef>
#include <string_view>

namespace sqleq::exec {

/// The offset of the first byte at or after `pos` that is not whitespace or a
/// comment (`-- …` to end of line, `/* … */`); with `skipSemicolons` also skips ';'.
/// An unterminated block comment runs to the end of the text, as in SQLite.
std::size_t skipBlank(std::string_view sql, std::size_t pos, bool skipSemicolons = false);

/// True when `tail` holds only whitespace, comments and semicolons.
bool isBlankTail(std::string_view tail);

/// Length of the word (identifier characters) starting at `pos`, at least 1 when
/// `pos` is inside the text; used to turn an error offset into a visible span.
std::size_t wordLengthAt(std::string_view sql, std::size_t pos);

} // namespace sqleq::exec
