// Rendering, JSON and the reading of older text notes. Only noteFromText looks at a
// note's words, and only for notes an older version stored as text: everything written
// now carries its metric and reason.
#include "core/evaluation/item_note.h"

#include <array>
#include <utility>

namespace sqleq::evaluation {
namespace {

constexpr std::array<std::pair<NoteReason, std::string_view>, 14> kReasonNames{{
    {NoteReason::Other, "other"},
    {NoteReason::Cancelled, "cancelled"},
    {NoteReason::GoldFailed, "gold_failed"},
    {NoteReason::PredictionFailed, "prediction_failed"},
    {NoteReason::PredictionUnparsed, "prediction_unparsed"},
    {NoteReason::Unscored, "unscored"},
    {NoteReason::NoOriginalDatabase, "no_original_database"},
    {NoteReason::NoSuite, "no_suite"},
    {NoteReason::NoSchema, "no_schema"},
    {NoteReason::TestSuiteFalsePositive, "test_suite_false_positive"},
    {NoteReason::Convention, "convention"},
    {NoteReason::ValuePlaceholder, "value_placeholder"},
    {NoteReason::InputRefused, "input_refused"},
    {NoteReason::NotEvaluated, "not_evaluated"},
}};

/// Labels of the notes about the item as a whole, and ESM's unscored label.
constexpr std::string_view kEsmUnscoredLabel = "esm, hardness";
constexpr std::string_view kPlaceholderLabel = "placeholder";
constexpr std::string_view kInputLabel = "input";
constexpr std::string_view kNotEvaluatedLabel = "not evaluated";

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

/// The reason of an older version's note about `metric`, from the sentences it wrote.
NoteReason legacyReason(Metric metric, std::string_view detail)
{
    if (detail == "cancelled") return NoteReason::Cancelled;
    if (contains(detail, "no original database")) return NoteReason::NoOriginalDatabase;
    if (metric == Metric::Sqleq && detail.starts_with("a test-suite false positive")) return NoteReason::TestSuiteFalsePositive;
    if (metric == Metric::Esm && detail.starts_with("the official parser rejects the prediction"))
        return NoteReason::PredictionUnparsed;
    if (metric == Metric::PcmF1 && detail.starts_with("the gold does not parse")) return NoteReason::GoldFailed;
    return NoteReason::Other;
}

} // namespace

std::string_view noteReasonName(NoteReason reason)
{
    for (const auto& [value, name] : kReasonNames) {
        if (value == reason) return name;
    }
    return "other";
}

std::optional<NoteReason> noteReasonForName(std::string_view name)
{
    for (const auto& [value, known] : kReasonNames) {
        if (known == name) return value;
    }
    return std::nullopt;
}

std::string noteLabel(const ItemNote& note)
{
    if (note.metric) {
        if (*note.metric == Metric::Esm && note.reason == NoteReason::Unscored) return std::string(kEsmUnscoredLabel);
        return std::string(metricInfo(*note.metric).key);
    }
    switch (note.reason) {
    case NoteReason::ValuePlaceholder: return std::string(kPlaceholderLabel);
    case NoteReason::InputRefused: return std::string(kInputLabel);
    case NoteReason::NotEvaluated: return std::string(kNotEvaluatedLabel);
    default: return {};
    }
}

std::string noteText(const ItemNote& note)
{
    const std::string label = noteLabel(note);
    return label.empty() ? note.detail : label + ": " + note.detail;
}

nlohmann::json noteJson(const ItemNote& note)
{
    return {{"metric", note.metric ? nlohmann::json(metricInfo(*note.metric).key) : nlohmann::json()},
            {"reason", noteReasonName(note.reason)},
            {"detail", note.detail}};
}

std::optional<ItemNote> noteFromJson(const nlohmann::json& json)
{
    if (!json.is_object()) return std::nullopt;
    const auto metric = json.find("metric");
    const auto reason = json.find("reason");
    const auto detail = json.find("detail");
    if (metric == json.end() || reason == json.end() || detail == json.end() || !reason->is_string()
        || !detail->is_string() || !(metric->is_null() || metric->is_string()))
        return std::nullopt;
    ItemNote note;
    if (metric->is_string()) {
        note.metric = metricForKey(metric->get<std::string>());
        if (!note.metric) return std::nullopt;
    }
    // A reason a later version added reads as Other: the note and its sentence survive.
    note.reason = noteReasonForName(reason->get<std::string>()).value_or(NoteReason::Other);
    note.detail = detail->get<std::string>();
    return note;
}

ItemNote noteFromText(std::string_view text)
{
    const auto colon = text.find(": ");
    if (colon == std::string_view::npos) return {std::nullopt, NoteReason::Other, std::string(text)};
    const std::string_view label = text.substr(0, colon);
    const std::string_view detail = text.substr(colon + 2);
    if (label == kEsmUnscoredLabel) return {Metric::Esm, NoteReason::Unscored, std::string(detail)};
    if (label == kPlaceholderLabel) return {std::nullopt, NoteReason::ValuePlaceholder, std::string(detail)};
    if (label == kInputLabel) return {std::nullopt, NoteReason::InputRefused, std::string(detail)};
    if (label == kNotEvaluatedLabel) return {std::nullopt, NoteReason::NotEvaluated, std::string(detail)};
    if (const auto metric = metricForKey(label)) return {*metric, legacyReason(*metric, detail), std::string(detail)};
    return {std::nullopt, NoteReason::Other, std::string(text)};
}

} // namespace sqleq::evaluation
