// Domain polygons: validity, walls with inward normals, containment, and the explicit-disc checks.
#pragma once

#include <string>
#include <vector>

#include "granular/scenario.hpp"
#include "model/model.hpp"

namespace granular {

/// Vertices of the scenario's domain, x0, y0, x1, y1, ... (the box is (0,0) (w,0) (w,h) (0,h)).
std::vector<double> domainPolygon(const ScenarioSpec& s);

/// Signed area (> 0 counter-clockwise).
double polygonSignedArea(const std::vector<double>& xy);

/// True for a simple polygon of non-zero area; otherwise `why` says what is wrong.
bool polygonIsValid(const std::vector<double>& xy, std::string& why);

/// True when every turn of a (valid, simple) polygon goes the same way: straight angles allowed.
bool polygonIsConvex(const std::vector<double>& xy);

/// Walls from vertex k to k+1 with unit normals pointing into the polygon.
std::vector<Wall> makeWalls(const std::vector<double>& xy);

/// Even-odd point-in-polygon test.
bool insidePolygon(const std::vector<double>& xy, double x, double y);

/// Distance from (x, y) to the nearest wall.
double distanceToWalls(const std::vector<Wall>& walls, double x, double y);

/// Explicit discs: each inside the domain touching no wall, no two overlapping, total area below
/// the densest packing. Issues go to `errors` (at most 20 of each kind, then a count).
void checkExplicitDiscs(const ScenarioSpec& s, std::vector<Issue>& errors);

}  // namespace granular
