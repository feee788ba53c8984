// Calendar queue (Brown 1988; for event-driven MD, Paul 2007): one key per disc, O(1) on average.
//
// Time is cut into buckets of width w from an origin; a bucket is an unsorted doubly linked list of
// the discs whose key falls in it. The queue walks the buckets in time order; the earliest key is the
// smallest in the first non-empty bucket (a short scan: w is tuned so that a bucket holds a few keys).
// Keys beyond the bucket window wait in an overflow list; when the window is used up, the queue
// re-tunes w from the keys it holds (median distance to the earliest key) and redistributes them,
// an O(N) step every few N events.
//
// Order: the smallest key first, ties to the lower index -- exactly the order a sorted list would
// give, so the queue decides nothing about the physics. Bucket indices come from floor((key - origin)
// / w), monotonic in the key, so a later bucket never holds an earlier key. A key below the current
// bucket (an event "now") goes into the current bucket, which is always scanned whole.
#pragma once

#include <cstdint>
#include <vector>

namespace granular {

class CalendarQueue {
 public:
  /// n entries, every key +infinity (DBL_MAX).
  void reset(int n);
  /// Set the key of entry i.
  void update(int i, double key);
  /// Entry with the smallest key (ties: lower index); its key is DBL_MAX when nothing is scheduled.
  int top();
  double key(int i) const { return node_[static_cast<std::size_t>(i)].key; }

 private:
  struct Node {
    double key;
    std::int32_t next, prev;
    std::int64_t bucket;  // absolute bucket index, or kOverflow
  };
  static constexpr std::int64_t kOverflow = INT64_MAX;

  std::int64_t bucketFor(double key) const;
  void link(int i, std::int64_t bucket);
  void unlink(int i);
  void retune();

  std::vector<Node> node_;
  std::vector<std::int32_t> head_;  // head of each bucket in the window
  std::int32_t overflow_ = -1;      // head of the overflow list
  double origin_ = 0, width_ = 1, invWidth_ = 1;
  std::int64_t start_ = 0, end_ = 0;  // window: absolute buckets [start_, end_)
  std::int64_t current_ = 0;          // first bucket that may hold a key
  int cached_ = -1;                   // top() result while nothing changed
};

}  // namespace granular
