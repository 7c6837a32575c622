// Keyword lookup: a compile-time open-addressing hash table over the keyword
// list, compared case-insensitively in place, so a lookup allocates nothing.

#include "core/sql/keyword.h"

#include <algorithm>
#include <array>

namespace sqleq::sql {
namespace {

using namespace keyword_flags;

struct KeywordEntry {
    std::string_view spelling;
    Keyword keyword;
    unsigned flags;
};

constexpr std::array kKeywords = {
#define SQLEQ_KEYWORD_ENTRY(name, spelling, flags) KeywordEntry{spelling, Keyword::name, flags},
    SQLEQ_SQL_KEYWORDS(SQLEQ_KEYWORD_ENTRY)
#undef SQLEQ_KEYWORD_ENTRY
};

constexpr bool entryLess(const KeywordEntry& a, const KeywordEntry& b) { return a.spelling < b.spelling; }
static_assert(std::is_sorted(kKeywords.begin(), kKeywords.end(), entryLess),
              "keep the keyword list in spelling order so that it reads like SQLite's");

constexpr size_t kLongestKeyword = 17; // CURRENT_TIMESTAMP
constexpr size_t kHashSlots = 512;     // power of two, ~3.5x the keyword count

constexpr char upper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }

// Hash of length, first, second and last letters, case-folded: cheap, and with
// linear probing in a sparse table almost every lookup touches one slot.
constexpr size_t hashWord(std::string_view word)
{
    const auto first = static_cast<unsigned char>(upper(word.front()));
    const auto second = static_cast<unsigned char>(upper(word[1]));
    const auto last = static_cast<unsigned char>(upper(word.back()));
    return (first * 31u + second * 7u + last * 131u + word.size() * 17u) & (kHashSlots - 1);
}

// Slot -> index into kKeywords plus one; 0 marks an empty slot.
constexpr std::array<uint8_t, kHashSlots> buildHashTable()
{
    std::array<uint8_t, kHashSlots> table{};
    for (size_t i = 0; i < kKeywords.size(); ++i) {
        size_t slot = hashWord(kKeywords[i].spelling);
        while (table[slot] != 0) slot = (slot + 1) & (kHashSlots - 1);
        table[slot] = static_cast<uint8_t>(i + 1);
    }
    return table;
}

constexpr auto kHashTable = buildHashTable();

bool equalsFolded(std::string_view word, std::string_view spelling)
{
    if (word.size() != spelling.size()) return false;
    for (size_t i = 0; i < word.size(); ++i) {
        if (upper(word[i]) != spelling[i]) return false;
    }
    return true;
}

} // namespace

Keyword lookupKeyword(std::string_view word)
{
    if (word.size() < 2 || word.size() > kLongestKeyword) return Keyword::None;
    for (size_t slot = hashWord(word);; slot = (slot + 1) & (kHashSlots - 1)) {
        const uint8_t entry = kHashTable[slot];
        if (entry == 0) return Keyword::None;
        if (equalsFolded(word, kKeywords[entry - 1].spelling)) return kKeywords[entry - 1].keyword;
    }
}

std::string_view keywordSpelling(Keyword keyword)
{
    if (keyword == Keyword::None) return {};
    return kKeywords[static_cast<size_t>(keyword) - 1].spelling;
}

unsigned keywordFlags(Keyword keyword)
{
    if (keyword == Keyword::None) return 0;
    return kKeywords[static_cast<size_t>(keyword) - 1].flags;
}

} // namespace sqleq::sql
