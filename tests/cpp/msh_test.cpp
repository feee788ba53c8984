// Gmsh .msh boundary import (issue 5): hand-written 2.2 and 4.1 files of the same slope, the error
// messages for malformed files, and truncated / corrupted input that must never crash.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "geometry/msh.hpp"

using granular::geom::readMsh;
using granular::geom::Segment2;

namespace {

// A slope: a plateau from (0, 1) to (1, 1), the slope down to (3, 0), the floor to (5, 0).
// Three line elements, a point element (type 15) and a triangle (type 2), which are ignored.
const std::string kSlope22 =
    "$MeshFormat\n"
    "2.2 0 8\n"
    "$EndMeshFormat\n"
    "$PhysicalNames\n"
    "1\n"
    "1 1 \"slope\"\n"
    "$EndPhysicalNames\n"
    "$Nodes\n"
    "4\n"
    "1 0 1 0\n"
    "2 1 1 0\n"
    "3 3 0 0\n"
    "4 5 0 0\n"
    "$EndNodes\n"
    "$Elements\n"
    "5\n"
    "1 15 2 0 1 1\n"
    "2 1 2 1 1 1 2\n"
    "3 1 2 1 2 2 3\n"
    "4 1 2 1 3 3 4\n"
    "5 2 2 0 1 1 2 3\n"
    "$EndElements\n";

// The same mesh in format 4.1: nodes in three entity blocks (one of them parametric, with u after
// x y z), elements in three blocks (points, lines, triangles).
const std::string kSlope41 =
    "$MeshFormat\n"
    "4.1 0 8\n"
    "$EndMeshFormat\n"
    "$Entities\n"
    "1 1 1 0\n"
    "1 0 1 0 0\n"
    "1 0 0 0 5 1 0 1 1 2 1 -4\n"
    "1 0 0 0 5 1 0 0 1 1\n"
    "$EndEntities\n"
    "$Nodes\n"
    "3 4 1 4\n"
    "0 1 0 1\n"
    "1\n"
    "0 1 0\n"
    "1 1 1 2\n"
    "2\n"
    "3\n"
    "1 1 0 0.2\n"
    "3 0 0 0.6\n"
    "2 1 0 1\n"
    "4\n"
    "5 0 0\n"
    "$EndNodes\n"
    "$Elements\n"
    "3 5 1 5\n"
    "0 1 15 1\n"
    "1 1\n"
    "1 1 1 3\n"
    "2 1 2\n"
    "3 2 3\n"
    "4 3 4\n"
    "2 1 2 1\n"
    "5 1 2 3\n"
    "$EndElements\n";

void expectSlope(const std::vector<Segment2>& s) {
  ASSERT_EQ(s.size(), 3u);
  const double want[3][4] = {{0, 1, 1, 1}, {1, 1, 3, 0}, {3, 0, 5, 0}};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(s[i].ax, want[i][0]) << "segment " << i;
    EXPECT_EQ(s[i].ay, want[i][1]) << "segment " << i;
    EXPECT_EQ(s[i].bx, want[i][2]) << "segment " << i;
    EXPECT_EQ(s[i].by, want[i][3]) << "segment " << i;
  }
}

/// Replaces the first occurrence of `from` in `text` (which must be there).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

/// readMsh must fail with a message containing `part`; returns the message.
std::string errorOf(const std::string& text, const std::string& part) {
  std::vector<Segment2> s;
  std::string error;
  EXPECT_FALSE(readMsh(text, s, error));
  EXPECT_TRUE(s.empty());
  EXPECT_NE(error.find(part), std::string::npos) << "error: " << error << "\nexpected to contain: " << part;
  return error;
}

TEST(Msh, Format22Slope) {
  std::vector<Segment2> s;
  std::string error = "stale";
  ASSERT_TRUE(readMsh(kSlope22, s, error)) << error;
  EXPECT_TRUE(error.empty());
  expectSlope(s);
}

TEST(Msh, Format41SlopeGivesTheSameSegments) {
  std::vector<Segment2> s;
  std::string error;
  ASSERT_TRUE(readMsh(kSlope41, s, error)) << error;
  expectSlope(s);
}

TEST(Msh, WindowsLineEndingsAndBlankLines) {
  std::string crlf;
  for (const char c : kSlope22) {
    if (c == '\n') crlf += "\r\n";
    else crlf += c;
  }
  crlf = replaced(crlf, "$Nodes\r\n", "$Nodes\r\n\r\n   \r\n");
  std::vector<Segment2> s;
  std::string error;
  ASSERT_TRUE(readMsh(crlf, s, error)) << error;
  expectSlope(s);
}

