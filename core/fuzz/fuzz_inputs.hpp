// What the fuzzer feeds untrusted text to: every parser and validator a share link, an uploaded
// file or a pasted scenario reaches (issue 6 §4). Shared by the libFuzzer target (core/fuzz/
// fuzz_scenarios.cpp, built by scripts/fuzz.mjs with clang) and the regression test that replays
// the inputs kept in tests/fuzz/ (tests/cpp/fuzz_regression_test.cpp, every CTest run).
#pragma once

#include <string>

namespace granular::fuzz {

/// Every validator and reader on one text: gas, soft-disc, avalanche and comparison scenarios, the family
/// router, the chain's set-up reader and the Gmsh reader. Never throws; returns a checksum of the
/// reports' lengths so nothing is optimised away.
std::size_t feedAll(const std::string& text);

}  // namespace granular::fuzz
