// `sqleq-cli check-proof FILE`: the independent checker (core/proof_check) on a proof
// file, or on a whole `check --json` output. Says `proof accepted: …` and exits 0, or
// `proof rejected: <reason>` and exits 1; a file it cannot read exits 3.

#include "app/cli/commands.h"
#include "app/cli/error_report.h"
#include "app/cli/exit_codes.h"

#include "core/base/capped_file.h"
#include "core/proof_check/proof_check.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <memory>

namespace sqleq::cli {
namespace {

struct CheckProofOptions {
    std::string file;
    bool json = false;
};

int runCheckProof(const CheckProofOptions& options)
{
    const auto text = readFileCapped(options.file, FileLimit{input_limits::kProofFile, "proof file"});
    if (!text) return reportError(options.json, text.error(), kExitInputError);
    const proof_check::CheckedProof checked = proof_check::checkProofText(*text);
    if (options.json) {
        fmt::print("{}\n", proof_check::checkedProofJson(checked).dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } else if (checked.accepted) {
        fmt::print("proof accepted: {} step{}, gold and candidate reach one normal form\n", checked.steps,
                   checked.steps == 1 ? "" : "s");
    } else {
        fmt::print("proof rejected: {}\n", checked.reason);
    }
    return checked.accepted ? kExitSuccess : kExitDifferent;
}

} // namespace

void registerCheckProofCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<CheckProofOptions>();
    auto* command = app.add_subcommand(
        "check-proof", "Re-check a proof of equivalence (check --proof-out, or a whole check --json output) with "
                       "the independent checker: exit 0 when accepted, 1 when rejected");
    command->add_option("file", options->file, "The proof file (JSON)")->required();
    command->add_flag("--json", options->json, "Print {accepted, reason, step, steps} as JSON");
    command->callback([options, &exitCode] { exitCode = runCheckProof(*options); });
}

} // namespace sqleq::cli
