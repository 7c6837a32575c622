// ItemNote: what an item's metrics leave unsaid (why a metric is unset, why a
// prediction counted wrong, a convention that decided the answer) as data: the metric
// it is about, a reason code, and the sentence users read. Core writes notes; every
// reader classifies them by `metric` and `reason` and shows `detail` (or noteText),
// never parsing the sentence. No Qt.
#pragma once

#include "core/evaluation/metric_table.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sqleq::evaluation {

/// Why a note was written. The names (noteReasonName) are a file format: items.json's
/// `note_details` and the audit store.
enum class NoteReason : std::uint8_t {
    Other,                   ///< none of the below (also an older project's note no rule recognises)
    Cancelled,               ///< the run stopped before the metric was computed
    GoldFailed,              ///< the gold fails (errs, or does not parse): the metric says nothing
    PredictionFailed,        ///< the prediction errs or runs past a budget: counted wrong
    PredictionUnparsed,      ///< ESM: the official parser rejects the prediction (scored as empty SQL)
    Unscored,                ///< the metric could not score the item; the detail says why
    NoOriginalDatabase,      ///< no usable original database for the db_id
    NoSuite,                 ///< no suite for the db_id
    NoSchema,                ///< no schema for the db_id (sqleq's search needs one)
    TestSuiteFalsePositive,  ///< sqleq: the suite accepts, the search separates them
    Convention,              ///< sqleq: the metric's conventions (DISTINCT, plug-value) decided the answer
    ValuePlaceholder,        ///< the prediction's "value" was run as "1", as the official evaluator does
    InputRefused,            ///< the gold or prediction line was refused (longer than the cap)
    NotEvaluated,            ///< the item was not evaluated at all (the batch was cancelled)
};

struct ItemNote {
    std::optional<Metric> metric;  ///< the metric it explains; none for the item as a whole
    NoteReason reason = NoteReason::Other;
    std::string detail;            ///< the sentence users read (noteText prefixes the label)
    bool operator==(const ItemNote&) const = default;
};

/// "gold_failed", "no_original_database", ...: the stable name of a reason.
std::string_view noteReasonName(NoteReason reason);

/// The reason named `name`; nullopt for any other text.
std::optional<NoteReason> noteReasonForName(std::string_view name);

/// What a note is about, as users read it before the colon: the metric's key ("exec"),
/// "esm, hardness" for ESM left unscored (hardness then is unset too), "placeholder",
/// "input" or "not evaluated" for the item as a whole; empty for an Other note
/// without a metric.
std::string noteLabel(const ItemNote& note);

/// "exec: the gold fails on the original database: …": the label, a colon, the detail.
std::string noteText(const ItemNote& note);

/// {"metric": key or null, "reason": name, "detail": sentence}.
nlohmann::json noteJson(const ItemNote& note);

/// The note noteJson wrote; nullopt when `json` is not such an object.
std::optional<ItemNote> noteFromJson(const nlohmann::json& json);

/// A note stored as text by an older version ("exec: no original database: …"), read
/// back into its fields: the label gives the metric, the few sentences older versions
/// wrote give the reason (Other when none matches). Only for reading old files.
ItemNote noteFromText(std::string_view text);

} // namespace sqleq::evaluation
