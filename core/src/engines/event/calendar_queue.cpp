#include "engines/event/calendar_queue.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace granular {

namespace {
constexpr double kNone = std::numeric_limits<double>::max();
constexpr double kKeysPerBucket = 3.0;
}  // namespace

void CalendarQueue::reset(int n) {
  node_.assign(static_cast<std::size_t>(n), Node{kNone, -1, -1, kOverflow});
  head_.clear();
  overflow_ = -1;
  for (int i = n - 1; i >= 0; --i) link(i, kOverflow);
  start_ = end_ = current_ = 0;
  origin_ = 0;
  width_ = invWidth_ = 1;
  cached_ = -1;
}

std::int64_t CalendarQueue::bucketFor(double key) const {
  if (key == kNone) return kOverflow;
  const double u = (key - origin_) * invWidth_;
  if (end_ <= start_ || !(u < static_cast<double>(end_))) return kOverflow;  // no window, beyond it, or NaN
  const std::int64_t b = u <= 0 ? 0 : static_cast<std::int64_t>(u);
  return b < current_ ? current_ : b;
}

void CalendarQueue::link(int i, std::int64_t bucket) {
  Node& n = node_[static_cast<std::size_t>(i)];
  n.bucket = bucket;
  std::int32_t& head = bucket == kOverflow ? overflow_ : head_[static_cast<std::size_t>(bucket - start_)];
  n.prev = -1;
  n.next = head;
  if (head >= 0) node_[static_cast<std::size_t>(head)].prev = i;
  head = i;
}

void CalendarQueue::unlink(int i) {
  Node& n = node_[static_cast<std::size_t>(i)];
  if (n.prev >= 0) node_[static_cast<std::size_t>(n.prev)].next = n.next;
  else (n.bucket == kOverflow ? overflow_ : head_[static_cast<std::size_t>(n.bucket - start_)]) = n.next;
  if (n.next >= 0) node_[static_cast<std::size_t>(n.next)].prev = n.prev;
}

void CalendarQueue::update(int i, double key) {
  Node& n = node_[static_cast<std::size_t>(i)];
  if (cached_ == i || (cached_ >= 0 && key <= node_[static_cast<std::size_t>(cached_)].key)) cached_ = -1;
  const std::int64_t b = bucketFor(key);
  n.key = key;
  if (b == n.bucket) return;
  unlink(i);
  link(i, b);
}

void CalendarQueue::retune() {
  // Everything is in the overflow list now (the window is used up). Width from the median distance
  // of the finite keys to the earliest one: about kKeysPerBucket keys per bucket near the front.
  std::vector<double> keys;
  keys.reserve(node_.size());
  for (const Node& n : node_)
    if (n.key != kNone) keys.push_back(n.key);
  head_.clear();
  if (keys.empty()) {
    start_ = end_ = current_ = 0;
    return;
  }
  const double first = *std::min_element(keys.begin(), keys.end());
  auto mid = keys.begin() + static_cast<std::ptrdiff_t>(keys.size() / 2);
  std::nth_element(keys.begin(), mid, keys.end());
  const double median = *mid - first;
  const double count = static_cast<double>(keys.size());
  width_ = median > 0 ? kKeysPerBucket * 2.0 * median / count : 1.0;
  if (!(width_ > 0) || !std::isfinite(width_)) width_ = 1.0;
  invWidth_ = 1.0 / width_;
  origin_ = first;
  const std::int64_t buckets = std::max<std::int64_t>(64, static_cast<std::int64_t>(keys.size()));
  start_ = current_ = 0;
  end_ = buckets;
  head_.assign(static_cast<std::size_t>(buckets), -1);
  // Redistribute (in index order, so that the lists do not depend on history).
  overflow_ = -1;
  for (int i = static_cast<int>(node_.size()) - 1; i >= 0; --i) link(i, bucketFor(node_[static_cast<std::size_t>(i)].key));
}

int CalendarQueue::top() {
  if (cached_ >= 0) return cached_;
  while (true) {
    while (current_ < end_ && head_[static_cast<std::size_t>(current_ - start_)] < 0) ++current_;
    if (current_ < end_) {
      int best = -1;
      for (int i = head_[static_cast<std::size_t>(current_ - start_)]; i >= 0; i = node_[static_cast<std::size_t>(i)].next) {
        if (best < 0) {
          best = i;
          continue;
        }
        const double k = node_[static_cast<std::size_t>(i)].key, kb = node_[static_cast<std::size_t>(best)].key;
        if (k < kb || (k == kb && i < best)) best = i;
      }
      cached_ = best;
      return best;
    }
    // Window used up: re-tune from whatever is left (all of it in the overflow list).
    if (overflow_ < 0) return -1;
    bool anyFinite = false;
    for (int i = overflow_; i >= 0; i = node_[static_cast<std::size_t>(i)].next)
      if (node_[static_cast<std::size_t>(i)].key != kNone) {
        anyFinite = true;
        break;
      }
    if (!anyFinite) {
      int lowest = overflow_;
      for (int i = overflow_; i >= 0; i = node_[static_cast<std::size_t>(i)].next) lowest = std::min(lowest, i);
      cached_ = lowest;
      return lowest;  // nothing scheduled: any entry, key DBL_MAX
    }
    retune();
  }
}

}  // namespace granular
