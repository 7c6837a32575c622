// Benchmark: New Audit Project… from scratch for one Spider dev submission — the
// GUI's own build function (ui::buildAuditProject → audit::buildProject), suites
// distilled by it next to the project, every metric computed. Prints the wall time
// and how it splits between distilling and evaluating; asserts nothing (not a test).
//
//   bench_audit_build [--plug-value] CORPUS_DIR [SUBMISSION] [OUT_DIR]
//     --plug-value: the dialog's "plug the gold's values" box ticked (default: not, as
//     the dialog opens); SUBMISSION: a file of CORPUS_DIR/predictions (default
//     dev_2.txt); OUT_DIR: where the project and its suites go (default: a fresh
//     temporary one).
#include "ui/audit/audit_build.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>

#include <fmt/format.h>

#include <chrono>

using namespace sqleq;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    const bool plugValue = args.removeAll(QStringLiteral("--plug-value")) > 0;
    if (args.size() < 2) {
        fmt::print(stderr, "usage: bench_audit_build [--plug-value] CORPUS_DIR [SUBMISSION] [OUT_DIR]\n");
        return 2;
    }
    const QDir corpus(args.at(1));
    const QString submission = args.size() > 2 ? args.at(2) : QStringLiteral("dev_2.txt");
    QTemporaryDir scratch;
    const QDir out(args.size() > 3 ? args.at(3) : scratch.path());

    ui::AuditBuildRequest request;
    request.gold = corpus.filePath(QStringLiteral("dev_gold.sql"));
    request.predictions = corpus.filePath(QStringLiteral("predictions/%1").arg(submission));
    request.tables = corpus.filePath(QStringLiteral("tables.json"));
    request.databases = corpus.filePath(QStringLiteral("database"));
    request.questions = corpus.filePath(QStringLiteral("dev_questions.tsv"));
    request.output = out.filePath(QStringLiteral("bench.sqleq-audit"));
    request.settings.plugValue = plugValue;

    const auto start = std::chrono::steady_clock::now();
    const ui::AuditBuildOutcome outcome = ui::buildAuditProject(request, {}, nullptr);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!outcome.error.isEmpty()) {
        fmt::print(stderr, "error: {}\n", outcome.error.toStdString());
        return 1;
    }
    fmt::print("{}: {} items, {} where the verdict metrics disagree\n", submission.toStdString(), outcome.items,
               outcome.disagreeing);
    fmt::print("total {:.1f} s wall: distilling the suites {:.1f} s, evaluating {:.1f} s, the rest {:.1f} s\n", seconds,
               outcome.distillSeconds, outcome.seconds, seconds - outcome.distillSeconds - outcome.seconds);
    fmt::print("suites in {}\n", outcome.distilledSuites.toStdString());
    return 0;
}
