// libFuzzer target: both tables.json loaders — the schema loader (core/schema) and
// the Spider ESM index (core/metrics) — on any text: a value or a diagnostic, and no
// exception escapes (nlohmann's included).
#include "core/metrics/spider_schema_index.h"
#include "core/schema/spider_tables.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto ids = sqleq::schema::listSpiderDbIds(text);
    auto schemas = sqleq::schema::parseSpiderSchemas(text);
    if (ids && schemas && ids->size() != schemas->size()) {
        std::fprintf(stderr, "fuzz_tables_json: %zu db_ids but %zu schemas\n", ids->size(), schemas->size());
        std::abort();
    }
    if (ids) {
        for (const auto& id : *ids) (void)sqleq::schema::parseSpiderSchema(text, id);
    }
    (void)sqleq::metrics::SpiderSchemaIndex::fromJson(text);
    return 0;
}
