// granular-cli as a user meets it: a mistyped command, option or value, a FILE that is not a
// scenario file, a command given the wrong kind of scenario. Each must end with a message naming
// what was wrong (the command, the option, the value) and a non-zero status, never be ignored.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

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
