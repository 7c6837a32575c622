// Session files: JSON round trip, errors that name the field at fault, atomic saves,
// relative schema paths resolved against the session file.

#include "ui/session/session.h"
#include "tests/ui/gui_test_main.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;

namespace {

ui::Session sampleSession()
{
    ui::Session session;
    session.schema = {ui::SchemaSourceKind::SpiderTables, QStringLiteral("/data/spider/tables.json"),
                      QStringLiteral("concert_singer")};
    session.gold = QStringLiteral("SELECT name FROM singer WHERE age > 34");
    session.candidate = QStringLiteral("SELECT name FROM singer");
    session.question = QStringLiteral("Which singers are older than 34? — «ünïcode»");
    session.settings.nameProfile(fuzz::Profile::Strict);
    session.settings.seed = 18446744073709551615ull;  // beyond a double's exact range
    session.settings.samplingBudget = 250;
    session.settings.setIdleBudget(750);
    session.settings.plugValue = true;
    session.settings.keepDistinct = true;
    return session;
}

QByteArray withField(const QByteArray& json, const QString& path, const QJsonValue& value)
{
    QJsonObject root = QJsonDocument::fromJson(json).object();
    const QStringList parts = path.split(QLatin1Char('.'));
    if (parts.size() == 1) {
        if (value.isUndefined()) root.remove(parts[0]);
        else root[parts[0]] = value;
    } else {
        QJsonObject inner = root[parts[0]].toObject();
        if (value.isUndefined()) inner.remove(parts[1]);
        else inner[parts[1]] = value;
        root[parts[0]] = inner;
    }
    return QJsonDocument(root).toJson();
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT

private slots:
    void roundTrip()
    {
        const ui::Session session = sampleSession();
        const QByteArray json = sessionToJson(session);
        QString error;
        const auto back = ui::sessionFromJson(json, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        QVERIFY(*back == session);

        const QJsonObject root = QJsonDocument::fromJson(json).object();
        QCOMPARE(root["format"].toString(), QStringLiteral("sqleq-session"));
        QCOMPARE(root["version"].toInt(), 1);
        QCOMPARE(root["schema"].toObject()["kind"].toString(), QStringLiteral("tables"));
        QCOMPARE(root["schema"].toObject()["db_id"].toString(), QStringLiteral("concert_singer"));
        QCOMPARE(root["settings"].toObject()["profile"].toString(), QStringLiteral("strict"));
        QCOMPARE(root["settings"].toObject()["timeout_ms"].toInt(), 750);
    }

    void defaultsRoundTrip()
    {
        ui::Session session;
        session.schema.path = QStringLiteral(":/examples/people/database.sql");
        session.gold = QStringLiteral("SELECT 1");
        const auto back = ui::sessionFromJson(sessionToJson(session));
        QVERIFY(back.has_value());
        QVERIFY(*back == session);
        QCOMPARE(QJsonDocument::fromJson(sessionToJson(session)).object()["settings"].toObject()["seed"].toInt(), 0);
    }

    void optionalFieldsTakeDefaults()
    {
        const QByteArray json = R"({"format": "sqleq-session", "version": 1,
            "schema": {"kind": "sqlite", "path": "x.sqlite"}, "gold": "SELECT 1"})";
        QString error;
        const auto session = ui::sessionFromJson(json, &error);
        QVERIFY2(session.has_value(), qPrintable(error));
        QCOMPARE(session->schema.kind, ui::SchemaSourceKind::SqliteFile);
        QVERIFY(session->candidate.isEmpty());
        QCOMPARE(session->settings.samplingBudget, inspect::CheckSettings{}.samplingBudget);
        QVERIFY(session->settings.profileFromSchema);  // the schema's own promise
    }

