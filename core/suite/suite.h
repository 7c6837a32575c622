// suite: the test suite S_g and what is decided with it. One header per concern:
// suite_database.h (the suite as data), distill.h (greedy distillation, Algorithm 1 of
// Zhong, Yu, Klein 2020), checker.h (the metric verdict and the Spider text steps),
// suite_files.h (the on-disk layout of released suites), dataset_distill.h (whole
// gold files, schema by schema), construct_shares.h (where a dataset's undistinguished
// neighbors are, by SQL construct). This umbrella includes them all and is the stage's
// public header for the front ends; core's own files include the one they need.
#pragma once

#include "core/suite/checker.h"
#include "core/suite/construct_shares.h"
#include "core/suite/dataset_distill.h"
#include "core/suite/distill.h"
#include "core/suite/suite_database.h"
#include "core/suite/suite_files.h"
