// Benchmark: the prover on real predictions — for each of Spider dev's 21 submissions,
// how many items the rewrites prove equivalent to their gold, by hardness, what stops
// the others, and (with --search N) whether a search of N databases without the proof
// refutes any proved pair (it must not: a wrong proof is the worst defect sqleq can
// have). With --verdicts, the share of items whose sqleq verdict is `equivalent` that
// are proved (a full inspection per item, proofs on). Asserts nothing (not a test).
//
//   bench_proofs CORPUS_SPIDER_DIR [--search N] [--strict] [--verdicts] [--submissions 1,2]
//                [--show-unproved N] [--check]
//     --check: every proof is also re-checked by the independent checker (core/proof_check),
//              and every gold against itself is proved and re-checked too.
#include "core/dataset/dataset_layout.h"
#include "core/inspect/inspect.h"
#include "core/metrics/spider_esm.h"
#include "core/metrics/spider_schema_index.h"
#include "core/proof_check/proof_check.h"
#include "core/prove/proof_json.h"
#include "core/prove/prove.h"
#include "core/schema/schema_source.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace sqleq;

namespace {

struct Item {
    std::string gold, dbId;
};

std::vector<Item> readGold(const std::filesystem::path& path)
{
    std::vector<Item> items;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        const auto tab = line.rfind('\t');
        if (tab == std::string::npos) continue;
        items.push_back({line.substr(0, tab), line.substr(tab + 1)});
    }
    return items;
}

