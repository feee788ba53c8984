// granular-cli as a user meets it: a mistyped command, option or value, a FILE that is not a
// scenario file, a command given the wrong kind of scenario. Each must end with a message naming
// what was wrong (the command, the option, the value) and a non-zero status, never be ignored.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Result {
  int status = -1;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs `granular-cli ARGS` (ARGS as shell words) from the source directory.
Result cli(const std::string& args) {
  const std::string dir = ::testing::TempDir();
  const std::string tag = std::to_string(::getpid());  // ctest -j runs the tests side by side
  const std::string out = dir + "cli_test_out_" + tag + ".txt", err = dir + "cli_test_err_" + tag + ".txt";
  const std::string command =
      std::string("cd '") + GRANULAR_SOURCE_DIR + "' && '" + GRANULAR_CLI + "' " + args + " >'" + out + "' 2>'" + err + "' </dev/null";
  const int raw = std::system(command.c_str());
  Result r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::remove(out.c_str());  // one pair of files per test process, not left behind in TempDir()
  std::remove(err.c_str());
  return r;
}

#define EXPECT_CONTAINS(text, part) EXPECT_NE((text).find(part), std::string::npos) << "in: " << (text)

}  // namespace

TEST(CliTest, HelpIsAnAnswerNotAnError) {
  for (const char* args : {"--help", "-h", "help", "run --help"}) {
    const Result r = cli(args);
    EXPECT_EQ(r.status, 0) << args;
    EXPECT_CONTAINS(r.out, "granular-cli avalanche-study [--aspects");
    EXPECT_EQ(r.err, "") << args;
  }
  EXPECT_EQ(cli("").status, 2);  // no command at all: the usage, as an error
}

TEST(CliTest, UnknownCommandIsNamed) {
  const Result r = cli("frobnicate scenarios/gas-cooling.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_CONTAINS(r.err, "'frobnicate': unknown command");
  EXPECT_EQ(cli("run").err.find("run: needs a scenario FILE") != std::string::npos, true);
  EXPECT_CONTAINS(cli("defaults scenarios/gas-cooling.json").err, "defaults: takes no FILE (got 'scenarios/gas-cooling.json')");
}

TEST(CliTest, UnknownOptionIsRefusedNotIgnored) {
  Result r = cli("run scenarios/gas-cooling.json --unitl 0.02");
  EXPECT_EQ(r.status, 2);
  EXPECT_CONTAINS(r.err, "unknown option --unitl 0.02 (its options: --until --format --out --state --events --engine)");
  EXPECT_EQ(r.out, "");
  // options another family takes, not this one: a comparison writes no state, a soft scenario has one engine
  r = cli("run scenarios/compare-row.json --until 0.1 --state /dev/null");
  EXPECT_EQ(r.status, 2);
  EXPECT_CONTAINS(r.err, "run on a comparison scenario (\"engine\": \"compare\"): unknown option --state /dev/null");
  EXPECT_EQ(cli("hash scenarios/soft-head-on.json --engine event-naive").status, 2);
  EXPECT_EQ(cli("avalanche-study --seed 1 --sedes 2").status, 2);
  EXPECT_CONTAINS(cli("avalanche-study --sedes 2").err, "avalanche-study: unknown option --sedes 2");
  EXPECT_CONTAINS(cli("chain --setup '{}' --e 0.3").err, "chain --setup: unknown option --e 0.3 (its options: --setup)");
  EXPECT_CONTAINS(cli("run scenarios/gas-cooling.json --until").err, "run: option --until needs a value");
  // --name=value is the same option
  r = cli("hash scenarios/gas-cooling.json --until=0.02");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, cli("hash scenarios/gas-cooling.json --until 0.02").out);
}

TEST(CliTest, FileThatIsNotAScenarioFile) {
  Result r = cli("validate scenarios");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "scenarios: is a directory, not a file\n");
  EXPECT_EQ(r.out, "");
  r = cli("run scenarios/no-such-file.json");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "cannot read scenarios/no-such-file.json: no such file\n");
  r = cli("run scenarios/avalanche-column.json --boundary scenarios");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "--boundary scenarios: is a directory, not a file\n");
}

