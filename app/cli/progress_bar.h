// A one-line progress bar on stderr for long commands — drawn only when stderr is
// a terminal, so scripts and logs stay quiet. Batch commands that can run for long
// (distill) ask for progress lines instead when stderr is a pipe or a file: one at
// every new phase or schema and at most one every few seconds otherwise. Adapts
// core's progress callbacks.
#pragma once

#include "core/suite/suite.h"

#include <chrono>
#include <string>

namespace sqleq::cli {

class ProgressBar {
public:
    enum class Piped { Quiet, Lines };
    /// `piped`: what to do when stderr is not a terminal.
    explicit ProgressBar(Piped piped = Piped::Quiet);
    ~ProgressBar();
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;

    /// Redraws at most ten times a second; `label` prefixes the line (e.g. a db_id).
    void update(const suite::Progress& progress, const std::string& label = {});
    /// Clears the line (called by the destructor too).
    void finish();

    [[nodiscard]] bool enabled() const { return m_enabled; }
    /// A callback for core jobs that draws on this bar.
    suite::ProgressCallback callback(std::string label = {});

private:
    void printLine(const suite::Progress& progress, const std::string& label);

    bool m_enabled = false;
    bool m_lines = false;
    bool m_drawn = false;
    std::chrono::steady_clock::time_point m_lastDraw{};
    std::string m_lastHeading;  ///< label and phase of the last progress line
};

} // namespace sqleq::cli
