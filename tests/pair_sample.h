// The per-pair verdict tests (test_certificates, test_aggregate_boundaries,
// test_verdict_misses) run every pair through the whole search under both profiles.
// Under AddressSanitizer that is about 5 s a pair, 15 minutes for the three, while
// the search, minimizer and re-check code they reach is exercised under the
// sanitizers by the unit tests of those stages anyway. So the sanitizer run (test
// preset `sanitize`) sets SQLEQ_PAIR_SAMPLE=N and these tests then add every Nth pair
// of their table only: the same pairs on every run, both profiles of each, and every
// other test function in full. Unset (the release run, `make test`), every pair runs.
#pragma once

#include <QtGlobal>

#include <cstddef>
#include <cstdlib>
#include <string>

namespace sqleq::test {

/// N of SQLEQ_PAIR_SAMPLE, 1 (every pair) when unset, empty or not a positive number.
inline std::size_t pairSampleStride()
{
    const char* text = std::getenv("SQLEQ_PAIR_SAMPLE");
    if (text == nullptr || *text == '\0') return 1;
    char* end = nullptr;
    const long stride = std::strtol(text, &end, 10);
    return *end == '\0' && stride > 0 ? static_cast<std::size_t>(stride) : 1;
}

/// Whether pair `index` of `count` is judged in this run; the first call of a run says
/// how many are, so that a sampled run never reads as a full one.
inline bool pairSampled(std::size_t index, std::size_t count)
{
    const std::size_t stride = pairSampleStride();
    if (index == 0 && stride > 1)
        qInfo("SQLEQ_PAIR_SAMPLE=%zu: %zu of %zu pairs judged, one in %zu", stride, (count + stride - 1) / stride, count,
              stride);
    return index % stride == 0;
}

} // namespace sqleq::test