TEST(Msh, MissingNodes) {
  errorOf("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n", "no $Nodes section");
  const std::size_t from = kSlope22.find("$Nodes");
  const std::size_t to = kSlope22.find("$Elements");
  errorOf(kSlope22.substr(0, from) + kSlope22.substr(to), "missing $Nodes");
}

TEST(Msh, UnknownNode) {
  EXPECT_EQ(errorOf(replaced(kSlope22, "4 1 2 1 3 3 4", "4 1 2 1 3 3 9"), "unknown node 9"),
            "line 20: $Elements: line element 4 refers to unknown node 9");
  errorOf(replaced(kSlope41, "4 3 4\n", "4 3 7\n"), "line element 4 refers to unknown node 7");
}

TEST(Msh, TruncatedFile) {
  const std::string cut = kSlope22.substr(0, kSlope22.find("3 3 0 0"));
  EXPECT_EQ(errorOf(cut, "unexpected end of file"),
            "line 12: $Nodes: unexpected end of file, expected 4 numbers (node-id x y z) (is the file truncated?)");
  // Cut in the middle of a record: the record is incomplete.
  errorOf(kSlope22.substr(0, kSlope22.find("1 0 1 0") + 4), "$Nodes: expected 4 numbers (node-id x y z), got only '1 0'");
  // A missing $End line.
  errorOf(kSlope22.substr(0, kSlope22.find("$EndElements")), "expected $EndElements");
}

TEST(Msh, NonNumericCoordinates) {
  EXPECT_EQ(errorOf(replaced(kSlope22, "2 1 1 0", "2 1 abc 0"), "got 'abc'"),
            "line 11: $Nodes: expected 4 numbers (node-id x y z), got 'abc'");
  errorOf(replaced(kSlope22, "2 1 1 0", "2 1 nan 0"), "got 'nan'");
  errorOf(replaced(kSlope22, "2 1 1 0", "2 1 1e999 0"), "got '1e999'");
  errorOf(replaced(kSlope41, "3 0 0 0.6", "3 0 x 0.6"), "line 19: $Nodes: expected 4 numbers (x y z u), got 'x'");
  errorOf(replaced(kSlope22, "2 1 1 0", "2 1 1 0 7"), "got more: '7'");
}

TEST(Msh, BinaryHeader) {
  const std::string binary = std::string("$MeshFormat\n4.1 1 8\n") + std::string("\x01\x00\x00\x00", 4) +
                             "\n$EndMeshFormat\n$Nodes\n" + std::string("\x00\xff\x12", 3);
  EXPECT_EQ(errorOf(binary, "binary .msh is not supported; save as ASCII").rfind("line 2: ", 0), 0u);
}

TEST(Msh, AFileThatIsNotTextIsNamedSo) {
  // A PNG as the browser's File.text() gives it (each byte that is not UTF-8 becomes U+FFFD) and as
  // raw bytes (the command line), and a zip archive: said to be not text, without quoting the bytes.
  const std::string png = std::string("\xEF\xBF\xBDPNG\r\n") + std::string("\x1a\n\0\0\0\rIHDR", 10);
  const std::string pngRaw = std::string("\x89PNG\r\n") + std::string("\x1a\n\0\0\0\rIHDR", 10);
  const std::string zip = std::string("PK\x03\x04\x14\0\0\0", 8) + "\nrest";
  for (const std::string& file : {png, pngRaw, zip}) {
    EXPECT_EQ(errorOf(file, "not a text file"),
              "this is not a text file: a Gmsh .msh file to import is ASCII text that starts with $MeshFormat");
  }
  // A text file that is not a mesh still has its first line quoted, UTF-8 letters included.
  EXPECT_EQ(errorOf("%PDF-1.4\n", "expected $MeshFormat"),
            "line 1: expected $MeshFormat (is this a Gmsh .msh file?), got '%PDF-1.4'");
  errorOf("Pente d\xC3\xA9j\xC3\xA0 maill\xC3\xA9" "e\n", "expected $MeshFormat (is this a Gmsh .msh file?), got 'Pente d\\xc3");
}

TEST(Msh, AByteOrderMarkIsSkipped) {
  std::vector<Segment2> plain, marked;
  std::string error;
  ASSERT_TRUE(readMsh(kSlope22, plain, error)) << error;
  ASSERT_TRUE(readMsh("\xEF\xBB\xBF" + kSlope22, marked, error)) << error;
  ASSERT_EQ(marked.size(), plain.size());
  for (std::size_t k = 0; k < plain.size(); ++k) {
    EXPECT_EQ(marked[k].ax, plain[k].ax);
    EXPECT_EQ(marked[k].ay, plain[k].ay);
    EXPECT_EQ(marked[k].bx, plain[k].bx);
    EXPECT_EQ(marked[k].by, plain[k].by);
  }
  // line numbers still count from the first line
  EXPECT_EQ(errorOf("\xEF\xBB\xBF" + replaced(kSlope22, "2 1 1 0", "2 1 abc 0"), "got 'abc'"),
            "line 11: $Nodes: expected 4 numbers (node-id x y z), got 'abc'");
}

