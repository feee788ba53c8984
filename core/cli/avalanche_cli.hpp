#pragma once

#include <string>

namespace granular::cli {

/// validate | normalize | hash | run on an avalanche scenario text; 2 for an unknown command.
/// `until`: s after the gate opens (hash, run); the run also ends when the flow stops.
int avalancheCommand(const std::string& command, const std::string& file, const std::string& text, double until,
                     const std::string& format, const std::string& outPath);

}  // namespace granular::cli