TEST(CliTest, CommandForAnotherKindOfScenario) {
  Result r = cli("table scenarios/gas-cooling.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_CONTAINS(r.err, "table: scenarios/gas-cooling.json is a gas scenario (event-driven discs); table takes a comparison scenario");
  r = cli("info scenarios/avalanche-column.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_CONTAINS(r.err, "info: scenarios/avalanche-column.json is an avalanche scenario (\"engine\": \"avalanche\"); info takes a soft-disc scenario");
  r = cli("bench scenarios/compare-pile.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_CONTAINS(r.err, "bench takes a gas scenario (event-driven discs) or a soft-disc scenario");
}

TEST(CliTest, UntilMustBeATimeAhead) {
  // nan, inf and negative times: a negative or nan --until hashed t = 0, an infinite one never ended
  for (const char* scenario : {"gas-cooling", "soft-box", "compare-row", "avalanche-column"}) {
    for (const char* value : {"nan", "-1", "abc"}) {
      const Result r = cli(std::string("hash scenarios/") + scenario + ".json --until " + value);
      EXPECT_EQ(r.status, 2) << scenario << " " << value;
      EXPECT_EQ(r.out, "") << scenario << " " << value;
      EXPECT_CONTAINS(r.err, std::string("hash: --until ") + value + ": must be a number >= 0");
    }
    const Result r = cli(std::string("run scenarios/") + scenario + ".json --until 0");
    EXPECT_EQ(r.status, 2) << scenario;
    EXPECT_CONTAINS(r.err, "run: --until 0: must be a number > 0");
  }
  EXPECT_CONTAINS(cli("bench scenarios/soft-box.json --until -1").err, "bench: --until -1: must be a number > 0");
  // an infinite one (on the gas, which has no end of its own, it never returned)
  EXPECT_CONTAINS(cli("hash scenarios/soft-box.json --until inf").err, "hash: --until inf: must be a number >= 0");
  EXPECT_EQ(cli("hash scenarios/gas-cooling.json --until 0").out, "69626ca305b4ebd1 0 0\n");
}

TEST(CliTest, FormatMustBeOneTheCommandWrites) {
  // comparison and avalanche runs wrote CSV for any --format, the table text
  for (const char* args : {"run scenarios/compare-row.json --format xml", "run scenarios/avalanche-column.json --format xml",
                           "run scenarios/gas-cooling.json --until 0.02 --format xml"}) {
    const Result r = cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_CONTAINS(r.err, "run: --format xml: must be csv or jsonl");
  }
  EXPECT_CONTAINS(cli("table scenarios/compare-row.json --format csv").err, "table: --format csv: must be text or json");
}

TEST(CliTest, NumbersOfTheStandaloneCommandsAreChecked) {
  const std::pair<const char*, const char*> cases[] = {
      {"bench scenarios/gas-bench.json --discs 100 --events 1e30", "bench: --events 1e30: must be a whole number from 1 to 1e+15"},
      {"bench scenarios/gas-bench.json --discs -5 --events 100", "bench: --discs -5: must be a whole number from 1 to 200000"},
      {"chain --e nan", "chain: --e nan: must be a number from 0 to 1"},
      {"chain --spheres 0", "chain: --spheres 0: must be a whole number from 2 to 1000"},     // ran 2 spheres
      {"chain --spheres 2.5", "chain: --spheres 2.5: must be a whole number from 2 to 1000"},  // ran 2
      {"chain --extended yes", "chain: --extended yes: must be true or false"},               // ran not extended
      {"chain-mc --samples 1e12", "chain-mc: --samples 1e12: must be a whole number from 1 to 1000000"},  // ran 1 sample
      {"chain-mc --sigma -1", "chain-mc: --sigma -1: must be a number from 0 to 1"},
      {"chain-mc --mu nan", "chain-mc: --mu nan: must be a number from 0 to 1"},  // every value null
      {"chain-newton --target nan", "chain-newton: --target nan: must be a number > 0 and <= 1"},
      {"chain-newton --lo 0.9 --hi 0.1", "chain-newton: --lo 0.9 --hi 0.1: the bracket needs lo < hi"},
      {"avalanche-bench --steps 1e12", "avalanche-bench: --steps 1e12: must be a whole number from 0 to 1000000"},  // timed 0 steps
      {"avalanche-bench --grains abc", "avalanche-bench: --grains abc: must be a whole number from 0 to 200000"},
      // more than the avalanche page and the column generator take: it ran for hours (--sweeps 1, refused
      // after --grains, so that without the bound the command still ends at once, with another message)
      {"avalanche-bench --grains 200001 --sweeps 1", "avalanche-bench: --grains 200001: must be a whole number from 0 to 200000"},
      {"avalanche-bench --pile maybe", "avalanche-bench: --pile maybe: must be true or false"},
      {"avalanche-study --seeds -1", "avalanche-study: --seeds -1: must be a whole number from 1 to 1000"},
      {"avalanche-study --jobs 0", "avalanche-study: --jobs 0: must be a whole number from 1 to 256"},
      {"avalanche-study --jobs 1e9", "avalanche-study: --jobs 1e9: must be a whole number from 1 to 256"},
      {"avalanche-study --aspects 0,-1", "avalanche-study: --aspects 0,-1: '0' is not an aspect ratio > 0 and <= 64"},
      {"avalanche-study --aspects abc", "avalanche-study: --aspects abc: 'abc' is not an aspect ratio > 0 and <= 64"},
      {"avalanche-study --dt nan", "avalanche-study: --dt nan: must be a number from 1e-06 to 0.001"},
      {"avalanche-study --aspects 2 --min-width 3 --min-height 3 --tol -1", "avalanche-study: --tol -1: must be a number > 0 and <= 1"},
      {"avalanche-study --min-width 1e9", "avalanche-study: --min-width 1e9: must be a number from 2 to 1000"},
      {"avalanche-study --aspects 2 --min-width 3 --min-height 3 --solver foo", "avalanche-study: --solver foo: must be gs or jacobi"},  // ran Gauss-Seidel
      {"avalanche-study --rmin 0.01", "avalanche-study: --rmin 0.01 --rmax 0.006: need rmin <= rmax"},
      // too large a column or floor: refused before the first case, not one FAILED row per case
      {"avalanche-study --min-width 1000", "avalanche-study: a = 0.5 would deposit 527,952 grains (limit 200,000)"},
      {"avalanche-study --floor-radius 1e-9", "avalanche-study: a = 0.5 would lay 1,650,000,001 floor discs (limit 200,000)"},
  };
  for (const auto& c : cases) {
    const Result r = cli(c.first);
    EXPECT_EQ(r.status, 2) << c.first;
    EXPECT_EQ(r.out, "") << c.first;
    EXPECT_CONTAINS(r.err, c.second);
  }
}

TEST(CliTest, FailuresEndWithAFailureStatus) {
  // a set-up the row refuses was {"ok": false} with status 0
  Result r = cli("chain --setup '{\"spheres\": 1}'");
  EXPECT_EQ(r.status, 1);
  EXPECT_CONTAINS(r.out, "\"ok\":false");
  EXPECT_CONTAINS(r.err, "chain: spheres = 1: must be an integer between 2 and 1000");
  // a target no e in [lo, hi] reaches: converged false, status 0
  r = cli("chain-newton --target 0.1");
  EXPECT_EQ(r.status, 1);
  EXPECT_CONTAINS(r.out, "\"converged\":false");
  EXPECT_CONTAINS(r.err, "chain-newton: no e in [0.3, 0.95] gives v4/v0 = 0.1");
  EXPECT_EQ(cli("chain-newton --target 0.5").status, 0);
  // --json FILE that cannot be written: said before the study, not dropped after it
  r = cli("avalanche-study --aspects 2 --min-width 3 --min-height 3 --json /nonexistent-dir/study.json");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "avalanche-study: cannot write --json /nonexistent-dir/study.json\n");
}

TEST(CliTest, UnknownEngineNamesTheEnginesOfEveryFamily) {
  // A mistyped "soft" is read as a gas scenario; the gas parser's "must be one of: \"event\"" hid
  // that soft, avalanche and compare scenarios exist.
  const std::string file = ::testing::TempDir() + "cli_test_engine_" + std::to_string(::getpid()) + ".json";
  std::ofstream(file) << R"({"schema": 1, "engine": "sof"})";
  const std::string rule = "engine = \"sof\": no such engine; a scenario's engine is \"event\" (granular gas, the default), "
                           "\"soft\" (soft discs), \"avalanche\" (NSCD column collapse) or \"compare\" (the engines side by side)";
  Result r = cli("validate '" + file + "'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, file + ": " + rule + "\n");
  for (const char* command : {"run", "normalize", "hash"}) {
    r = cli(std::string(command) + " '" + file + "'" + (std::string(command) == "hash" ? " --until 0" : ""));
    EXPECT_EQ(r.status, 1) << command;
    EXPECT_EQ(r.err, file + ": " + rule + "\n") << command;
  }
  // every engine the message names is one a scenario may have
  std::vector<std::string> engines;
  for (std::size_t first = rule.find('"', rule.find(';')); first != std::string::npos; first = rule.find('"', first)) {
    const std::size_t last = rule.find('"', first + 1);
    engines.push_back(rule.substr(first + 1, last - first - 1));
    first = last + 1;
  }
  ASSERT_EQ(engines.size(), 4u);
  for (const std::string& engine : engines) {
    std::ofstream(file) << R"({"schema": 1, "engine": ")" << engine << R"("})";
    r = cli("validate '" + file + "'");
    EXPECT_EQ(r.status, 0) << engine;
    EXPECT_EQ(r.out, file + ": ok\n") << engine;
  }
  std::remove(file.c_str());
}

TEST(CliTest, UnknownEngineOverrideNamesTheEnginesItTakes) {
  // --engine sof said only 'engine = "sof": no such engine'
  const std::string scenario = std::string(GRANULAR_SOURCE_DIR) + "/scenarios/gas-cooling.json";
  const std::string rule = "--engine sof: no such engine; --engine takes \"event\" (the event-driven fast path, the default) or "
                           "\"event-naive\" (the O(N^2) reference)";
  for (const char* command : {"run", "hash", "bench"}) {
    const Result r = cli(std::string(command) + " '" + scenario + "' --engine sof" + (std::string(command) == "bench" ? " --discs 10 --events 10" : " --until 0.01"));
    EXPECT_EQ(r.status, 1) << command;
    EXPECT_EQ(r.err, scenario + ": " + rule + "\n") << command;
  }
  // every engine the message names is one --engine takes
  for (const char* engine : {"event", "event-naive"}) {
    const Result r = cli("hash '" + scenario + "' --engine " + engine + " --until 0.01");
    EXPECT_EQ(r.status, 0) << engine << ": " << r.err;
  }
}

/// The first column (time_s) of every row of a CSV written by run.
std::vector<double> rowTimes(const std::string& csv) {
  std::vector<double> times;
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) times.push_back(std::stod(line.substr(0, line.find(','))));
  return times;
}

TEST(CliTest, RunWritesNoRowPastUntil) {
  // --until 0.005 with an output interval of 0.02 s wrote a row at 0.02, --until 0.03 one at 0.04:
  // the rows are the output instants at or before T, the last the one before T when T falls between two
  struct Case {
    const char* scenario;
    double until;
    std::vector<double> times;
  };
  const Case cases[] = {
      {"gas-cooling", 0.005, {0}},
      {"gas-cooling", 0.03, {0, 0.02}},
      {"gas-cooling", 0.06, {0, 0.02, 0.04, 0.06}},  // T on an instant (3 * 0.02 > 0.06 by rounding): its row is written
      {"soft-box", 0.005, {0}},
      {"soft-box", 0.05, {0, 0.02, 0.04}},
      {"compare-row", 0.005, {0}},
      {"compare-row", 0.05, {0, 0.02, 0.04}},
      {"avalanche-column", 0.005, {0}},
      {"avalanche-column", 0.025, {0, 0.01, 0.02}},
  };
  for (const Case& c : cases) {
    std::ostringstream until;
    until << c.until;
    const Result r = cli(std::string("run scenarios/") + c.scenario + ".json --until " + until.str());
    EXPECT_EQ(r.status, 0) << c.scenario << " " << c.until << ": " << r.err;
    EXPECT_EQ(rowTimes(r.out), c.times) << c.scenario << " --until " << c.until << "\n" << r.out;
  }
}