TEST(Msh, NodeOffThePlane) {
  EXPECT_EQ(errorOf(replaced(kSlope22, "3 3 0 0", "3 3 0 0.5"), "z = 0.5"),
            "line 12: $Nodes: node 3 has z = 0.5, but only 2D meshes (z = 0) are supported");
  errorOf(replaced(kSlope41, "5 0 0\n", "5 0 -1\n"), "node 4 has z = -1");
}

TEST(Msh, EmptyFileSaysSoWithoutALineNumber) {
  // it said "line 0: the file is empty": a line the file does not have
  const std::string expected = " (expected a Gmsh .msh file starting with $MeshFormat)";
  EXPECT_EQ(errorOf("", "empty"), "the file is empty" + expected);
  EXPECT_EQ(errorOf("\xEF\xBB\xBF", "empty"), "the file is empty" + expected);
  EXPECT_EQ(errorOf("\n \n\t\n", "blank"), "the file holds only blank lines" + expected);
}

TEST(Msh, OtherErrors) {
  errorOf("hello\n", "expected $MeshFormat");
  errorOf(replaced(kSlope22, "2.2 0 8", "4.0 0 8"), "MSH version '4.0' is not supported");
  errorOf(replaced(kSlope22, "$Nodes\n4\n", "$Nodes\n2000000\n"), "2000000 nodes is more than the limit of 1000000");
  errorOf(replaced(kSlope22, "$Elements\n5\n", "$Elements\n1000001\n"), "more than the limit of 1000000");
  errorOf(replaced(kSlope41, "3 4 1 4", "3 4000000 1 4"), "more than the limit");
  errorOf(replaced(kSlope22, "3 3 0 0", "2 3 0 0"), "line 12: $Nodes: node 2 is defined twice (also on line 11)");
  errorOf(replaced(kSlope22, "3 1 2 1 2 2 3", "3 1 2 1 2 2 2"), "zero length");
  errorOf(replaced(kSlope41, "3 4 1 4", "3 3 1 4"), "exceed the 3 declared");
  errorOf(replaced(kSlope41, "3 5 1 5", "3 6 1 5"), "the blocks hold 5 elements, the section header declared 6");
  errorOf(replaced(kSlope22, "$EndPhysicalNames\n", ""), "$PhysicalNames: unexpected end of file");
  // No line elements at all: nothing to import.
  const std::string noLines = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1\n1 0 0 0\n$EndNodes\n"
                              "$Elements\n1\n1 15 2 0 1 1\n$EndElements\n";
  errorOf(noLines, "no 2-node line elements");
}

TEST(Msh, HugeDeclaredCountsInShortFilesFailQuickly) {
  errorOf("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1000000\n1 0 0 0\n", "unexpected end of file");
  errorOf("$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1000000 1000000 1 1000000\n0 1 0 1000000\n1\n",
          "unexpected end of file");
  errorOf("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n99999999999999999999999\n", "got '9999");
}

// Every prefix of the valid files, and every single-byte corruption of them: readMsh returns true or
// false (with a message when false), never crashes (the sanitizer build checks memory and UB).
TEST(Msh, FuzzTruncationAndCorruption) {
  for (const std::string* file : {&kSlope22, &kSlope41}) {
    for (std::size_t n = 0; n <= file->size(); ++n) {
      std::vector<Segment2> s;
      std::string error;
      const bool ok = readMsh(file->substr(0, n), s, error);
      if (ok) {
        EXPECT_EQ(s.size(), 3u);
      } else {
        EXPECT_FALSE(error.empty()) << "prefix " << n;
        // every message names its line, but the empty file's, which has none
        if (n > 0) {
          EXPECT_EQ(error.rfind("line ", 0), 0u) << error;
        }
      }
    }
    const char replacements[] = {'\0', '\n', ' ', '$', '-', '9', 'x', '\xff'};
    for (std::size_t i = 0; i < file->size(); ++i) {
      for (const char c : replacements) {
        std::string text = *file;
        text[i] = c;
        std::vector<Segment2> s;
        std::string error;
        if (!readMsh(text, s, error)) {
          EXPECT_FALSE(error.empty());
        }
      }
    }
  }
}

}  // namespace
