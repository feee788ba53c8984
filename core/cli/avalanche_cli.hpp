#pragma once

#include <string>
#include <vector>

#include "geometry/msh.hpp"

namespace granular::cli {

/// validate | normalize | hash | run on an avalanche scenario text; 2 for an unknown command.
/// `until`: s after the gate opens (hash, run); the run also ends when the flow stops.
int avalancheCommand(const std::string& command, const std::string& file, const std::string& text, double until,
                     const std::string& format, const std::string& outPath);

/// Appends `segments` (e.g. read from a Gmsh file) to the scenario's boundary.segments; false with
/// a reason when the text is not a JSON object.
bool addBoundarySegments(std::string& scenarioJson, const std::vector<geom::Segment2>& segments, std::string& error);

}  // namespace granular::cli
