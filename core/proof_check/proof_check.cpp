// The proof checker (proof_check.h): reads the file field by field, then walks each
// side's chain from the query as the evaluator runs it, re-applying every step with the
// checker's own rules (rule_checks.h) under the file's profile and schema facts.

#include "core/proof_check/proof_check.h"

#include "core/exec/spider_compat.h"
#include "core/proof_check/json_fields.h"
#include "core/proof_check/rule_checks.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "core/sql/structural_equal.h"

#include <fmt/format.h>

#include <array>
#include <memory>

namespace sqleq::proof_check {
namespace {

struct ProofStep {
    std::string side;  ///< "gold" or "candidate"
    std::string rule;
    std::string before;
    std::string after;
};

struct ProofFile {
    Profile profile = Profile::Spider;
    std::string gold, candidate, goldForm, candidateForm;
    std::vector<ProofStep> steps;
    SchemaFacts schema;
};

struct Rejection {
    std::string reason;
    std::optional<std::size_t> step;  ///< 1-based
};

using Apply = Reapplied (*)(sql::SelectStatement&, const RuleInput&);

struct RuleEntry {
    std::string_view name;
    Apply apply;  ///< null for `syntax`, checked by equality of the parsed trees
    bool keepsPlan;
};

/// The rules in the order they run (docs/proofs.md, "The rules, in the order they run").
constexpr std::array<RuleEntry, 10> kRules{{
    {"syntax", nullptr, true},
    {"names", &resolveNames, true},
    {"spelling", &respell, true},
    {"unordered_result", &dropUnreadOrder, false},
    {"outer_to_inner", &makeOuterJoinsInner, false},
    {"inner_joins", &mergeInnerJoins, false},
    {"negation", &pushNegations, false},
    {"count_star", &countRowsByStar, false},
    {"distinct_key", &dropKeyedDistinct, false},
    {"commute", &commuteOperands, false},
}};

std::optional<std::size_t> rankOf(std::string_view rule)
{
    for (std::size_t rank = 0; rank < kRules.size(); ++rank) {
        if (kRules[rank].name == rule) return rank;
    }
    return std::nullopt;
}

std::optional<ProofStep> readStep(const nlohmann::json& value, std::size_t index, std::string& error)
{
    const std::string where = fmt::format("steps[{}]", index);
    if (!value.is_object()) {
        error = fmt::format("{}: expected an object, found {}", where, jsonTypeWords(value));
        return std::nullopt;
    }
    auto side = jsonString(value, where, "side", error);
    auto rule = side ? jsonString(value, where, "rule", error) : std::nullopt;
    auto before = rule ? jsonString(value, where, "before", error) : std::nullopt;
    auto after = before ? jsonString(value, where, "after", error) : std::nullopt;
    if (!after) return std::nullopt;
    if (*side != "gold" && *side != "candidate") {
        error = fmt::format("{}.side: expected \"gold\" or \"candidate\", found \"{}\"", where, *side);
        return std::nullopt;
    }
    if (value.contains("uses") && !jsonStrings(value, where, "uses", error)) return std::nullopt;
    return ProofStep{std::move(*side), std::move(*rule), std::move(*before), std::move(*after)};
}

std::optional<std::string> readHeader(const nlohmann::json& file, Profile& profile)
{
    std::string error;
    auto format = jsonString(file, {}, "format", error);
    if (!format) return error;
    if (*format != "sqleq-proof") return fmt::format("format: expected \"sqleq-proof\", found \"{}\"", *format);
    const auto* version = jsonMember(file, {}, "version", "a number", [](const auto& v) { return v.is_number(); }, error);
    if (!version) return error;
    if (!version->is_number_integer() || version->get<std::int64_t>() != 1)
        return fmt::format("version: this checker reads version 1, the file is version {}", version->dump());
    auto profileName = jsonString(file, {}, "profile", error);
    if (!profileName) return error;
    if (*profileName != "spider" && *profileName != "strict")
        return fmt::format("profile: expected \"spider\" or \"strict\", found \"{}\"", *profileName);
    profile = *profileName == "spider" ? Profile::Spider : Profile::Strict;
    auto proved = jsonBool(file, {}, "proved", error);
    if (!proved) return error;
    if (!*proved) return std::string("the file proves nothing: its `proved` is false");
    return std::nullopt;
}

std::optional<ProofFile> readProofFile(const nlohmann::json& file, std::string& error)
{
    if (!file.is_object()) {
        error = fmt::format("a proof file is a JSON object, this is {}", jsonTypeWords(file));
        return std::nullopt;
    }
    ProofFile proof;
    if (auto headerError = readHeader(file, proof.profile)) {
        error = std::move(*headerError);
        return std::nullopt;
    }
    for (auto [key, slot] : {std::pair{"gold", &proof.gold}, std::pair{"candidate", &proof.candidate},
                             std::pair{"gold_form", &proof.goldForm}, std::pair{"candidate_form", &proof.candidateForm}}) {
        auto text = jsonString(file, {}, key, error);
        if (!text) return std::nullopt;
        *slot = std::move(*text);
    }
    const auto* steps = jsonArray(file, {}, "steps", error);
    if (!steps) return std::nullopt;
    for (std::size_t i = 0; i < steps->size(); ++i) {
        auto step = readStep((*steps)[i], i, error);
        if (!step) return std::nullopt;
        proof.steps.push_back(std::move(*step));
    }
    const auto* schema = jsonObject(file, {}, "schema", error);
    auto facts = schema ? readSchemaFacts(*schema, error) : std::nullopt;
    if (!facts) return std::nullopt;
    proof.schema = std::move(*facts);
    if (file.contains("rewrites")) {
        std::size_t rewrites = 0;
        for (const auto& step : proof.steps) rewrites += step.rule == "syntax" ? 0 : 1;
        const auto& claimed = file["rewrites"];
        if (!claimed.is_number_integer() || claimed.get<std::int64_t>() != static_cast<std::int64_t>(rewrites)) {
            error = fmt::format("rewrites: the file says {}, its steps hold {}", claimed.dump(), rewrites);
            return std::nullopt;
        }
    }
    return proof;
}

std::unique_ptr<sql::SelectStatement> parsed(const std::string& text, std::string& error)
{
    auto output = sql::parse(text);
    if (output.ok()) return std::move(output.statement);
    error = output.diagnostics.empty() ? std::string("it does not parse") : formatDiagnostic(text, output.diagnostics.front());
    return nullptr;
}

std::unique_ptr<sql::SelectStatement> cloneStatement(const sql::SelectStatement& statement)
{
    return std::unique_ptr<sql::SelectStatement>(static_cast<sql::SelectStatement*>(statement.cloneNode().release()));
}

/// One side's chain, step by step.
class ChainChecker {
public:
    ChainChecker(const ProofFile& proof, const RuleInput& input, std::string side)
        : m_proof(proof), m_input(input), m_side(std::move(side))
    {
    }

