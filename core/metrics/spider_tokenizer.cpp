// process_sql.tokenize reimplemented: quotes → placeholder keys, an nltk
// word_tokenize emulation, lower-casing, and the !=/>=/<= repair. Only the nltk
// rules that can fire on quote-free text are emulated (quoted text never reaches
// them because every quote pair has been replaced by a key first).
#include "core/metrics/spider_tokenizer.h"

#include "core/base/ascii_space.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace sqleq::metrics {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isWordChar(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x80 || std::isalnum(u) || c == '_';
}

std::string padChars(std::string_view text, std::string_view chars) {
    std::string out;
    for (char c : text) {
        if (chars.find(c) != std::string_view::npos) {
            out += ' ';
            out += c;
            out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

// Runs of backticks, and runs of two or more periods, become one padded token.
std::string padRuns(std::string_view text, char c, size_t minRun) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        size_t j = i;
        while (j < text.size() && text[j] == c)
            ++j;
        if (j - i >= minRun && j > i) {
            out += ' ';
            out.append(text.substr(i, j - i));
            out += ' ';
            i = j;
        } else if (j > i) {
            out.append(text.substr(i, j - i));
            i = j;
        } else {
            out += text[i++];
        }
    }
    return out;
}

// ([^\.])(\.)([\]\)}>"\']*)\s*$ → the final period of the text is split off.
std::string splitFinalPeriod(std::string text) {
    size_t end = text.size();
    while (end > 0 && (isAsciiSpace(text[end - 1]) || std::string_view("])}>").find(text[end - 1]) !=
                                                          std::string_view::npos))
        --end;
    if (end >= 2 && text[end - 1] == '.' && text[end - 2] != '.')
        text = text.substr(0, end - 1) + " . " + text.substr(end);
    return text;
}

// ([:,])([^\d]) → " \1 \2" (matches consume the following character), then ([:,])$.
std::string padCommas(std::string_view text) {
    std::string out;
    size_t i = 0;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if ((c == ',' || c == ':') && i + 1 < text.size() && !isDigit(text[i + 1])) {
            out += ' ';
            out += c;
            out += ' ';
            out += text[++i];
        } else {
            out += c;
        }
    }
    if (!out.empty() && (out.back() == ',' || out.back() == ':')) {
        const char c = out.back();
        out.pop_back();
        out += ' ';
        out += c;
        out += ' ';
    }
    return out;
}

// CONTRACTIONS2: can|not, gim|me, gon|na, got|ta, lem|me (word-bounded), wan|na before a space.
std::string splitContractions(std::string text) {
    static const std::pair<std::string_view, size_t> kWords[] = {
        {"cannot", 3}, {"gimme", 3}, {"gonna", 3}, {"gotta", 3}, {"lemme", 3}, {"wanna", 3}};
    for (const auto& [word, cut] : kWords) {
        for (size_t pos = 0; pos + word.size() <= text.size();) {
            bool match = true;
            for (size_t k = 0; k < word.size() && match; ++k)
                match = std::tolower(static_cast<unsigned char>(text[pos + k])) == word[k];
            const size_t after = pos + word.size();
            const bool leftOk = pos == 0 || !isWordChar(text[pos - 1]);
            const bool rightOk = word == "wanna" ? after < text.size() && isAsciiSpace(text[after])
                                                 : after == text.size() || !isWordChar(text[after]);
            if (match && leftOk && rightOk) {
                text = text.substr(0, pos) + " " + text.substr(pos, cut) + " " +
                       text.substr(pos + cut, word.size() - cut) + " " + text.substr(after);
                pos = after + 3;
            } else {
                ++pos;
            }
        }
    }
    return text;
}

std::string asciiLower(std::string text) {
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x80)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

} // namespace

std::vector<std::string> nltkWordTokenize(std::string_view input) {
    std::string text = padRuns(input, '`', 1);
    text = splitFinalPeriod(std::move(text));
    text = padCommas(text);
    text = padRuns(text, '.', 2);
    text = padChars(text, ";@#$%&");
    text = splitFinalPeriod(std::move(text));
    text = padChars(text, "?!*");
    text = padChars(text, "[](){}<>");
    std::string dashed;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '-' && i + 1 < text.size() && text[i + 1] == '-') {
            dashed += " -- ";
            ++i;
        } else {
            dashed += text[i];
        }
    }
    text = splitContractions(" " + dashed + " ");
    std::vector<std::string> tokens;
    for (size_t i = 0; i < text.size();) {
        while (i < text.size() && isAsciiSpace(text[i]))
            ++i;
        size_t j = i;
        while (j < text.size() && !isAsciiSpace(text[j]))
            ++j;
        if (j > i)
            tokens.emplace_back(text.substr(i, j - i));
        i = j;
    }
    return tokens;
}

Result<std::vector<std::string>> spiderTokenize(std::string_view sql) {
    std::string text(sql);
    std::replace(text.begin(), text.end(), '\'', '"');
    std::vector<size_t> quotes;
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '"')
            quotes.push_back(i);
    if (quotes.size() % 2 != 0)
        return Diagnostic{"metrics.spider_tokenize", "Unexpected quote", {}, {}};
    std::map<std::string, std::string> values;
    for (size_t i = quotes.size(); i >= 2; i -= 2) {
        const size_t q1 = quotes[i - 2];
        const size_t q2 = quotes[i - 1];
        std::string key = "__val_" + std::to_string(q1) + "_" + std::to_string(q2) + "__";
        values[key] = text.substr(q1, q2 - q1 + 1);
        text = text.substr(0, q1) + key + text.substr(q2 + 1);
    }
    std::vector<std::string> toks;
    for (auto& word : nltkWordTokenize(text)) {
        auto tok = asciiLower(std::move(word));
        auto it = values.find(tok);
        toks.push_back(it != values.end() ? it->second : tok);
    }
    // Glue "!", ">", "<" to a following "=", scanning right to left like process_sql.
    std::vector<size_t> eqs;
    for (size_t i = 0; i < toks.size(); ++i)
        if (toks[i] == "=")
            eqs.push_back(i);
    for (auto it = eqs.rbegin(); it != eqs.rend(); ++it) {
        const size_t eq = *it;
        if (eq == 0)
            continue; // Python would read toks[-1]; "=" first never parses anyway
        const std::string pre = toks[eq - 1];
        if (pre == "!" || pre == ">" || pre == "<") {
            toks[eq - 1] = pre + "=";
            toks.erase(toks.begin() + static_cast<long>(eq));
        }
    }
    return toks;
}

} // namespace sqleq::metrics
