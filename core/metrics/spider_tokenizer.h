// The official Spider evaluator's tokenizer (process_sql.tokenize): quoted
// strings become single tokens, the rest is split the way nltk's
// word_tokenize(preserve_line=True) splits it, lower-cased, and "! =", "> =",
// "< =" are glued back. It reproduces quirks (e.g. "a=1" stays one token) on
// purpose: exact set match is defined by them.
#pragma once

#include "core/base/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace sqleq::metrics {

/// Tokens of `sql`; an odd number of quotes is a "metrics.spider_tokenize" error.
Result<std::vector<std::string>> spiderTokenize(std::string_view sql);

/// nltk's NLTKWordTokenizer on quote-free text (the part process_sql relies on).
std::vector<std::string> nltkWordTokenize(std::string_view text);

} // namespace sqleq::metrics
