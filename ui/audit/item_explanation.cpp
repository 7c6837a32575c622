// ItemExplanation: the words follow the metrics' definitions — an ESM component
// "does not match" when its official F1 is below 1 (evaluation.py scores an absent
// clause on both sides as a match), and ESM can still fail with every component
// matching, because the official exact match also compares the FROM tables. Notes are
// picked by their metric and reason (evaluation::ItemNote), never by their words.

#include "ui/audit/item_explanation.h"
#include "ui/core_text.h"


#include "ui/audit/audit_labels.h"
#include "ui/widgets/theme_colors.h"

#include <QApplication>
#include <QRegularExpression>

namespace sqleq::ui {
namespace {

using evaluation::Metric;

QString metricName(Metric metric)
{
    const std::string_view name = evaluation::metricInfo(metric).name;
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

/// The notes of one metric (ESM's unscored note included), in their stored order.
std::vector<const evaluation::ItemNote*> notesFor(const audit::AuditItem& item, Metric metric)
{
    std::vector<const evaluation::ItemNote*> found;
    for (const auto& note : item.metrics.notes) {
        if (note.metric == metric) found.push_back(&note);
    }
    return found;
}

QStringList detailsOf(const std::vector<const evaluation::ItemNote*>& notes)
{
    QStringList details;
    for (const auto* note : notes) details << fromStd(note->detail);
    return details;
}

QString markOf(std::optional<bool> value) { return value ? metricMark(value) : QStringLiteral("—"); }

/// A note in a few plain words for the panel: a missing original database is named by
/// its db_id, any other path by its file name (the tooltip's notes keep the full text).
QString shortNote(const evaluation::ItemNote& note, const std::string& dbId)
{
    if (note.reason == evaluation::NoteReason::NoOriginalDatabase)
        return QObject::tr("no original database for %1").arg(fromStd(dbId));
    static const QRegularExpression path(QStringLiteral("(/[^\\s/:;,]+)+/([^\\s/:;,]+)"));
    QString shortened = fromStd(note.detail);
    shortened.replace(path, QStringLiteral("…/\\2"));
    return shortened;
}

/// Why a metric is unset: its note, or the missing input that switched it off.
QString unsetWhy(const audit::AuditItem& item, Metric metric, const QString& missingInput)
{
    QStringList notes;
    for (const auto* note : notesFor(item, metric)) notes << shortNote(*note, item.dbId);
    notes.removeDuplicates();
    return notes.isEmpty() ? missingInput : notes.join(QStringLiteral("; "));
}

QString componentTable(const metrics::ComponentScores& scores)
{
    QString table = QObject::tr("Component (gold / prediction units):");
    for (std::size_t i = 0; i < metrics::kComponentCount; ++i) {
        const auto component = static_cast<metrics::Component>(i);
        const metrics::ComponentScore& score = scores[component];
        table += QObject::tr("\n  %1 %2: %3 / %4")
                     .arg(score.matched() ? QStringLiteral("✓") : QStringLiteral("✗"),
                          fromStd(std::string(metrics::componentName(component))))
                     .arg(score.labelTotal)
                     .arg(score.predTotal);
    }
    return table;
}

ItemExplanation::Line esmLine(const audit::AuditItem& item, const EsmRecheck& esm, ItemExplanation& out)
{
    const std::optional<bool> stored = item.metrics.esm;
    ItemExplanation::Line line{metricName(Metric::Esm), markOf(stored), stored, {}};
    if (!stored) {
        line.why = unsetWhy(item, Metric::Esm, QObject::tr("not computed (no tables.json)"));
        return line;
    }
    switch (esm.state) {
    case EsmRecheck::State::NotNeeded: break;
    case EsmRecheck::State::Pending:
        if (!*stored) line.why = QObject::tr("finding the components that differ…");
        break;
    case EsmRecheck::State::Failed: line.why = QObject::tr("components unavailable: %1").arg(esm.error); break;
    case EsmRecheck::State::Done: {
        const metrics::EsmResult& result = esm.result;
        out.predictionParsed = result.predictionParsed;
        out.componentTable = componentTable(result.components);
        for (std::size_t i = 0; i < metrics::kComponentCount; ++i) {
            const auto component = static_cast<metrics::Component>(i);
            if (!result.components[component].matched())
                out.failingComponents << fromStd(std::string(metrics::componentName(component)));
        }
        if (!result.predictionParsed)
            line.why = QObject::tr("the official parser rejects the prediction (scored as empty SQL)");
        else if (!out.failingComponents.isEmpty())
            line.why = QObject::tr("differs in %1").arg(out.failingComponents.join(QStringLiteral(", ")));
        else if (!result.exact)
            line.why = QObject::tr("every component matches; the FROM tables differ");
        if (result.exact && (item.metrics.testSuite == false || item.metrics.sqleq == false))
            line.why = QObject::tr("exact set match ignores values and JOIN … ON conditions");
        if (result.exact != *stored)
            line.why += QObject::tr("%1tables.json now gives %2").arg(line.why.isEmpty() ? QString() : QStringLiteral("; "),
                                                                      metricMark(result.exact));
        break;
    }
    }
    return line;
}

ItemExplanation::Line suiteLine(const audit::AuditItem& item, const QString& suitesDir, const QString& databaseOnScreen,
                                ItemExplanation& out)
{
    const std::optional<bool> value = item.metrics.testSuite;
    ItemExplanation::Line line{metricName(Metric::TestSuite), markOf(value), value, {}};
    if (!value) {
        line.why = unsetWhy(item, Metric::TestSuite, QObject::tr("not computed (no suites directory)"));
        return line;
    }
    if (*value) return line;
    out.separatingDatabase = item.metrics.separatingDatabase;
    const QString verdict = fromStd(item.metrics.testSuiteVerdict);
    if (item.metrics.separatingDatabase >= 0) {
        // The project's prebuilt suite is not the inspector's list (which numbers its own
        // distilled databases first): its database is named by file, never by a "#N".
        const auto index = static_cast<std::size_t>(item.metrics.separatingDatabase);
        line.why = QObject::tr("a database of the project's prebuilt suite (file %1 in the suite's order) separates them")
                       .arg(index + 1);
        // The store names the file while the suite folder is there (AnnotationStore::items).
        if (!item.metrics.separatingDatabaseFile.empty())
            line.why = QObject::tr("%1 (prebuilt suite) separates them").arg(fromStd(item.metrics.separatingDatabaseFile));
        if (!verdict.isEmpty() && verdict != QStringLiteral("different")) line.why += QStringLiteral(" (%1)").arg(verdict);
        if (!suitesDir.isEmpty())
            out.suiteLocation = QObject::tr("Prebuilt suite databases: %1/%2/*.sqlite")
                                    .arg(suitesDir, fromStd(item.dbId));
    } else if (!verdict.isEmpty()) {
        line.why = verdict;
    }
    // The inspector's run of the item is on screen: the line names the database the
    // banner names, whose counterexample is shown (the inspector's suite puts its own
    // distilled databases before the prebuilt files); the project's file goes to the tooltip.
    if (!databaseOnScreen.isEmpty()) {
        const QString stored = line.why;
        out.databaseOnScreen = databaseOnScreen;
        line.why = QObject::tr("database %1 separates them (its counterexample is on screen)").arg(databaseOnScreen);
        if (!stored.isEmpty()) {
            const QString project = QObject::tr("In the project's own run: %1").arg(stored);
            out.suiteLocation = out.suiteLocation.isEmpty() ? project : project + QLatin1Char('\n') + out.suiteLocation;
        }
    }
    return line;
}

ItemExplanation::Line sqleqLine(const audit::AuditItem& item)
{
    const std::optional<bool> value = item.metrics.sqleq;
    ItemExplanation::Line line{metricName(Metric::Sqleq), markOf(value), value, {}};
    if (!value) {
        line.why = unsetWhy(item, Metric::Sqleq, QObject::tr("not computed (needs the suites and tables.json)"));
    } else if (item.metrics.testSuiteFalsePositive) {
        line.why = QObject::tr("a test-suite false positive: the suite accepts it, the search separates them (%1)")
                       .arg(fromStd(item.metrics.sqleqFoundBy));
    } else if (*value && item.metrics.proved) {
        line.why = QObject::tr("proved equivalent: rewrites bring both to one normal form");
    } else if (*value) {
        line.why = QObject::tr("equivalent on the suite and the search past it");
    }
    return line;
}

ItemExplanation::Line executionLine(const audit::AuditItem& item, Metric metric, std::optional<bool> value,
                                    const QString& missingInput)
{
    ItemExplanation::Line line{metricName(metric), markOf(value), value, {}};
    // A computed verdict can carry a note too (e.g. the prediction failed to run).
    line.why = value ? detailsOf(notesFor(item, metric)).join(QStringLiteral("; ")) : unsetWhy(item, metric, missingInput);
    return line;
}

QString escaped(const QString& text) { return text.toHtmlEscaped(); }

} // namespace

ItemExplanation explainItem(const audit::AuditItem& item, const EsmRecheck& esm, const QString& suitesDir,
                            const QString& databaseOnScreen)
{
    ItemExplanation out;
    out.itemIndex = item.index;
    for (const auto& note : item.metrics.notes) out.notes << fromStd(evaluation::noteText(note));
    out.lines.push_back(esmLine(item, esm, out));
    out.lines.push_back(suiteLine(item, suitesDir, databaseOnScreen, out));
    out.lines.push_back(sqleqLine(item));
    out.lines.push_back(executionLine(item, Metric::Exec, item.metrics.exec,
                                      QObject::tr("not computed (no original databases)")));
    out.lines.push_back(executionLine(item, Metric::SqlEval, item.metrics.sqlEval,
                                      QObject::tr("not computed (no original databases)")));
    ItemExplanation::Line pcm{metricName(Metric::PcmF1), {}, std::nullopt, {}, true};
    if (item.metrics.pcmF1) {
        pcm.mark = QString::number(*item.metrics.pcmF1, 'f', 2);
        pcm.why = QObject::tr("graded, does not vote");
    } else {
        pcm.mark = QStringLiteral("—");
        pcm.why = unsetWhy(item, Metric::PcmF1, QObject::tr("not computed"));
    }
    out.lines.push_back(pcm);
    return out;
}

QString ItemExplanation::html() const
{
    const ThemeColors colors(QApplication::palette());
    const auto mark = [&](const Line& line) {
        const QString text = QStringLiteral("<b>%1</b> %2").arg(escaped(line.metric), escaped(line.mark));
        if (!line.correct) return text;
        const QString color = (*line.correct ? colors.positive() : colors.negative()).name();
        return QStringLiteral("<b>%1</b> <span style=\"color:%2\">%3</span>")
            .arg(escaped(line.metric), color, escaped(line.mark));
    };
    // Metrics with a reason get a line of their own; plain values share the last one,
    // so the section stays a few lines high in a 1280x800 window.
    QStringList rows;
    QStringList plain;
    for (const Line& line : lines) {
        if (line.why.isEmpty() || line.sharesLine) plain << mark(line);
        else if (!line.correct && line.mark == QStringLiteral("—"))  // unset: the reason alone, no "— —"
            rows << QStringLiteral("<b>%1</b> — %2").arg(escaped(line.metric), escaped(line.why));
        else rows << QStringLiteral("%1 — %2").arg(mark(line), escaped(line.why));
    }
    if (!plain.isEmpty()) rows << plain.join(QStringLiteral(" · "));
    return rows.join(QStringLiteral("<br>"));
}

QString ItemExplanation::toolTip() const
{
    QStringList parts;
    for (const Line& line : lines)
        parts << (line.why.isEmpty() ? QStringLiteral("%1 %2").arg(line.metric, line.mark)
                                     : QStringLiteral("%1 %2 — %3").arg(line.metric, line.mark, line.why));
    if (!suiteLocation.isEmpty()) parts << suiteLocation;
    if (!componentTable.isEmpty()) parts << QString() << componentTable;
    if (!notes.isEmpty()) parts << QString() << QObject::tr("Notes:") << notes;
    return parts.join(QLatin1Char('\n'));
}

} // namespace sqleq::ui
