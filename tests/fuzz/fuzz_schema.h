// The fixed Spider schema the schema-dependent fuzz targets run on: concert_singer
// from Spider's tables.json (four tables, composite key, three foreign keys), so the
// neighbor and Spider ESM targets need no file at run time.
#pragma once

#include "core/schema/spider_tables.h"

#include <cstdio>
#include <cstdlib>

namespace sqleq::fuzz_targets {

inline constexpr const char* kDbId = "concert_singer";

inline constexpr const char* kTablesJson = R"json([{"column_names":[[-1,"*"],[0,"stadium id"],[0,"location"],[0,"name"],[0,"capacity"],[0,"highest"],[0,"lowest"],[0,"average"],[1,"singer id"],[1,"name"],[1,"country"],[1,"song name"],[1,"song release year"],[1,"age"],[1,"is male"],[2,"concert id"],[2,"concert name"],[2,"theme"],[2,"stadium id"],[2,"year"],[3,"concert id"],[3,"singer id"]],"column_names_original":[[-1,"*"],[0,"Stadium_ID"],[0,"Location"],[0,"Name"],[0,"Capacity"],[0,"Highest"],[0,"Lowest"],[0,"Average"],[1,"Singer_ID"],[1,"Name"],[1,"Country"],[1,"Song_Name"],[1,"Song_release_year"],[1,"Age"],[1,"Is_male"],[2,"concert_ID"],[2,"concert_Name"],[2,"Theme"],[2,"Stadium_ID"],[2,"Year"],[3,"concert_ID"],[3,"Singer_ID"]],"column_types":["text","number","text","text","number","number","number","number","number","text","text","text","text","number","others","number","text","text","text","text","number","text"],"db_id":"concert_singer","foreign_keys":[[18,1],[21,8],[20,15]],"primary_keys":[1,8,15,20],"table_names":["stadium","singer","concert","singer in concert"],"table_names_original":["stadium","singer","concert","singer_in_concert"]}])json";

/// kTablesJson's schema, loaded once; a target aborts when it does not load.
inline const schema::Schema& fixedSchema()
{
    static const schema::Schema schema = [] {
        auto parsed = schema::parseSpiderSchema(kTablesJson, kDbId);
        if (!parsed) {
            std::fprintf(stderr, "fuzz: the embedded schema does not load\n");
            std::abort();
        }
        return std::move(parsed).value();
    }();
    return schema;
}

} // namespace sqleq::fuzz_targets
