// Prng: the project's own pseudo-random generator (xoshiro256** seeded through
// SplitMix64) with our own mappings to ranges, doubles, picks and shuffles, so a
// seed gives the same databases with every standard library and on every machine.
// It must never be replaced by std::*_distribution or std::shuffle, whose
// algorithms are implementation-defined.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace sqleq::fuzz {

/// One SplitMix64 step: advances `state` and returns a well-mixed word.
uint64_t splitMix64(uint64_t& state);

/// A small, fast, deterministic generator. Copyable (a copy replays the same
/// stream); not thread-safe — give each thread its own instance via fork().
class Prng {
public:
    explicit Prng(uint64_t seed);

    /// The next 64 random bits.
    uint64_t next();
    /// Uniform in [0, bound), without modulo bias; bound 0 yields 0.
    uint64_t below(uint64_t bound);
    /// Uniform in [lo, hi] (inclusive), without modulo bias; lo > hi yields lo.
    int64_t uniform(int64_t lo, int64_t hi);
    /// Uniform in [0, 1) from the top 53 bits.
    double unit();
    /// True with probability p (p ≤ 0: never, p ≥ 1: always).
    bool chance(double p);
    /// A uniform index into a container of `size` elements (size > 0).
    std::size_t index(std::size_t size);

    /// A uniformly chosen element; `items` must not be empty.
    template <typename T> const T& pick(const std::vector<T>& items)
    {
        assert(!items.empty());
        return items[index(items.size())];
    }

    /// Fisher–Yates, from the back, with our own index mapping.
    template <typename T> void shuffle(std::vector<T>& items)
    {
        for (std::size_t i = items.size(); i > 1; --i) {
            const std::size_t j = index(i);
            if (j != i - 1) std::swap(items[i - 1], items[j]);
        }
    }

    /// An independent child stream named by `streamId`. Depends only on this
    /// generator's current state and the id, and does not advance this generator,
    /// so child k can be derived without deriving children 0..k-1.
    [[nodiscard]] Prng fork(uint64_t streamId) const;

private:
    uint64_t m_state[4];
};

} // namespace sqleq::fuzz
