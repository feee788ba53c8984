// `run --until T` in every family: rows at the output instants up to T, never past it.
#pragma once

namespace granular::cli {

/// Output instant `t` is at or before `until`. Instant k is computed as k * interval, so T = 0.06
/// with an interval of 0.02 meets 3 * 0.02 = 0.06000000000000001: a relative 1e-12 (far above the
/// rounding of one product, far below any interval) keeps that row, and not the next one.
inline bool atOrBefore(double t, double until) { return t <= until + 1e-12 * until; }

}  // namespace granular::cli