    void errorsNameTheField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no gold") << "gold" << QJsonValue(QJsonValue::Undefined) << "gold: missing field";
        QTest::newRow("gold not text") << "gold" << QJsonValue(3) << "gold: expected a string";
        QTest::newRow("no schema") << "schema" << QJsonValue(QJsonValue::Undefined) << "schema: missing field";
        QTest::newRow("bad kind") << "schema.kind" << QJsonValue("csv") << "schema.kind: expected";
        QTest::newRow("no path") << "schema.path" << QJsonValue(QJsonValue::Undefined) << "schema.path: missing field";
        QTest::newRow("no db_id") << "schema.db_id" << QJsonValue(QJsonValue::Undefined) << "schema.db_id: missing field";
        QTest::newRow("bad profile") << "settings.profile" << QJsonValue("lenient") << "settings.profile: expected";
        QTest::newRow("negative budget") << "settings.budget" << QJsonValue(-1) << "settings.budget: must not be negative";
        QTest::newRow("fractional seed") << "settings.seed" << QJsonValue(1.5) << "settings.seed: expected an integer";
        QTest::newRow("zero timeout") << "settings.timeout_ms" << QJsonValue(0) << "settings.timeout_ms: 0 is outside";
        QTest::newRow("plug not bool") << "settings.plug_value" << QJsonValue("yes") << "settings.plug_value: expected true or false";
        QTest::newRow("wrong format") << "format" << QJsonValue("other") << "format: expected \"sqleq-session\"";
        QTest::newRow("no version") << "version" << QJsonValue(QJsonValue::Undefined) << "version: missing field";
        QTest::newRow("future version") << "version" << QJsonValue(2) << "version: expected";
    }

    void errorsNameTheField()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        const QByteArray json = withField(sessionToJson(sampleSession()), field, value);
        QString error;
        QVERIFY(!ui::sessionFromJson(json, &error).has_value());
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }

    void badJson()
    {
        QString error;
        QVERIFY(!ui::sessionFromJson("{\"format\": ", &error).has_value());
        QVERIFY2(error.startsWith(QStringLiteral("the session file is not valid JSON: line 1, column ")), qPrintable(error));
        // Plain words with the position, not the parser's internal tag.
        QVERIFY(!ui::sessionFromJson("{\n  \"format\": \"sqleq-session\",\n  \"gold\" 1\n}", &error).has_value());
        QVERIFY2(error.startsWith(QStringLiteral("the session file is not valid JSON: line 3, column ")), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("offset")) && !error.contains(QStringLiteral("exception")), qPrintable(error));
        QVERIFY(!ui::sessionFromJson("[1, 2]", &error).has_value());
        QVERIFY2(error.contains(QStringLiteral("object")), qPrintable(error));
    }

    void seedAsStringIsAccepted()
    {
        const QByteArray json = withField(sessionToJson(sampleSession()), "settings.seed", QJsonValue("42"));
        const auto session = ui::sessionFromJson(json);
        QVERIFY(session.has_value());
        QCOMPARE(session->settings.seed, uint64_t{42});
    }

    void saveIsAtomicAndLoads()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("item.sqleq"));
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old content that is much longer than nothing at all");
        old.close();

        QString error;
        QVERIFY2(ui::saveSession(sampleSession(), path, &error), qPrintable(error));
        // Replaced as a whole, and no temporary file is left beside it.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("item.sqleq")});
        const auto loaded = ui::loadSession(path, &error);
        QVERIFY2(loaded.has_value(), qPrintable(error));
        QVERIFY(*loaded == sampleSession());
    }

    void saveFailsWithMessage()
    {
        QString error;
        QVERIFY(!ui::saveSession(sampleSession(), QStringLiteral("/nonexistent-dir/x/item.sqleq"), &error));
        QVERIFY2(error.contains(QStringLiteral("nonexistent-dir")), qPrintable(error));
    }

    void loadNamesTheFile()
    {
        QString error;
        QVERIFY(!ui::loadSession(QStringLiteral("/nonexistent/item.sqleq"), &error).has_value());
        QVERIFY2(error.contains(QStringLiteral("/nonexistent/item.sqleq")), qPrintable(error));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.sqleq"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(withField(sessionToJson(sampleSession()), "candidate", QJsonValue(false)));
        file.close();
        QVERIFY(!ui::loadSession(path, &error).has_value());
        QVERIFY2(error.contains(path) && error.contains(QStringLiteral("candidate: expected a string")), qPrintable(error));
    }

    void devZeroEndsAtTheSessionCap()
    {
        QString error;
        QVERIFY(!ui::loadSession(QStringLiteral("/dev/zero"), &error).has_value());
        QCOMPARE(error, QStringLiteral("/dev/zero: larger than the 16 MiB limit for a session file"));
    }

    void relativeSchemaPathFollowsTheFile()
    {
        QTemporaryDir dir;
        ui::Session session = sampleSession();
        session.schema.path = QStringLiteral("schemas/tables.json");
        const QString path = dir.filePath(QStringLiteral("item.sqleq"));
        QVERIFY(ui::saveSession(session, path));
        const QJsonObject saved = [&] {
            QFile file(path);
            (void)file.open(QIODevice::ReadOnly);
            return QJsonDocument::fromJson(file.readAll()).object();
        }();
        QCOMPARE(saved["schema"].toObject()["path"].toString(), QStringLiteral("schemas/tables.json"));
        const auto loaded = ui::loadSession(path);
        QVERIFY(loaded.has_value());
        QCOMPARE(loaded->schema.path, QDir(dir.path()).filePath(QStringLiteral("schemas/tables.json")));

        session.schema.path = QStringLiteral(":/examples/people/database.sql");
        QVERIFY(ui::saveSession(session, path));
        QCOMPARE(ui::loadSession(path)->schema.path, QStringLiteral(":/examples/people/database.sql"));
    }
};

SQLEQ_GUI_TEST_MAIN(TestSession)
#include "test_session.moc"
