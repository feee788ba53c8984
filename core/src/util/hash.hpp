// FNV-1a over raw bytes, and its 16-hex-digit form: the state hashes that tests compare natively
// and in WebAssembly (both little-endian IEEE 754, so the same bits hash the same).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace granular {

constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;

inline void fnv1a(std::uint64_t& h, const void* data, std::size_t bytes) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < bytes; ++i) {
    h ^= p[i];
    h *= 1099511628211ULL;
  }
}

inline std::string hex16(std::uint64_t h) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace granular
