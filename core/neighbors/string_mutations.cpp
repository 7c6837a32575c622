// String constant mutations (see constant_mutations.h). Patterns of LIKE/GLOB
// are mutated around their wildcards: the text between leading and trailing
// wildcards is what substrings and concatenations change, and the wildcards
// themselves are toggled one at a time.

#include "core/neighbors/constant_mutations.h"

#include "core/sql/walk.h"

#include <unordered_map>

namespace sqleq::neighbors {
namespace {

struct StringSite {
    SourceSpan span;
    std::string value;
    char wildcard = 0;  ///< '%' (LIKE) or '*' (GLOB) for patterns, else 0
};

std::vector<StringSite> stringSites(const GoldQuery& gold)
{
    std::unordered_map<const sql::Node*, char> wildcards;
    std::vector<StringSite> sites;
    sql::walk(gold.statement, [&](const sql::Node& node) {
        if (const auto* like = node.tryAs<sql::LikeExpr>(); like && like->pattern) {
            if (like->op == sql::LikeOp::Like) wildcards[like->pattern.get()] = '%';
            if (like->op == sql::LikeOp::Glob) wildcards[like->pattern.get()] = '*';
        }
        const auto wildcard = wildcards.find(&node);
        const char pattern = wildcard == wildcards.end() ? 0 : wildcard->second;
        if (const auto* literal = node.tryAs<sql::Literal>(); literal && literal->literalKind == sql::LiteralKind::String) {
            sites.push_back({node.span(), literal->value(), pattern});
        } else if (const auto* ref = node.tryAs<sql::ColumnRef>()) {
            const ColumnSite* site = gold.scopes.find(*ref);
            if (site && site->isString) sites.push_back({node.span(), ref->column.name, pattern});
        }
        return true;
    });
    return sites;
}

std::string randomWord(fuzz::Prng& prng, int minLength, int maxLength)
{
    constexpr std::string_view kLetters = "abcdefghijklmnopqrstuvwxyz";
    const auto length = prng.uniform(minLength, maxLength);
    std::string word;
    for (int64_t i = 0; i < length; ++i) word.push_back(kLetters[prng.index(kLetters.size())]);
    return word;
}

/// Moves a byte offset forward to the start of a UTF-8 character.
std::size_t charBoundary(std::string_view text, std::size_t offset)
{
    while (offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80) ++offset;
    return offset;
}

std::string substring(std::string_view text, std::size_t begin, std::size_t end)
{
    begin = charBoundary(text, begin);
    end = charBoundary(text, end);
    return begin < end ? std::string(text.substr(begin, end - begin)) : std::string();
}

/// Substrings and concatenations of `core` (the text between wildcards).
std::vector<std::string> coreVariants(std::string_view core, fuzz::Prng& prng)
{
    std::vector<std::string> out;
    out.push_back(randomWord(prng, 3, 8));
    if (core.size() >= 2) {
        out.push_back(substring(core, 0, core.size() - 1));
        out.push_back(substring(core, 1, core.size()));
        const std::size_t length = 1 + prng.index(core.size() - 1);
        const std::size_t begin = prng.index(core.size() - length + 1);
        out.push_back(substring(core, begin, begin + length));
    }
    out.push_back(std::string(core) + randomWord(prng, 1, 4));
    out.push_back(randomWord(prng, 1, 4) + std::string(core));
    return out;
}

std::vector<std::string> stringVariants(const StringSite& site, fuzz::Prng& prng)
{
    std::string_view core = site.value;
    const bool leading = site.wildcard != 0 && !core.empty() && core.front() == site.wildcard;
    if (leading) core.remove_prefix(1);
    const bool trailing = site.wildcard != 0 && !core.empty() && core.back() == site.wildcard;
    if (trailing) core.remove_suffix(1);
    const std::string before = leading ? std::string(1, site.wildcard) : std::string();
    const std::string after = trailing ? std::string(1, site.wildcard) : std::string();
    std::vector<std::string> out;
    for (std::string& variant : coreVariants(core, prng)) {
        if (!variant.empty()) out.push_back(before + variant + after);
    }
    if (site.wildcard != 0) {
        const std::string w(1, site.wildcard);
        out.push_back((leading ? std::string() : w) + std::string(core) + after);
        out.push_back(before + std::string(core) + (trailing ? std::string() : w));
        if (leading && trailing) out.push_back(std::string(core));
    }
    return out;
}

std::string sqlStringLiteral(std::string_view value)
{
    std::string out = "'";
    for (char c : value) {
        if (c == '\'') out.push_back('\'');
        out.push_back(c);
    }
    out.push_back('\'');
    return out;
}

} // namespace

void appendStringMutations(const GoldQuery& gold, const fuzz::Prng& prng, Candidates& out)
{
    const std::vector<StringSite> sites = stringSites(gold);
    for (std::size_t i = 0; i < sites.size(); ++i) {
        // Streams are disjoint from the numeric family's: high bit set.
        fuzz::Prng stream = prng.fork((uint64_t{1} << 63) | i);
        for (const std::string& variant : stringVariants(sites[i], stream)) {
            if (variant == sites[i].value) continue;
            out.push_back(makeReplacement(gold.text, MutationFamily::StringConstant, sites[i].span,
                                          sqlStringLiteral(variant)));
        }
    }
}

} // namespace sqleq::neighbors