    std::optional<Rejection> check(const std::string& query, const std::string& form)
    {
        std::string error;
        m_current = parsed(exec::officialPostprocess(query), error);
        if (!m_current) return Rejection{fmt::format("the {} does not parse as run: {}", m_side, error), {}};
        bool first = true;
        for (std::size_t index = 0; index < m_proof.steps.size(); ++index) {
            if (m_proof.steps[index].side != m_side) continue;
            if (auto rejection = checkStep(index, first)) return rejection;
            first = false;
        }
        auto end = parsed(form, error);
        if (!end) return Rejection{fmt::format("{}_form does not parse: {}", m_side, error), {}};
        if (!sql::structurallyEqual(*m_current, *end))
            return Rejection{fmt::format("the chain of the {} does not end at {}_form", m_side, m_side), {}};
        return std::nullopt;
    }

private:
    Rejection atStep(std::size_t index, std::string why) const
    {
        const auto& step = m_proof.steps[index];
        return {fmt::format("step {} ({}, {}): {}", index + 1, step.rule, step.side, why), index + 1};
    }

    std::optional<Rejection> checkStep(std::size_t index, bool first)
    {
        const ProofStep& step = m_proof.steps[index];
        const auto rank = rankOf(step.rule);
        if (!rank) return Rejection{fmt::format("step {}: unknown rule `{}`", index + 1, step.rule), index + 1};
        std::string error;
        auto before = parsed(step.before, error);
        if (!before) return atStep(index, fmt::format("its `before` does not parse: {}", error));
        if (!sql::structurallyEqual(*before, *m_current)) {
            if (first) return Rejection{fmt::format("the chain of the {} does not start at the {} as run", m_side, m_side), index + 1};
            return atStep(index, "its `before` is not the previous step's `after`");
        }
        auto after = parsed(step.after, error);
        if (!after) return atStep(index, fmt::format("its `after` does not parse: {}", error));
        if (m_lastRank && *rank <= *m_lastRank)
            return atStep(index, fmt::format("the rules run once each, in the order of docs/proofs.md: `{}` cannot come after `{}`",
                                             step.rule, kRules[*m_lastRank].name));
        m_lastRank = rank;
        const RuleEntry& rule = kRules[*rank];
        if (!rule.keepsPlan) {
            if (auto why = planChangeRefused()) return atStep(index, *why);
        }
        if (auto why = reapply(rule, *before, *after)) return atStep(index, *why);
        m_current = std::move(after);
        return std::nullopt;
    }

