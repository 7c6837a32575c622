// Unit tests of the SQL lexer: token kinds and spans for every token class,
// SQLite's tokenizer quirks, contextual keywords, and positioned errors.

#include "core/sql/lexer.h"

#include <QtTest/QtTest>

using namespace sqleq;
using namespace sqleq::sql;

namespace {

std::vector<Token> lex(std::string_view text, std::optional<Diagnostic>* error = nullptr)
{
    std::vector<Token> tokens;
    Lexer lexer(text);
    lexer.tokenize(tokens);
    if (error) *error = lexer.error();
    return tokens;
}

std::vector<TokenKind> kinds(std::string_view text)
{
    std::vector<TokenKind> out;
    for (const auto& token : lex(text)) out.push_back(token.kind);
    return out;
}

QString texts(std::string_view text)
{
    QStringList out;
    for (const auto& token : lex(text)) {
        if (token.kind == TokenKind::End) break;
        const auto piece = token.text(text);
        out << QString::fromUtf8(piece.data(), static_cast<qsizetype>(piece.size()));
    }
    return out.join(QLatin1Char('|'));
}

} // namespace

class TestLexer : public QObject {
    Q_OBJECT

private slots:
    void keywordsAreCaseInsensitive()
    {
        const auto tokens = lex("select FROM WhErE");
        QCOMPARE(tokens.size(), size_t(4));
        QVERIFY(tokens[0].is(Keyword::Select));
        QVERIFY(tokens[1].is(Keyword::From));
        QVERIFY(tokens[2].is(Keyword::Where));
        QCOMPARE(tokens[3].kind, TokenKind::End);
        QCOMPARE(tokens[3].span.begin, 17u);
    }

    void keywordLookupCoversEveryKeyword()
    {
        for (int k = 1; k <= static_cast<int>(Keyword::Without); ++k) {
            const auto keyword = static_cast<Keyword>(k);
            QCOMPARE(lookupKeyword(keywordSpelling(keyword)), keyword);
        }
        QCOMPARE(lookupKeyword("singer"), Keyword::None);
        QCOMPARE(lookupKeyword("x"), Keyword::None);
        QCOMPARE(lookupKeyword("current_timestampz"), Keyword::None);
    }

    void identifiersKeepTheirQuotes()
    {
        QCOMPARE(texts(R"(a "b c" [d e] `f``g` "h""i" _j$1 été)"),
                 QString::fromUtf8(R"(a|"b c"|[d e]|`f``g`|"h""i"|_j$1|été)"));
        for (const auto& token : lex(R"(a "b" [c] `d`)")) {
            if (token.kind != TokenKind::End) QCOMPARE(token.kind, TokenKind::Identifier);
        }
    }

    void stringsWithDoubledQuotes()
    {
        const auto tokens = lex("'it''s' ''");
        QCOMPARE(tokens[0].kind, TokenKind::String);
        QCOMPARE(tokens[0].span.end, 7u);
        QCOMPARE(tokens[1].kind, TokenKind::String);
        QCOMPARE(tokens[1].span.length(), 2u);
    }

    void numbers()
    {
        QCOMPARE(texts("1 1. .5 1e5 1.5E-3 0x1F 12"), QString("1|1.|.5|1e5|1.5E-3|0x1F|12"));
        const auto tokens = lex("1 1. .5 1e5 0x1F");
        QCOMPARE(tokens[0].kind, TokenKind::Integer);
        QCOMPARE(tokens[1].kind, TokenKind::Float);
        QCOMPARE(tokens[2].kind, TokenKind::Float);
        QCOMPARE(tokens[3].kind, TokenKind::Float);
        QCOMPARE(tokens[4].kind, TokenKind::Integer);
        // SQLite reads a dangling exponent letter as part of one illegal token.
        QCOMPARE(lex("1.e")[0].kind, TokenKind::Error);
    }

    void numberRunningIntoALetterIsOneIllegalToken()
    {
        std::optional<Diagnostic> error;
        const auto tokens = lex("SELECT 1abc FROM t", &error);
        QCOMPARE(tokens[1].kind, TokenKind::Error);
        QCOMPARE(tokens[1].span.begin, 7u);
        QCOMPARE(tokens[1].span.end, 11u);
        QVERIFY(error.has_value());
        QCOMPARE(error->code, std::string("parse.unrecognized_token"));
        QCOMPARE(error->message, std::string("unrecognized token: \"1abc\""));
        QCOMPARE(lex("0x")[0].kind, TokenKind::Error);
        QCOMPARE(lex("1e")[0].kind, TokenKind::Error);
    }

    void blobs()
    {
        QCOMPARE(lex("x'0aFF'")[0].kind, TokenKind::Blob);
        QCOMPARE(lex("X''")[0].kind, TokenKind::Blob);
        QCOMPARE(lex("x'0'")[0].kind, TokenKind::Error);
        QCOMPARE(lex("x'zz'")[0].kind, TokenKind::Error);
        QCOMPARE(lex("xyz")[0].kind, TokenKind::Identifier);
    }

