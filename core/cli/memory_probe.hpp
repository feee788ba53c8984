#pragma once

#include <string>

namespace granular::cli {

/// Dependent random-load latency for 1, 4, 16 and 64 MB working sets, one chain and eight
/// independent chains, as one JSON line (about a second of work).
std::string memoryLatencyJson();

}  // namespace granular::cli
