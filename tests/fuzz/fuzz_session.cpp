// libFuzzer target: the `.sqleq` session reader (ui/session, Qt Core only). Any
// text is a Session or a one-line error; an accepted session writes back to JSON
// that reads as the same session.
#include "ui/session/session.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    QString error;
    const auto session = sqleq::ui::sessionFromJson(json, &error);
    if (!session) {
        if (error.isEmpty()) {
            std::fprintf(stderr, "fuzz_session: refused without an error message\n");
            std::abort();
        }
        return 0;
    }
    QString again;
    const auto reread = sqleq::ui::sessionFromJson(sqleq::ui::sessionToJson(*session), &again);
    if (!reread || !(*reread == *session)) {
        std::fprintf(stderr, "fuzz_session: written session does not read back the same (%s)\n",
                     again.toUtf8().constData());
        std::abort();
    }
    return 0;
}
