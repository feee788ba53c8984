// A triangular dam on the avalanche floor, 10 cm high, from x = 0.25 m to 0.37 m (units: m).
// The floor's discs (radius R_min = 4 mm) are centred on y = 0, so the floor's top is y = 0.004.
// Mesh it with Gmsh as lines only, in the 2.2 format the page and `granular-cli run --boundary` read:
//   gmsh -1 avalanche-dam.geo -format msh22 -o avalanche-dam.msh
// (avalanche-dam.msh next to this file is that mesh with one element per line, written by hand;
// the preset avalanche-dam.json carries the same two segments.)
Point(1) = {0.25, 0.004, 0};
Point(2) = {0.31, 0.104, 0};
Point(3) = {0.37, 0.004, 0};
Line(1) = {1, 2};
Line(2) = {2, 3};
