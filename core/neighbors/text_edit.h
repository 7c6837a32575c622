// Text edits behind every neighbor: a candidate is one span of the gold text and
// its replacement. The helpers keep a splice from gluing tokens together (a new
// `--` comment, `a` + `'x'` becoming a blob) and make drops take one side's
// whitespace, so a neighbor reads like the gold. Internal to core/neighbors.
#pragma once

#include "core/base/source_span.h"
#include "core/neighbors/neighbors.h"

#include <string>
#include <string_view>
#include <vector>

namespace sqleq::neighbors {

/// One proposed change to the gold text, before any filtering.
struct Candidate {
    MutationFamily family;
    SourceSpan span;
    std::string replacement;
    /// Set by a family that can prove the edit leaves the result unchanged on
    /// every database: the filter counts it and keeps it out of the neighbors.
    bool equivalentToGold = false;
};

/// A candidate replacing `span` by `replacement`, padded with a space on a side
/// where the splice would otherwise glue two tokens into one.
Candidate makeReplacement(std::string_view text, MutationFamily family, SourceSpan span,
                          std::string replacement);

/// A candidate removing `span` together with the whitespace on one side of it
/// (the left, unless the text right after the span is attached to it), unless
/// the span already starts or ends with whitespace; padded like
/// makeReplacement() if the sides would still glue.
Candidate makeDrop(std::string_view text, MutationFamily family, SourceSpan span);

/// The gold text with the candidate's span replaced.
std::string applyCandidate(std::string_view text, const Candidate& candidate);

/// One replacement of a span of a text, for rewrites that make several at once (the
/// proofs of schema_equivalence.h).
struct TextEdit {
    SourceSpan span;
    std::string replacement;
};

/// `text` with the edits made; an edit inside another one gives way to it, and an
/// edit with an invalid span or one past the text's end is left out. Every
/// replacement is spliced in with a space on both sides, so it never glues to what
/// surrounds it (the result is re-parsed, not shown).
std::string applyEdits(std::string_view text, std::vector<TextEdit> edits);

/// `word` (upper case) spelled in the letter case of `original`: "count" → "min",
/// "COUNT" → "MIN", "Count" → "Min".
std::string matchCase(std::string_view original, std::string_view word);

} // namespace sqleq::neighbors
