// The proof file's JSON (proof_json.h).

#include "core/prove/proof_json.h"

namespace sqleq::prove {

nlohmann::json schemaFactsJson(const schema::Schema& schema)
{
    nlohmann::json tables = nlohmann::json::array();
    for (const auto& table : schema.tables) {
        nlohmann::json columns = nlohmann::json::array();
        for (const auto& column : table.columns) {
            columns.push_back({{"name", column.name},
                               {"type", column.declaredType},
                               {"not_null", column.notNull},
                               {"collation", column.collation}});
        }
        nlohmann::json uniques = nlohmann::json::array();
        for (const auto& unique : table.uniques) uniques.push_back(unique.columns);
        tables.push_back({{"name", table.name},
                          {"columns", std::move(columns)},
                          {"primary_key", table.primaryKey},
                          {"unique", std::move(uniques)},
                          {"without_rowid", table.withoutRowid}});
    }
    // No name: front ends name one schema differently (a file's stem, "ddl"), and the
    // proof stands on the tables alone.
    return {{"tables", std::move(tables)}};
}

nlohmann::json proofJson(const Proof& proof, const schema::Schema& schema)
{
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& step : proof.steps) {
        steps.push_back({{"side", sideName(step.side)},
                         {"rule", step.rule},
                         {"before", step.before},
                         {"after", step.after},
                         {"uses", step.uses}});
    }
    return {{"format", kProofFormat},
            {"version", kProofFormatVersion},
            {"profile", fuzz::profileName(proof.profile)},
            {"proved", proof.proved},
            {"gold", proof.gold},
            {"candidate", proof.candidate},
            {"gold_form", proof.goldForm},
            {"candidate_form", proof.candidateForm},
            {"rewrites", proof.rewrites()},
            {"steps", std::move(steps)},
            {"schema", schemaFactsJson(schema)}};
}

} // namespace sqleq::prove
