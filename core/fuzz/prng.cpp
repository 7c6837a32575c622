// xoshiro256** (Blackman & Vigna, 2018) with SplitMix64 seeding, and unbiased
// range mappings by rejection (the arc4random_uniform threshold method).

#include "core/fuzz/prng.h"

namespace sqleq::fuzz {
namespace {

constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

} // namespace

uint64_t splitMix64(uint64_t& state)
{
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

Prng::Prng(uint64_t seed)
{
    // SplitMix64 never yields four zero words in a row, so the state is valid.
    for (uint64_t& word : m_state) word = splitMix64(seed);
}

uint64_t Prng::next()
{
    const uint64_t result = rotl(m_state[1] * 5, 7) * 9;
    const uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotl(m_state[3], 45);
    return result;
}

uint64_t Prng::below(uint64_t bound)
{
    if (bound <= 1) return 0;
    // Values below 2^64 mod bound would make the low residues more likely.
    const uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        const uint64_t r = next();
        if (r >= threshold) return r % bound;
    }
}

int64_t Prng::uniform(int64_t lo, int64_t hi)
{
    if (lo >= hi) return lo;
    const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
    const uint64_t offset = span == UINT64_MAX ? next() : below(span + 1);
    return static_cast<int64_t>(static_cast<uint64_t>(lo) + offset);
}

double Prng::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

bool Prng::chance(double p)
{
    if (p <= 0.0) return false;
    if (p >= 1.0) return true;
    return unit() < p;
}

std::size_t Prng::index(std::size_t size)
{
    assert(size > 0);
    return static_cast<std::size_t>(below(size));
}

Prng Prng::fork(uint64_t streamId) const
{
    // Mix the whole state with the id; a fresh SplitMix64 seeding decorrelates
    // neighbouring ids.
    uint64_t mix = streamId ^ 0xD1B54A32D192ED03ULL;
    uint64_t seed = splitMix64(mix);
    seed ^= m_state[0] ^ rotl(m_state[1], 13) ^ rotl(m_state[2], 29) ^ rotl(m_state[3], 47);
    return Prng(splitMix64(seed));
}

} // namespace sqleq::fuzz
