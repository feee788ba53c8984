// Calendar queue (Brown 1988; for event-driven MD, Paul 2007): one key per entry, O(1) on average.
//
// Time is cut into buckets of width w from an origin; a bucket is an unsorted doubly linked list of
// the entries whose key falls in it. The queue walks the buckets in time order; the earliest key is
// the smallest in the first non-empty bucket (a short scan: w is tuned so that a bucket holds a few
// keys). Keys beyond the bucket window wait in an overflow list; when the window is used up, the
// queue re-tunes w from the keys it holds (median distance to the earliest key) and redistributes
// them, an O(N) step every few N events.
//
// Order: the smallest key first, ties to the lower index -- exactly the order a sorted list would
// give, so the queue decides nothing about the physics. Bucket indices come from floor((key - origin)
// / w), monotonic in the key, so a later bucket never holds an earlier key. A key below the current
// bucket (an event "now") goes into the current bucket, which is always scanned whole.
//
// An entry is its key and its two links, 16 bytes, four to a cache line: the lists are walked in
// random order, and at N = 10^5 the whole queue (1.6 MB) still fits in a 2 MiB L2 cache. The
// bucket of an entry is not stored: it is max(floor((key - origin) / w), current bucket), or the
// overflow list. (An entry goes into that bucket when it is inserted, and the current bucket only
// moves on past empty buckets, so the formula keeps giving the entry's bucket until the next
// re-tune, which redistributes everything.)
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace granular {

class CalendarQueue {
 public:
  static constexpr double kNone = std::numeric_limits<double>::max();

  /// n entries, every key kNone (DBL_MAX).
  void reset(int n) {
    slot_.assign(static_cast<std::size_t>(n), Slot{kNone, -1, -1});
    head_.clear();
    overflow_ = -1;
    for (int i = n - 1; i >= 0; --i) link(i, kOverflow);
    end_ = current_ = 0;
    origin_ = 0;
    width_ = invWidth_ = 1;
    cached_ = runnerUp_ = -1;
  }

  double key(int i) const { return slot_[static_cast<std::size_t>(i)].key; }

  /// Set the key of entry i.
  void update(int i, double key) {
    Slot& s = slot_[static_cast<std::size_t>(i)];
    if (cached_ == i || (cached_ >= 0 && key <= slot_[static_cast<std::size_t>(cached_)].key)) cached_ = -1;
    const std::int32_t from = bucketFor(s.key), to = bucketFor(key);
    s.key = key;
    if (from == to) return;
    unlink(i, from);
    link(i, to);
  }

  /// After top(): another entry of the first bucket, the likely next top (a hint for prefetching;
  /// not exact on ties), or -1.
  int runnerUp() const { return runnerUp_; }

  /// Entry with the smallest key (ties: lower index); its key is kNone when nothing is scheduled;
  /// -1 only when the queue is empty.
  int top() {
    if (cached_ >= 0) return cached_;
    while (true) {
      while (current_ < end_ && head_[static_cast<std::size_t>(current_)] < 0) ++current_;
      if (current_ < end_) {
        int best = head_[static_cast<std::size_t>(current_)];
        runnerUp_ = -1;
        for (int i = slot_[static_cast<std::size_t>(best)].next; i >= 0; i = slot_[static_cast<std::size_t>(i)].next) {
          const double k = slot_[static_cast<std::size_t>(i)].key, kb = slot_[static_cast<std::size_t>(best)].key;
          if (k < kb || (k == kb && i < best)) {
            runnerUp_ = best;
            best = i;
          } else if (runnerUp_ < 0 || k < slot_[static_cast<std::size_t>(runnerUp_)].key) {
            runnerUp_ = i;
          }
        }
        cached_ = best;
        return best;
      }
      // Window used up: everything left is in the overflow list.
      if (overflow_ < 0) return -1;
      int lowest = overflow_;
      bool anyFinite = false;
      for (int i = overflow_; i >= 0; i = slot_[static_cast<std::size_t>(i)].next) {
        lowest = std::min(lowest, i);
        anyFinite = anyFinite || slot_[static_cast<std::size_t>(i)].key != kNone;
      }
      if (!anyFinite) return cached_ = lowest;  // nothing scheduled
      retune();
    }
  }

 private:
  static constexpr std::int32_t kOverflow = -1;

  struct Slot {
    double key;
    std::int32_t next, prev;
  };

  std::int32_t bucketFor(double key) const {
    if (key == kNone) return kOverflow;
    const double u = (key - origin_) * invWidth_;
    if (end_ == 0 || !(u < static_cast<double>(end_))) return kOverflow;  // no window, beyond it, or NaN
    const std::int32_t b = u <= 0 ? 0 : static_cast<std::int32_t>(u);
    return b < current_ ? current_ : b;
  }

  void link(int i, std::int32_t bucket) {
    Slot& s = slot_[static_cast<std::size_t>(i)];
    std::int32_t& head = bucket == kOverflow ? overflow_ : head_[static_cast<std::size_t>(bucket)];
    s.prev = -1;
    s.next = head;
    if (head >= 0) slot_[static_cast<std::size_t>(head)].prev = i;
    head = i;
  }

  void unlink(int i, std::int32_t bucket) {
    Slot& s = slot_[static_cast<std::size_t>(i)];
    if (s.prev >= 0) slot_[static_cast<std::size_t>(s.prev)].next = s.next;
    else (bucket == kOverflow ? overflow_ : head_[static_cast<std::size_t>(bucket)]) = s.next;
    if (s.next >= 0) slot_[static_cast<std::size_t>(s.next)].prev = s.prev;
  }

  void retune() {
    // Width from the median distance of the finite keys to the earliest one: about kKeysPerBucket
    // keys per bucket near the front.
    std::vector<double> keys;
    keys.reserve(slot_.size());
    for (const Slot& s : slot_)
      if (s.key != kNone) keys.push_back(s.key);
    const double first = *std::min_element(keys.begin(), keys.end());
    auto mid = keys.begin() + static_cast<std::ptrdiff_t>(keys.size() / 2);
    std::nth_element(keys.begin(), mid, keys.end());
    const double median = *mid - first;
    const double count = static_cast<double>(keys.size());
    width_ = median > 0 ? kKeysPerBucket * 2.0 * median / count : 1.0;
    if (!(width_ > 0) || !std::isfinite(width_)) width_ = 1.0;
    invWidth_ = 1.0 / width_;
    origin_ = first;
    current_ = 0;
    end_ = std::max<std::int32_t>(64, static_cast<std::int32_t>(keys.size()));
    head_.assign(static_cast<std::size_t>(end_), -1);
    overflow_ = -1;
    cached_ = -1;
    // Redistribute in index order, so that the lists do not depend on history.
    for (int i = static_cast<int>(slot_.size()) - 1; i >= 0; --i) link(i, bucketFor(slot_[static_cast<std::size_t>(i)].key));
  }

  static constexpr double kKeysPerBucket = 3.0;

  std::vector<Slot> slot_;
  std::vector<std::int32_t> head_;  // head of each bucket in the window
  std::int32_t overflow_ = -1;      // head of the overflow list
  double origin_ = 0, width_ = 1, invWidth_ = 1;
  std::int32_t end_ = 0;            // window: buckets [0, end_)
  std::int32_t current_ = 0;        // first bucket that may hold a key
  int cached_ = -1;                 // top() result while nothing changed
  int runnerUp_ = -1;               // see runnerUp()
};

}  // namespace granular
