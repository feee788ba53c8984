// granular-cli memory-latency: how long a dependent random load takes on this machine, for working
// sets from 1 MB (the L2 cache) to 64 MB (main memory), and how many such loads overlap when eight
// independent chains run side by side. `npm run bench` prints it above the gas table: the event
// engine at 10^5 discs (about 16 MB) waits on loads like these, so its cost per collision against
// 10^3 discs (all in L2) depends on where this machine's cache ends and how slow memory is past it.
#include "memory_probe.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <utility>
#include <vector>

#include "util/json.hpp"

namespace granular::cli {

namespace {

struct alignas(64) Line {
  std::uint64_t next;  // index of the next line of the chain
  std::uint64_t pad[7];
};

/// Nanoseconds per load of `chains` independent pointer chases through one random cycle over
/// `bytes` of 64-byte lines.
double chase(std::size_t bytes, int chains) {
  const std::size_t n = std::max<std::size_t>(bytes / sizeof(Line), 16);
  std::vector<std::uint64_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::uint64_t s = 0x9E3779B97F4A7C15ull;  // xorshift64*, fixed seed: the same cycle every run
  for (std::size_t i = n - 1; i > 0; --i) {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    const std::size_t j = static_cast<std::size_t>((s * 0x2545F4914F6CDD1Dull) % (i + 1));
    std::swap(order[i], order[j]);
  }
  std::vector<Line> lines(n);
  for (std::size_t i = 0; i < n; ++i) lines[order[i]].next = order[(i + 1) % n];
  std::vector<std::uint64_t> at(static_cast<std::size_t>(chains));
  for (int c = 0; c < chains; ++c) at[static_cast<std::size_t>(c)] = order[static_cast<std::size_t>(c) * (n / static_cast<std::size_t>(chains))];
  const std::size_t warm = n, steps = 2000000 / static_cast<std::size_t>(chains);
  auto walk = [&](std::size_t count) {
    for (std::size_t k = 0; k < count; ++k)
      for (auto& p : at) p = lines[p].next;
  };
  walk(warm);
  const auto t0 = std::chrono::steady_clock::now();
  walk(steps);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  volatile std::uint64_t sink = 0;
  for (auto p : at) sink = sink + p;
  return seconds * 1e9 / static_cast<double>(steps * static_cast<std::size_t>(chains));
}

}  // namespace

std::string memoryLatencyJson() {
  Json sizes = Json::array();
  for (const double mb : {1.0, 4.0, 16.0, 64.0}) {
    Json row = Json::object();
    row.set("megabytes", Json::number(mb));
    row.set("nsPerLoad", Json::number(chase(static_cast<std::size_t>(mb * 1024 * 1024), 1)));
    row.set("nsPerLoad8Chains", Json::number(chase(static_cast<std::size_t>(mb * 1024 * 1024), 8)));
    sizes.push(row);
  }
  Json j = Json::object();
  j.set("dependentRandomLoads", sizes);
  return j.dump();
}

}  // namespace granular::cli
