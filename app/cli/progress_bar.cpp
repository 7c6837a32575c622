// Terminal progress line for sqleq-cli.

#include "app/cli/progress_bar.h"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace sqleq::cli {

ProgressBar::ProgressBar(Piped piped)
    : m_enabled(::isatty(STDERR_FILENO) == 1), m_lines(!m_enabled && piped == Piped::Lines)
{
}

void ProgressBar::printLine(const suite::Progress& progress, const std::string& label)
{
    const std::string heading = label + '\t' + progress.phase;
    const auto now = std::chrono::steady_clock::now();
    if (heading == m_lastHeading && now - m_lastDraw < std::chrono::seconds(5)) return;
    m_lastHeading = heading;
    m_lastDraw = now;
    const std::string count = progress.total > 0 ? fmt::format("{}/{}", progress.done, progress.total)
                                                 : fmt::format("{}", progress.done);
    fmt::print(stderr, "progress: {}{}{} {} | suite {} | undistinguished {}\n", label, label.empty() ? "" : " ",
               progress.phase, count, progress.suiteSize, progress.undistinguished);
    std::fflush(stderr);
}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(const suite::Progress& progress, const std::string& label)
{
    if (m_lines) printLine(progress, label);
    if (!m_enabled) return;
    const auto now = std::chrono::steady_clock::now();
    if (m_drawn && now - m_lastDraw < std::chrono::milliseconds(100)) return;
    m_lastDraw = now;
    m_drawn = true;
    constexpr int kWidth = 30;
    std::string bar;
    if (progress.total > 0) {
        const auto filled = static_cast<int>(kWidth * std::min<double>(1.0, double(progress.done) / progress.total));
        bar = fmt::format("[{}{}] {}/{}", std::string(filled, '#'), std::string(kWidth - filled, '.'), progress.done,
                          progress.total);
    } else {
        bar = fmt::format("{}", progress.done);
    }
    fmt::print(stderr, "\r\033[K{}{}{} {} | suite {} | undistinguished {}", label, label.empty() ? "" : " ",
               progress.phase, bar, progress.suiteSize, progress.undistinguished);
    std::fflush(stderr);
}

void ProgressBar::finish()
{
    if (!m_enabled || !m_drawn) return;
    fmt::print(stderr, "\r\033[K");
    std::fflush(stderr);
    m_drawn = false;
}

suite::ProgressCallback ProgressBar::callback(std::string label)
{
    return [this, label = std::move(label)](const suite::Progress& progress) { update(progress, label); };
}

} // namespace sqleq::cli
