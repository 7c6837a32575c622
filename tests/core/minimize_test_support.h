// What the minimizer tests build on: a schema and its rows loaded from a DDL script, and
// a minimization request for a gold/candidate pair on it. Fatal on a broken script,
// since that is a fault of the test, not of the code under test.
#pragma once

#include "core/minimize/minimize.h"
#include "core/schema/database_content.h"
#include "core/schema/ddl_loader.h"

#include <QtGlobal>

#include <string>

namespace sqleq::test {

struct Fixture {
    schema::Schema schema;
    schema::DatabaseContent content;
};

inline Fixture load(const std::string& ddl)
{
    auto loaded = schema::loadDatabaseFromDdl(ddl, "test");
    if (!loaded) qFatal("DDL failed: %s", loaded.error().message.c_str());
    auto content = schema::readContent(loaded->connection, loaded->schema);
    if (!content) qFatal("readContent failed: %s", content.error().message.c_str());
    return {loaded->schema, *content};
}

/// `fixture` must outlive the request (it points at the schema).
inline minimize::MinimizeRequest request(const Fixture& fixture, std::string gold, std::string candidate)
{
    minimize::MinimizeRequest out;
    out.schema = &fixture.schema;
    out.goldSql = std::move(gold);
    out.candidateSql = std::move(candidate);
    return out;
}

} // namespace sqleq::test
