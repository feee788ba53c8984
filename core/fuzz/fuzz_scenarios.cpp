// libFuzzer entry point (clang -fsanitize=fuzzer,address,undefined): see scripts/fuzz.mjs.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_inputs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  volatile std::size_t sink = granular::fuzz::feedAll(text);
  (void)sink;
  return 0;
}