    /// Why no plan-changing rule may run on this side; decided once, on the query the
    /// first such step starts from, which must have its names resolved.
    std::optional<std::string> planChangeRefused()
    {
        if (m_input.orderCompared)
            return std::string("a plan-changing rule, but the gold has a top-level ORDER BY: the comparison reads "
                               "the rows as a list, and ties come in the plan's order");
        if (!m_planChecked) {
            m_planChecked = true;
            auto resolved = cloneStatement(*m_current);
            const Reapplied names = resolveNames(*resolved, m_input);
            if (!names.refused.empty()) m_planRefusal = fmt::format("the {}'s names cannot be resolved: {}", m_side, names.refused);
            else if (bindingBlindText(*resolved) != bindingBlindText(*m_current))
                m_planRefusal = "a plan-changing rule on a query whose names are not resolved (`names` comes first)";
            else if (auto why = readOrderDependence(*resolved, m_input); !why.empty())
                m_planRefusal = fmt::format("a plan-changing rule, but the {}'s rows depend on the order SQLite reads "
                                            "them ({}): only syntax and names may run", m_side, why);
        }
        if (m_planRefusal.empty()) return std::nullopt;
        return m_planRefusal;
    }

    std::optional<std::string> reapply(const RuleEntry& rule, const sql::SelectStatement& before,
                                       const sql::SelectStatement& after) const
    {
        if (!rule.apply) {
            if (sql::structurallyEqual(before, after)) return std::nullopt;
            return std::string("`before` and `after` are not the same query");
        }
        auto mine = cloneStatement(before);
        const Reapplied result = rule.apply(*mine, m_input);
        if (!result.refused.empty()) return result.refused;
        if (rule.name == "names") {
            if (bindingBlindText(*mine) == bindingBlindText(after)) return std::nullopt;
            return fmt::format("the names resolve to `{}` (up to the binding names), not to the step's `after`",
                               sql::print(*mine));
        }
        const std::string expected = sql::print(*mine);
        if (expected == sql::print(after)) return std::nullopt;
        if (!result.notes.empty()) return fmt::format("{}", fmt::join(result.notes, "; "));
        return fmt::format("the rule gives `{}`, not the step's `after`", expected);
    }

    const ProofFile& m_proof;
    const RuleInput& m_input;
    std::string m_side;
    std::unique_ptr<sql::SelectStatement> m_current;
    std::optional<std::size_t> m_lastRank;
    bool m_planChecked = false;
    std::string m_planRefusal;
};

std::optional<Rejection> checkSteps(const ProofFile& proof)
{
    bool candidateSeen = false;
    for (std::size_t index = 0; index < proof.steps.size(); ++index) {
        candidateSeen = candidateSeen || proof.steps[index].side == "candidate";
        if (candidateSeen && proof.steps[index].side == "gold")
            return Rejection{fmt::format("step {}: the gold's steps come before the candidate's", index + 1), index + 1};
    }
    if (proof.goldForm != proof.candidateForm) return Rejection{"gold_form and candidate_form differ", {}};
    std::string error;
    auto gold = parsed(exec::officialPostprocess(proof.gold), error);
    if (!gold) return Rejection{fmt::format("the gold does not parse as run: {}", error), {}};
    const RuleInput input{proof.schema, proof.profile, sql::hasTopLevelOrderBy(*gold)};
    if (auto rejection = ChainChecker(proof, input, "gold").check(proof.gold, proof.goldForm)) return rejection;
    return ChainChecker(proof, input, "candidate").check(proof.candidate, proof.candidateForm);
}

CheckedProof checkFile(const nlohmann::json& file)
{
    const nlohmann::json* proofObject = &file;
    if (file.is_object() && !file.contains("format") && file.contains("evidence")) {
        const auto& evidence = file["evidence"];
        if (!evidence.is_object() || !evidence.contains("proof") || !evidence["proof"].is_object())
            return {false, "evidence.proof: this check output holds no proof", {}, 0};
        proofObject = &evidence["proof"];
    }
    std::string error;
    const auto proof = readProofFile(*proofObject, error);
    if (!proof) return {false, error, {}, 0};
    CheckedProof checked;
    checked.steps = proof->steps.size();
    if (auto rejection = checkSteps(*proof)) {
        checked.reason = std::move(rejection->reason);
        checked.step = rejection->step;
        return checked;
    }
    checked.accepted = true;
    return checked;
}

} // namespace

CheckedProof checkProof(const nlohmann::json& file)
{
    try {
        return checkFile(file);
    } catch (const std::bad_alloc&) {
        return {false, "out of memory while checking the proof", {}, 0};
    } catch (const std::exception& error) {
        return {false, fmt::format("the proof could not be read: {}", error.what()), {}, 0};
    }
}

CheckedProof checkProofText(std::string_view text)
{
    nlohmann::json file;
    try {
        file = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& error) {
        return {false, fmt::format("not JSON: byte {}: {}", error.byte, error.what()), {}, 0};
    } catch (const std::bad_alloc&) {
        return {false, "out of memory while reading the proof", {}, 0};
    }
    return checkProof(file);
}

nlohmann::json checkedProofJson(const CheckedProof& checked)
{
    return {{"accepted", checked.accepted},
            {"reason", checked.accepted ? nlohmann::json() : nlohmann::json(checked.reason)},
            {"step", checked.step ? nlohmann::json(*checked.step) : nlohmann::json()},
            {"steps", checked.steps}};
}

} // namespace sqleq::proof_check
