// libFuzzer target: BIRD's JSON predictions reader (core/dataset) on any text: a list
// of predictions or a diagnostic, no exception escapes (nlohmann's included), and every
// item either carries its SQL within the one-query cap or is refused with a reason.
#include "core/base/capped_file.h"
#include "core/dataset/bird_predictions.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto predictions = sqleq::dataset::parseBirdPredictions(text, "fuzz.json");
    if (!predictions) {
        if (predictions.error().message.empty()) {
            std::fprintf(stderr, "fuzz_bird_predictions: an error without a message\n");
            std::abort();
        }
        return 0;
    }
    for (const auto& prediction : *predictions) {
        const bool refusedAndKept = !prediction.error.empty() && !prediction.sql.empty();
        if (prediction.sql.size() > sqleq::input_limits::kSqlText || refusedAndKept) {
            std::fprintf(stderr, "fuzz_bird_predictions: an item both refused and kept, or over the cap\n");
            std::abort();
        }
    }
    return 0;
}
