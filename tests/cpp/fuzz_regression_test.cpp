// Replays every input kept by the fuzzer (tests/fuzz/regressions: inputs that once crashed, leaked
// or hung; tests/fuzz/seeds: hand-written hostile inputs) and every preset through the same entry
// point as the libFuzzer target, under this build's sanitizers. scripts/fuzz.mjs runs the fuzzer.
#include <dirent.h>

#include <chrono>
#include <string>
#include <vector>

#include "../../core/fuzz/fuzz_inputs.hpp"
#include "test_support.hpp"

namespace {

std::vector<std::string> filesIn(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name != "." && name != ".." && name != "README.md") out.push_back(dir + "/" + name);
    }
    closedir(d);
  }
  return out;
}

}  // namespace

TEST(FuzzRegression, KeptInputsAndPresetsPassEveryValidator) {
  const std::string root = GRANULAR_SOURCE_DIR;
  std::vector<std::string> files = filesIn(root + "/tests/fuzz/regressions");
  const std::vector<std::string> seeds = filesIn(root + "/tests/fuzz/seeds");
  const std::vector<std::string> presets = filesIn(root + "/scenarios");
  files.insert(files.end(), seeds.begin(), seeds.end());
  files.insert(files.end(), presets.begin(), presets.end());
  ASSERT_GE(seeds.size(), 5u);
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    EXPECT_GT(granular::fuzz::feedAll(granular::testing::readText(f)), 0u);
  }
}