    void parameters()
    {
        QCOMPARE(texts("? ?12 :name @n $x $a::b $f(i)"), QString("?|?12|:name|@n|$x|$a::b|$f(i)"));
        for (const auto& token : lex("? ?12 :name @n $x")) {
            if (token.kind != TokenKind::End) QCOMPARE(token.kind, TokenKind::Parameter);
        }
        QCOMPARE(lex(":")[0].kind, TokenKind::Error);
        QCOMPARE(lex("@ x")[0].kind, TokenKind::Error);
    }

    void operators()
    {
        QCOMPARE(texts("|| -> ->> == = != <> < <= > >= << >> & | ~ + - * / % , ; ( ) ."),
                 QString("|||->|->>|==|=|!=|<>|<|<=|>|>=|<<|>>|&|||~|+|-|*|/|%|,|;|(|)|."));
        const std::vector<TokenKind> expected{
            TokenKind::Concat, TokenKind::Arrow, TokenKind::DoubleArrow, TokenKind::EqEq, TokenKind::Eq,
            TokenKind::NotEq, TokenKind::LessGreater, TokenKind::Less, TokenKind::LessEq, TokenKind::Greater,
            TokenKind::GreaterEq, TokenKind::ShiftLeft, TokenKind::ShiftRight, TokenKind::BitAnd,
            TokenKind::BitOr, TokenKind::Tilde, TokenKind::Plus, TokenKind::Minus, TokenKind::Star,
            TokenKind::Slash, TokenKind::Percent, TokenKind::Comma, TokenKind::Semicolon, TokenKind::LParen,
            TokenKind::RParen, TokenKind::Dot, TokenKind::End};
        QVERIFY(kinds("|| -> ->> == = != <> < <= > >= << >> & | ~ + - * / % , ; ( ) .") == expected);
        QCOMPARE(texts("a>=1"), QString("a|>=|1"));
        QCOMPARE(texts("a> =1"), QString("a|>|=|1"));
    }

    void commentsProduceNoTokens()
    {
        QCOMPARE(texts("a -- comment\nb /* c */ c /* open"), QString("a|b|c"));
        QCOMPARE(texts("a--"), QString("a"));
        QCOMPARE(texts("a/**/b"), QString("a|b"));
        QCOMPARE(texts("1-1"), QString("1|-|1"));
    }

    void unterminatedQuotesAreErrorsAtTheirStart()
    {
        for (const char* text : {"SELECT 'abc", "SELECT \"abc", "SELECT [abc", "SELECT `abc"}) {
            std::optional<Diagnostic> error;
            const auto tokens = lex(text, &error);
            QCOMPARE(tokens[1].kind, TokenKind::Error);
            QVERIFY(error.has_value());
            QCOMPARE(error->code, std::string("parse.unterminated"));
            QCOMPARE(error->span.begin, 7u);
        }
    }

    void unrecognizedCharacters()
    {
        for (const char* text : {"SELECT !", "SELECT ^", "SELECT \\", "SELECT {"}) {
            std::optional<Diagnostic> error;
            const auto tokens = lex(text, &error);
            QCOMPARE(tokens[1].kind, TokenKind::Error);
            QCOMPARE(error->span.begin, 7u);
            QCOMPARE(error->span.end, 8u);
            QCOMPARE(tokens.back().kind, TokenKind::End);
        }
    }

    void lexingStopsAtTheFirstError()
    {
        const auto tokens = lex("a ! b c");
        QCOMPARE(tokens.size(), size_t(3));
        QCOMPARE(tokens[1].kind, TokenKind::Error);
        QCOMPARE(tokens[2].kind, TokenKind::End);
    }

    void contextualKeywords()
    {
        // OVER/FILTER are keywords only after ')' and before '(' (or a name for OVER).
        auto tokens = lex("f(x) OVER (w) FILTER");
        QVERIFY(tokens[4].is(Keyword::Over));
        QCOMPARE(tokens[8].kind, TokenKind::Identifier);
        tokens = lex("f(x) FILTER (WHERE 1)");
        QVERIFY(tokens[4].is(Keyword::Filter));
        tokens = lex("SELECT over, filter, window FROM t");
        QCOMPARE(tokens[1].kind, TokenKind::Identifier);
        QCOMPARE(tokens[3].kind, TokenKind::Identifier);
        QCOMPARE(tokens[5].kind, TokenKind::Identifier);
        // WINDOW is a keyword only when followed by a name and AS.
        tokens = lex("FROM t WINDOW w AS (");
        QVERIFY(tokens[2].is(Keyword::Window));
        tokens = lex("FROM t window");
        QCOMPARE(tokens[2].kind, TokenKind::Identifier);
    }

    void emptyInputHasOnlyTheEndToken()
    {
        const auto tokens = lex("  \n\t-- nothing");
        QCOMPARE(tokens.size(), size_t(1));
        QCOMPARE(tokens[0].kind, TokenKind::End);
    }
};

QTEST_APPLESS_MAIN(TestLexer)
#include "test_lexer.moc"
