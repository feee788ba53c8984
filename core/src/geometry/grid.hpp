// A uniform cell grid over a rectangle, used wherever discs must find their neighbours: the
// scenario checks (overlaps), the random placement of discs, and the event engine's cell lists.
// The cell size is at least the requested size; the number of cells is capped (about 4 per disc
// plus 1024) so that a huge, sparse domain cannot exhaust memory.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace granular {

class GridShape {
 public:
  GridShape() = default;
  GridShape(double xmin, double ymin, double xmax, double ymax, double minCell, long long maxCells) {
    x0_ = xmin;
    y0_ = ymin;
    const double w = std::max(xmax - xmin, 1e-300), h = std::max(ymax - ymin, 1e-300);
    double cell = minCell;
    // Enlarge the cell until the grid holds at most maxCells cells.
    const double minForCap = std::sqrt(w * h / static_cast<double>(std::max(1LL, maxCells)));
    if (cell < minForCap) cell = minForCap;
    nx_ = static_cast<int>(std::min(std::floor(w / cell), 1e6));
    ny_ = static_cast<int>(std::min(std::floor(h / cell), 1e6));
    if (nx_ < 1) nx_ = 1;
    if (ny_ < 1) ny_ = 1;
    while (static_cast<long long>(nx_) * ny_ > std::max(1LL, maxCells)) {
      nx_ = std::max(1, nx_ / 2);
      ny_ = std::max(1, ny_ / 2);
    }
    cx_ = w / nx_;  // >= cell
    cy_ = h / ny_;
    invCx_ = 1.0 / cx_;
    invCy_ = 1.0 / cy_;
  }

  int nx() const { return nx_; }
  int ny() const { return ny_; }
  int cells() const { return nx_ * ny_; }
  double cellWidth() const { return cx_; }
  double cellHeight() const { return cy_; }
  double x0() const { return x0_; }
  double y0() const { return y0_; }

  int column(double x) const { return clampIndex((x - x0_) * invCx_, nx_); }
  int row(double y) const { return clampIndex((y - y0_) * invCy_, ny_); }
  int cellOf(double x, double y) const { return row(y) * nx_ + column(x); }

 private:
  static int clampIndex(double u, int n) {
    if (!(u >= 0)) return 0;  // also NaN
    if (u >= n) return n - 1;
    return static_cast<int>(u);
  }
  double x0_ = 0, y0_ = 0, cx_ = 1, cy_ = 1, invCx_ = 1, invCy_ = 1;
  int nx_ = 1, ny_ = 1;
};

/// Bucket grid for static or growing point sets (placement, overlap checks).
class BucketGrid {
 public:
  explicit BucketGrid(const GridShape& shape) : shape_(shape), buckets_(static_cast<std::size_t>(shape.cells())) {}
  const GridShape& shape() const { return shape_; }
  void insert(int id, double x, double y) { buckets_[static_cast<std::size_t>(shape_.cellOf(x, y))].push_back(id); }

  /// Calls f(id) for every id in the 3 x 3 block of cells around (x, y).
  template <class F>
  void forNeighbours(double x, double y, F&& f) const {
    const int c = shape_.column(x), r = shape_.row(y);
    for (int j = std::max(0, r - 1); j <= std::min(shape_.ny() - 1, r + 1); ++j)
      for (int i = std::max(0, c - 1); i <= std::min(shape_.nx() - 1, c + 1); ++i)
        for (int id : buckets_[static_cast<std::size_t>(j * shape_.nx() + i)]) f(id);
  }

 private:
  GridShape shape_;
  std::vector<std::vector<int>> buckets_;
};

}  // namespace granular