std::vector<std::string> readLines(const std::filesystem::path& path)
{
    std::vector<std::string> lines;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        fmt::print(stderr, "usage: bench_proofs CORPUS_SPIDER_DIR [--search N] [--strict] [--verdicts] "
                           "[--submissions 1,2] [--show-unproved N]\n");
        return 2;
    }
    const std::filesystem::path corpus = argv[1];
    std::size_t search = 0, showUnproved = 0;
    bool strict = false, verdicts = false, check = false;
    std::vector<int> submissions;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--search" && i + 1 < argc) search = std::stoul(argv[++i]);
        else if (arg == "--strict") strict = true;
        else if (arg == "--verdicts") verdicts = true;
        else if (arg == "--check") check = true;
        else if (arg == "--show-unproved" && i + 1 < argc) showUnproved = std::stoul(argv[++i]);
        else if (arg == "--submissions" && i + 1 < argc) {
            std::string list = argv[++i];
            for (std::size_t start = 0; start < list.size();) {
                const auto comma = list.find(',', start);
                submissions.push_back(std::stoi(list.substr(start, comma - start)));
                start = comma == std::string::npos ? list.size() : comma + 1;
            }
        }
    }
    if (submissions.empty()) {
        for (int k = 1; k <= 21; ++k) submissions.push_back(k);
    }
    const fuzz::Profile profile = strict ? fuzz::Profile::Strict : fuzz::Profile::Spider;
    const auto golds = readGold(corpus / "dev_gold.sql");
    std::map<std::string, schema::SchemaSource> sources;
    auto sourceFor = [&](const std::string& dbId) -> const schema::SchemaSource* {
        if (auto found = sources.find(dbId); found != sources.end()) return &found->second;
        auto opened = dataset::DatasetLayout{.tables = corpus / "tables.json"}.schemaSource(dbId);
        if (!opened) return nullptr;
        return &sources.emplace(dbId, std::move(*opened)).first->second;
    };
    auto spiderIndex = metrics::SpiderSchemaIndex::fromFile(corpus / "tables.json");

    std::map<std::string, std::size_t> hardnessItems, hardnessProved, hardnessEquivalent, hardnessEquivalentProved;
    std::map<std::string, std::size_t> reasons;
    std::map<std::string, std::size_t> ruleUse;
    std::set<std::tuple<std::string, std::string, std::string>> provedPairs;
    std::vector<std::tuple<std::string, std::string, std::string, std::string>> unprovedShown;
    std::map<std::tuple<std::string, std::string, std::string>, std::pair<bool, bool>> verdictCache;
    std::size_t items = 0, proved = 0, equivalent = 0, equivalentProved = 0, provedNotEquivalent = 0;
    double proveSeconds = 0;
    std::size_t checked = 0, rejected = 0;
    const auto recheck = [&](const prove::Proof& proof, const schema::Schema& schema) {
        if (!check || !proof.proved) return;
        ++checked;
        const auto answer = proof_check::checkProof(prove::proofJson(proof, schema));
        if (!answer.accepted) {
            ++rejected;
            fmt::print("REJECTED BY THE CHECKER: {}\n  gold {}\n  candidate {}\n", answer.reason, proof.gold,
                       proof.candidate);
        }
    };
    for (int k : submissions) {
        const auto predictions = readLines(corpus / "predictions" / fmt::format("dev_{}.txt", k));
        std::size_t subProved = 0;
        for (std::size_t i = 0; i < golds.size() && i < predictions.size(); ++i) {
            const auto* source = sourceFor(golds[i].dbId);
            if (!source) continue;
            std::string hardness = "unknown";
            if (spiderIndex) {
                if (auto h = metrics::classifyHardness(golds[i].gold, *spiderIndex, golds[i].dbId))
                    hardness = metrics::hardnessName(*h);
            }
            ++items;
            ++hardnessItems[hardness];
            const auto start = std::chrono::steady_clock::now();
            const prove::Proof proof = prove::prove(source->schema, golds[i].gold, predictions[i], profile);
            proveSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            recheck(proof, source->schema);
            if (check && k == submissions.front()) recheck(prove::prove(source->schema, golds[i].gold, golds[i].gold, profile), source->schema);
            if (proof.proved) {
                ++proved;
                ++subProved;
                ++hardnessProved[hardness];
                provedPairs.emplace(golds[i].dbId, golds[i].gold, predictions[i]);
                for (const auto& step : proof.steps) ++ruleUse[step.rule];
            } else {
                ++reasons[proof.reason];
                if (unprovedShown.size() < showUnproved && proof.reason == "the normal forms differ")
                    unprovedShown.emplace_back(golds[i].dbId, proof.goldForm, proof.candidateForm, predictions[i]);
            }
            if (verdicts) {
                // One inspection per distinct pair: submissions repeat many predictions.
                const auto key = std::make_tuple(golds[i].dbId, golds[i].gold, predictions[i]);
                auto known = verdictCache.find(key);
                if (known != verdictCache.end()) {
                    if (known->second.first) {
                        ++equivalent;
                        ++hardnessEquivalent[hardness];
                        if (known->second.second) {
                            ++equivalentProved;
                            ++hardnessEquivalentProved[hardness];
                        }
                    }
                    continue;
                }
                inspect::CheckRequest request;
                request.gold = golds[i].gold;
                request.candidate = predictions[i];
                request.settings.profile = profile;
                request.settings.jobs = 2;
                request.minimize = false;
                request.diagnose = false;
                request.otherProfile = false;
                auto inspection = inspect::inspect(*source, request);
                verdictCache[key] = {inspection && inspection->check.verdict == suite::VerdictKind::Equivalent,
                                     inspection && inspection->proof.has_value()};
                if (inspection && inspection->check.verdict == suite::VerdictKind::Equivalent) {
                    ++equivalent;
                    ++hardnessEquivalent[hardness];
                    if (inspection->proof) {
                        ++equivalentProved;
                        ++hardnessEquivalentProved[hardness];
                    } else if (showUnproved > 0) {
                        fmt::print("EQUIVALENT, NOT PROVED ({}): {}\n  G {}\n  C {}\n", golds[i].dbId, proof.reason,
                                   proof.goldForm, proof.candidateForm);
                    }
                } else if (proof.proved) {
                    ++provedNotEquivalent;
                    fmt::print("PROVED BUT {}: {} | {} | {}\n",
                               inspection ? suite::verdictKindName(inspection->check.verdict) : "error",
                               golds[i].dbId, golds[i].gold, predictions[i]);
                }
            }
        }
        fmt::print("dev_{}: {} of {} items proved\n", k, subProved, predictions.size());
    }
    fmt::print("\n{} profile: {} of {} items proved ({:.1f} %), prover {:.1f} ms in total, {:.3f} ms per item\n",
               fuzz::profileName(profile), proved, items, 100.0 * proved / std::max<std::size_t>(items, 1),
               proveSeconds * 1000, proveSeconds * 1000 / std::max<std::size_t>(items, 1));
    for (const auto& [hardness, count] : hardnessItems)
        fmt::print("  {}: {} of {} proved\n", hardness, hardnessProved[hardness], count);
    if (verdicts) {
        fmt::print("sqleq verdict equivalent: {}; proved among them: {} ({:.1f} %); proved but not equivalent: {}\n",
                   equivalent, equivalentProved, 100.0 * equivalentProved / std::max<std::size_t>(equivalent, 1),
                   provedNotEquivalent);
        for (const auto& [hardness, count] : hardnessEquivalent)
            fmt::print("  {}: {} of {} equivalent items proved ({:.1f} %)\n", hardness, hardnessEquivalentProved[hardness],
                       count, 100.0 * hardnessEquivalentProved[hardness] / std::max<std::size_t>(count, 1));
    }
    if (check) fmt::print("independent checker: {} proofs re-checked, {} rejected\n", checked, rejected);
    fmt::print("rules in proofs:");
    for (const auto& [rule, count] : ruleUse) fmt::print(" {} {}", rule, count);
    fmt::print("\nwhy not proved:\n");
    for (const auto& [reason, count] : reasons) fmt::print("  {:6} {}\n", count, reason);
    for (const auto& [dbId, goldForm, candidateForm, prediction] : unprovedShown)
        fmt::print("--- {}\n  G {}\n  C {}\n", dbId, goldForm, candidateForm);

    if (search > 0) {
        std::size_t refuted = 0, checked = 0;
        for (const auto& [dbId, gold, prediction] : provedPairs) {
            inspect::CheckRequest request;
            request.gold = gold;
            request.candidate = prediction;
            request.settings.profile = profile;
            request.settings.prove = false;
            request.settings.searchBudget = search;
            request.settings.jobs = 2;
            request.minimize = false;
            request.diagnose = false;
            request.otherProfile = false;
            auto inspection = inspect::inspect(*sourceFor(dbId), request);
            ++checked;
            if (!inspection || inspection->check.verdict != suite::VerdictKind::Equivalent) {
                ++refuted;
                fmt::print("REFUTED ({}): {} | {} | {}\n",
                           inspection ? suite::verdictKindName(inspection->check.verdict) : "error", dbId, gold,
                           prediction);
            }
        }
        fmt::print("search of {} databases without the proof: {} distinct proved pairs, {} refuted\n", search, checked,
                   refuted);
    }
    return 0;
}
