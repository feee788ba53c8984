// Boundary import from a 2D Gmsh mesh file (.msh, ASCII formats 2.2 and 4.1): the 2-node line
// elements (element type 1) become wall segments for custom slopes (issue 5).
//
// What is read: $MeshFormat, $Nodes and $Elements. Every other section ($PhysicalNames, $Entities,
// $Periodic, $NodeData, ...) is skipped up to its $End line. Points (type 15), triangles and all
// other element types are ignored; nodes must lie in the plane z = 0.
//
// Robustness: the reader works on a cursor over the text with std::strtod / std::strtoll, without
// exceptions (the WebAssembly build has them disabled) and without recursion. Every loop consumes
// a line of the input or stops, so malformed, truncated or huge input cannot hang it; at most
// kMshMaxNodes nodes and kMshMaxElements elements are accepted. Errors name the line and what was
// expected there, e.g. "line 12: $Nodes: expected 4 numbers (node-id x y z), got 'abc'"; an empty
// or blank file, and one that is not text, have no line to name and say so plainly.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace granular::geom {

/// A wall segment from (ax, ay) to (bx, by), in the mesh's units.
struct Segment2 {
  double ax, ay, bx, by;
};

constexpr std::size_t kMshMaxNodes = 1000000;
constexpr std::size_t kMshMaxElements = 1000000;

/// Parses the text of a .msh file. On success returns true and sets `segments` to the line
/// elements in file order (first node to second node); `error` is cleared. On failure returns false,
/// leaves `segments` empty and sets `error` to a one-line message naming the line. A file without
/// any line element is an error (there would be nothing to import).
bool readMsh(const std::string& text, std::vector<Segment2>& segments, std::string& error);

}  // namespace granular::geom
