// libFuzzer target: neighbor generation for any gold text on a fixed Spider schema
// (concert_singer) must end with neighbors or a diagnostic, never crash.
#include "core/neighbors/neighbors.h"
#include "tests/fuzz/fuzz_schema.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view gold(reinterpret_cast<const char*>(data), size);
    sqleq::neighbors::NeighborStats stats;
    auto neighbors = sqleq::neighbors::generateNeighbors(gold, sqleq::fuzz_targets::fixedSchema(), {}, &stats);
    if (neighbors && neighbors->size() != stats.kept) {
        std::fprintf(stderr, "fuzz_neighbors: %zu neighbors but stats.kept = %zu\n", neighbors->size(), stats.kept);
        std::abort();
    }
    return 0;
}
