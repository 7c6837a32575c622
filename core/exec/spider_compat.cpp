// The evaluator's rewrites, replayed as literal replacements in its order.
#include "core/exec/spider_compat.h"

namespace sqleq::exec {

namespace {

/// Python's str.replace(from, to) with a non-empty `from`.
std::string replaceAll(std::string_view text, std::string_view from, std::string_view to)
{
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    for (;;) {
        const std::size_t hit = text.find(from, pos);
        if (hit == std::string_view::npos) break;
        out.append(text.substr(pos, hit - pos));
        out.append(to);
        pos = hit + from.size();
    }
    out.append(text.substr(pos));
    return out;
}

} // namespace

std::string officialPostprocess(std::string_view query)
{
    std::string out = replaceAll(query, "> =", ">=");
    out = replaceAll(out, "< =", "<=");
    return replaceAll(out, "! =", "!=");
}

std::string officialValuePlaceholder(std::string_view prediction)
{
    return replaceAll(prediction, "value", "1");
}

} // namespace sqleq::exec
