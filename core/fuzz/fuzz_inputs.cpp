#include "fuzz_inputs.hpp"

#include <vector>

#include "engines/chain/chain.hpp"
#include "geometry/msh.hpp"
#include "granular/avalanche.hpp"
#include "granular/compare.hpp"
#include "granular/scenario.hpp"
#include "granular/soft.hpp"

namespace granular::fuzz {

std::size_t feedAll(const std::string& text) {
  std::size_t sum = 0;
  sum += scenarioFamily(text).size();
  sum += validateScenarioJson(text).size();
  sum += validateSoftScenarioJson(text).size();
  sum += validateAvalancheScenarioJson(text).size();
  sum += validateCompareScenarioJson(text).size();
  // The reader is what is fuzzed; a valid row runs at most 20 000 collisions (a long but valid run,
  // e.g. {"spheres": 499}, 4.9 million collisions, took 128 s under the sanitizers and was reported
  // as a hang).
  sum += chain::runSetupJson(text, 16, 20000).size();
  std::vector<geom::Segment2> segments;
  std::string error;
  geom::readMsh(text, segments, error);
  sum += segments.size() + error.size();
  return sum;
}

}  // namespace granular::fuzz
