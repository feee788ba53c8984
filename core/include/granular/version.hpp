#pragma once
namespace granular {
constexpr const char* kVersion = "0.1.0";
}
