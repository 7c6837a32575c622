// The paper's Figure 1 as a test fixture: the people table and the gold `age > 34`,
// loaded once per test program. Shared by the suite and inspection tests.
#pragma once

#include "core/schema/ddl_loader.h"

#include <QtGlobal>

#include <string_view>

namespace sqleq::testing {

inline constexpr std::string_view kFigure1Ddl =
    "CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL);";
inline constexpr std::string_view kFigure1Gold = "SELECT name FROM people WHERE age > 34";

/// The people schema, loaded once; aborts the test program if the DDL fails.
inline const schema::Schema& peopleSchema()
{
    static const schema::Schema schema = [] {
        auto loaded = schema::loadSchemaFromDdl(kFigure1Ddl, "people");
        if (!loaded) qFatal("DDL failed: %s", loaded.error().message.c_str());
        return loaded.value();
    }();
    return schema;
}

} // namespace sqleq::testing
