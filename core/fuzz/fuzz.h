// core/fuzz's public face: include this one header to sample random databases
// for a schema and a gold query — the PRNG, the profiles, the gold constants
// and the sampler. Nothing here touches Qt, the clock or global state.
#pragma once

#include "core/fuzz/gold_constants.h"
#include "core/fuzz/prng.h"
#include "core/fuzz/profile.h"
#include "core/fuzz/profile_check.h"
#include "core/fuzz/sampler.h"
