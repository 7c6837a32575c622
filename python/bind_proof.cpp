// sqleq._check_proof_text / _check_proof_file: the independent proof checker
// (core/proof_check) on a proof file's text or path, returned as the dict
// `sqleq-cli check-proof --json` prints. sqleq.check_proof picks one of the two.
#include "python/bindings.h"

#include "core/base/capped_file.h"
#include "core/proof_check/proof_check.h"

#include <string>

namespace sqleq::python {

void bindProof(py::module_& module)
{
    module.def(
        "_check_proof_text",
        [](const std::string& text) {
            const auto checked = [&] {
                py::gil_scoped_release unlocked;
                return proof_check::checkProofText(text);
            }();
            return toPython(proof_check::checkedProofJson(checked));
        },
        py::arg("text"), "Checks a proof given as JSON text: {accepted, reason, step, steps} (use sqleq.check_proof).");
    module.def(
        "_check_proof_file",
        [](const std::string& path) {
            auto text = readFileCapped(path, FileLimit{input_limits::kProofFile, "proof file"});
            if (!text) throw DiagnosticError(text.error());
            const auto checked = [&] {
                py::gil_scoped_release unlocked;
                return proof_check::checkProofText(*text);
            }();
            return toPython(proof_check::checkedProofJson(checked));
        },
        py::arg("path"), "Checks a proof file: {accepted, reason, step, steps} (use sqleq.check_proof).");
}

} // namespace sqleq::python
