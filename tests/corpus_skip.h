// How a test says what it skipped for want of the shared corpus (../shared/corpus, or
// -DSQLEQ_CORPUS_DIR=…): one QSKIP message naming the file it looked for and how many
// cases went untested, so that a run without the corpus never reads as a full pass.
// Only for data that is not in the repository; a test never skips for anything else.
#pragma once

#include <QMetaMethod>
#include <QObject>
#include <QString>
#include <QtTest>

#include <filesystem>
#include <initializer_list>
#include <optional>

namespace sqleq::test {

/// The first of `paths` that does not exist; none when all do.
inline std::optional<std::filesystem::path> firstMissing(std::initializer_list<std::filesystem::path> paths)
{
    for (const std::filesystem::path& path : paths)
        if (!std::filesystem::exists(path)) return path;
    return std::nullopt;
}

/// The test functions QTest runs for `test` (private slots but the init/cleanup hooks
/// and the _data functions).
inline int testFunctionCount(const QObject& test)
{
    const QMetaObject* meta = test.metaObject();
    int count = 0;
    for (int i = meta->methodOffset(); i < meta->methodCount(); ++i) {
        const QMetaMethod method = meta->method(i);
        if (method.methodType() != QMetaMethod::Slot || method.access() != QMetaMethod::Private
            || method.parameterCount() != 0)
            continue;
        const QByteArray name = method.name();
        if (name == "initTestCase" || name == "cleanupTestCase" || name == "init" || name == "cleanup"
            || name.endsWith("_data"))
            continue;
        ++count;
    }
    return count;
}

/// "corpus not found at …: 3 test functions skipped (…)"; `unit` in the singular.
inline QString corpusSkipMessage(const std::filesystem::path& missing, int cases, const char* unit)
{
    return QStringLiteral("corpus not found at %1: %2 %3%4 skipped (the shared corpus: ../shared/corpus, "
                          "its README.md; or configure -DSQLEQ_CORPUS_DIR=…)")
        .arg(QString::fromStdString(missing.string()))
        .arg(cases)
        .arg(QLatin1String(unit))
        .arg(cases == 1 ? QString() : QStringLiteral("s"));
}

} // namespace sqleq::test

/// In initTestCase: unless every path exists, skips all of this test's functions.
#define SQLEQ_SKIP_ALL_WITHOUT_CORPUS(...)                                                             \
    do {                                                                                               \
        if (const auto missing = sqleq::test::firstMissing({__VA_ARGS__}))                             \
            QSKIP(qPrintable(sqleq::test::corpusSkipMessage(*missing, sqleq::test::testFunctionCount(*this), \
                                                            "test function")));                           \
    } while (false)

/// In a test function (or one row of a data-driven one): unless every path exists,
/// skips this function (or this row).
#define SQLEQ_SKIP_WITHOUT_CORPUS(...)                                                               \
    do {                                                                                             \
        if (const auto missing = sqleq::test::firstMissing({__VA_ARGS__}))                           \
            QSKIP(qPrintable(sqleq::test::corpusSkipMessage(                                         \
                *missing, 1, QTest::currentDataTag() ? "data row" : "test function")));              \
    } while (false)
