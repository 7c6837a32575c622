// libFuzzer target: the prover and its independent checker on any pair, over a fixed
// Spider schema (concert_singer). Input: "gold<TAB>candidate" (no tab: the text against
// itself). Under both profiles neither may crash; a query that parses is always proved
// equal to itself; and every proof the prover gives, the checker must accept — the two
// implementations of each rule disagreeing is a finding either way.
#include "core/exec/spider_compat.h"
#include "core/proof_check/proof_check.h"
#include "core/prove/proof_json.h"
#include "core/prove/prove.h"
#include "core/sql/parser.h"
#include "tests/fuzz/fuzz_schema.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

void checkAccepted(const sqleq::prove::Proof& proof) {
    if (!proof.proved) return;
    const auto checked = sqleq::proof_check::checkProof(sqleq::prove::proofJson(proof, sqleq::fuzz_targets::fixedSchema()));
    if (!checked.accepted) {
        std::fprintf(stderr, "fuzz_prove: the checker rejects a proof: %s\n  gold %s\n  candidate %s\n",
                     checked.reason.c_str(), proof.gold.c_str(), proof.candidate.c_str());
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto tab = input.find('\t');
    const std::string_view gold = input.substr(0, tab);
    const std::string_view candidate = tab == std::string_view::npos ? gold : input.substr(tab + 1);
    const bool parses = sqleq::sql::parse(sqleq::exec::officialPostprocess(gold)).ok();
    for (const auto profile : {sqleq::fuzz::Profile::Spider, sqleq::fuzz::Profile::Strict}) {
        const auto itself = sqleq::prove::prove(sqleq::fuzz_targets::fixedSchema(), gold, gold, profile);
        if (parses && !itself.proved) {
            std::fprintf(stderr, "fuzz_prove: a query is not proved equal to itself: %s\n", itself.reason.c_str());
            std::abort();
        }
        checkAccepted(itself);
        checkAccepted(sqleq::prove::prove(sqleq::fuzz_targets::fixedSchema(), gold, candidate, profile));
    }
    return 0;
}
