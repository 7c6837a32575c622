// libFuzzer target: the SQL parser must never crash, and whatever it accepts must
// print to text that parses back to a structurally equal AST (print -> re-parse).
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "core/sql/structural_equal.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const sqleq::sql::ParseOutput first = sqleq::sql::parse(text);
    if (!first.ok()) return 0;

    const std::string printed = sqleq::sql::print(*first.statement);
    const sqleq::sql::ParseOutput second = sqleq::sql::parse(printed);
    if (!second.ok()) {
        // Printing may add parentheses, so a text at the depth limit can print deeper.
        if (!second.diagnostics.empty() && second.diagnostics.front().code == "parse.too_deep") return 0;
        std::fprintf(stderr, "round trip: the printed text does not parse\n--- printed:\n%s\n--- error: %s\n",
                     printed.c_str(),
                     second.diagnostics.empty() ? "(none)" : second.diagnostics.front().message.c_str());
        std::abort();
    }
    if (!sqleq::sql::structurallyEqual(*first.statement, *second.statement)) {
        std::fprintf(stderr, "round trip: the re-parsed AST differs\n--- printed:\n%s\n--- reprinted:\n%s\n",
                     printed.c_str(), sqleq::sql::print(*second.statement).c_str());
        std::abort();
    }
    return 0;
}
