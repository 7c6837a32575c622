// ItemExplanation: why an audit item's metrics say what they say, as the Verdict dock
// shows it under the item title — which official ESM components did not match (or that
// the official parser rejected the prediction), the test suite's verdict and the
// database that separated the pair, the execution values, and the notes that explain
// a metric left unset. Plain data plus its rendering; it runs nothing itself: the ESM
// recheck comes from AuditItemExplainer, which computes it off the GUI thread.
#pragma once

#include "core/audit/audit.h"
#include "core/metrics/spider_esm.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sqleq::ui {

/// ESM recomputed from the project's tables.json with its component scores (the store
/// keeps only the verdict).
struct EsmRecheck {
    enum class State { NotNeeded, Pending, Done, Failed };
    State state = State::NotNeeded;
    metrics::EsmResult result;  ///< valid when Done
    QString error;              ///< why it failed (no tables.json, unknown db, gold the parser rejects)
};

struct ItemExplanation {
    /// One metric: its mark ("✓", "✗", "—" or a score) and, when there is one, why.
    struct Line {
        QString metric;
        QString mark;
        std::optional<bool> correct;  ///< colours the mark; unset for graded or missing values
        QString why;
        bool sharesLine = false;  ///< shown on the shared last line even with a reason
    };

    std::size_t itemIndex = 0;
    std::vector<Line> lines;            ///< ESM, Suite, Exec, SQL-Eval, PCM-F1 (those the project has)
    QStringList failingComponents;      ///< componentName of each ESM component that did not match
    std::optional<bool> predictionParsed;  ///< by the official parser (known once rechecked)
    int separatingDatabase = -1;        ///< test suite ✗: index of the separating database
    QString suiteLocation;              ///< where that database lives (for the tooltip)
    /// The database the test suite's ✗ names while the inspector shows the item's
    /// counterexample (explainItem's `databaseOnScreen`); empty otherwise.
    QString databaseOnScreen;
    QStringList notes;                  ///< the item's notes, as stored
    QString componentTable;             ///< every ESM component with its counts (for the tooltip)

    /// Compact rich text: one line per metric with a reason, the rest on one line.
    [[nodiscard]] QString html() const;
    /// Everything, for the tooltip: every line, the component table, the notes.
    [[nodiscard]] QString toolTip() const;
};

/// Builds the explanation of `item` from its stored metrics and `esm` (the recheck, or
/// its state while pending). `suitesDir` names where the separating database lives.
/// `databaseOnScreen`: the separating database whose counterexample the inspector shows
/// for this item, named as the banner names it (separatingDatabaseOnScreenName); the
/// test suite's ✗ then names that one, and the file the project's own run stopped at
/// goes to the tooltip, so the panel and the banner never name two databases. Empty
/// while no result of the item is on screen: the stored file is named.
ItemExplanation explainItem(const audit::AuditItem& item, const EsmRecheck& esm, const QString& suitesDir,
                            const QString& databaseOnScreen = {});

} // namespace sqleq::ui
