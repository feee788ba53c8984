#pragma once

#include <string>

namespace granular::cli {

/// validate | normalize | hash | run | table on a comparison scenario text ("engine": "compare");
/// 2 for an unknown command. `until` (s) for hash and run; `format`: csv | json (run, table: text | json).
int compareCommand(const std::string& command, const std::string& file, const std::string& text, double until,
                   const std::string& format, const std::string& outPath);

}  // namespace granular::cli
