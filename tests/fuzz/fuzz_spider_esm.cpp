// libFuzzer target: the Spider ESM port (tokenizer, process_sql parser, exact set
// match, hardness) on a fixed schema. Input: "gold<TAB>prediction"; without a tab
// the text is both. Every path must end with a value or a diagnostic.
#include "core/metrics/spider_esm.h"
#include "core/metrics/spider_sql_parser.h"
#include "core/metrics/spider_tokenizer.h"
#include "tests/fuzz/fuzz_schema.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

const sqleq::metrics::SpiderSchemaIndex& fixedIndex() {
    static const sqleq::metrics::SpiderSchemaIndex index = [] {
        auto parsed = sqleq::metrics::SpiderSchemaIndex::fromJson(sqleq::fuzz_targets::kTablesJson);
        if (!parsed) {
            std::fprintf(stderr, "fuzz_spider_esm: the embedded schema does not load\n");
            std::abort();
        }
        return std::move(parsed).value();
    }();
    return index;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const size_t tab = input.find('\t');
    const std::string_view gold = tab == std::string_view::npos ? input : input.substr(0, tab);
    const std::string_view pred = tab == std::string_view::npos ? input : input.substr(tab + 1);

    const auto& index = fixedIndex();
    const auto* db = index.find(sqleq::fuzz_targets::kDbId);
    (void)sqleq::metrics::spiderTokenize(pred);
    (void)sqleq::metrics::parseSpiderSql(pred, *db);
    (void)sqleq::metrics::classifyHardness(gold, index, sqleq::fuzz_targets::kDbId);
    (void)sqleq::metrics::exactSetMatch(gold, pred, index, sqleq::fuzz_targets::kDbId);
    sqleq::metrics::EsmOptions fixed;
    fixed.fixJoinPredicates = true;
    (void)sqleq::metrics::exactSetMatch(gold, pred, index, sqleq::fuzz_targets::kDbId, fixed);
    return 0;
}
