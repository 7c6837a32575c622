// Schemas of a test's DDL strings, each loaded once per process and kept, so data-driven
// tests can name a schema per row without loading it again.
#pragma once

#include "core/schema/ddl_loader.h"

#include <QtGlobal>

#include <map>
#include <string>
#include <string_view>

/// The schema `ddl` creates; a DDL that does not load ends the test binary.
inline const sqleq::schema::Schema& schemaOf(std::string_view ddl)
{
    static std::map<std::string, sqleq::schema::Schema> loaded;
    auto [it, fresh] = loaded.try_emplace(std::string(ddl));
    if (fresh) {
        auto schema = sqleq::schema::loadSchemaFromDdl(ddl, "test");
        if (!schema) qFatal("DDL failed: %s", schema.error().message.c_str());
        it->second = std::move(schema.value());
    }
    return it->second;
}
