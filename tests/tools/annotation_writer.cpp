// annotation_writer: the victim of the crash-safety test. It opens an audit
// project and commits the planned annotations (crash_plan.h) one by one, printing
// `confirmed <n>` and flushing only after setAnnotation returned the stored annotation, until it
// is killed or reaches its limit. It never sleeps: the test decides when to kill.

#include "core/audit/audit.h"
#include "tests/tools/crash_plan.h"

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: annotation_writer PROJECT START [LIMIT]\n");
        return 2;
    }
    const std::size_t start = std::strtoull(argv[2], nullptr, 10);
    // A limit keeps an orphaned writer from running forever if its test dies.
    const std::size_t limit = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 100000;

    auto store = sqleq::audit::AnnotationStore::open(argv[1]);
    if (!store) {
        std::fprintf(stderr, "%s\n", store.error().message.c_str());
        return 3;
    }
    auto items = store->items();
    if (!items || items->empty()) {
        std::fprintf(stderr, "%s: no items\n", argv[1]);
        return 3;
    }
    std::vector<std::size_t> indices;
    for (const auto& item : *items) indices.push_back(item.index);

    for (std::size_t n = start; n < start + limit; ++n) {
        auto written = store->setAnnotation(sqleq::crashplan::plannedAnnotation(n, indices));
        if (!written) {
            std::fprintf(stderr, "write %zu: %s\n", n, written.error().message.c_str());
            return 1;
        }
        // The stored annotation comes back stamped; an unstamped one was not stored.
        if (written->updatedAt.empty()) {
            std::fprintf(stderr, "write %zu: no updated_at returned\n", n);
            return 1;
        }
        std::printf("confirmed %zu\n", n);
        std::fflush(stdout);
    }
    return 0;
}
