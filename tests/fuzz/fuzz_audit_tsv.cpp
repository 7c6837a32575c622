// libFuzzer target: the audit annotation import (esm_false_negatives.tsv layout)
// against a few fixed items. Any text is an import report or a diagnostic; every
// annotation it returns names one of the items.
#include "core/audit/audit.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace {

std::vector<sqleq::audit::AuditItem> fixedItems() {
    std::vector<sqleq::audit::AuditItem> items(3);
    items[0].index = 0;
    items[0].dbId = "concert_singer";
    items[0].gold = "SELECT count(*) FROM singer";
    items[0].prediction = "SELECT count(singer_id) FROM singer";
    items[1].index = 1;
    items[1].dbId = "car_1";
    items[1].gold = "SELECT mpg FROM CARS_DATA WHERE Cylinders  =  8 ORDER BY mpg DESC LIMIT 1;";
    items[1].prediction = "SELECT Max(MPG) FROM cars_data WHERE Cylinders = 8";
    items[2] = items[0];
    items[2].index = 2;
    return items;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const std::vector<sqleq::audit::AuditItem> items = fixedItems();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto report = sqleq::audit::importAnnotationsTsv(text, items, "fuzzer");
    if (!report) return 0;
    for (const auto& annotation : report->annotations) {
        if (annotation.itemIndex >= items.size() || annotation.annotator.empty()) {
            std::fprintf(stderr, "fuzz_audit_tsv: annotation for item %zu by '%s'\n", annotation.itemIndex,
                         annotation.annotator.c_str());
            std::abort();
        }
    }
    if (report->matched > report->rows) {
        std::fprintf(stderr, "fuzz_audit_tsv: %zu matched of %zu rows\n", report->matched, report->rows);
        std::abort();
    }
    return 0;
}
