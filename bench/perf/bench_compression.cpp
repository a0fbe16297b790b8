// Benchmark: table size and block decode time for other block sizes and zstd levels.
// Reads every table of a directory and re-encodes it into a temporary directory. Derived
// tables (millbase pack) are counted as they are: their positions, header bytes only.
//
//   bench_compression <variant> <table dir> [<block entries>:<level> ...]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

#include "db/table_dir.h"
#include "db/table_file.h"
#include "db/table_writer.h"

using namespace millbase;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_compression <variant> <dir> [entries:level ...]\n");
    return 2;
  }
  const Variant* v = find_variant(argv[1]);
  if (!v) return std::fprintf(stderr, "unknown variant %s\n", argv[1]), 2;
  std::vector<std::pair<uint32_t, int>> settings;
  for (int i = 3; i < argc; ++i) {
    std::string s = argv[i];
    settings.push_back(
        {uint32_t(std::stoul(s.substr(0, s.find(':')))), std::stoi(s.substr(s.find(':') + 1))});
  }
  if (settings.empty()) settings = {{4096, 12}, {16384, 12}, {65536, 12}, {16384, 19}, {65536, 19}};
  std::vector<std::pair<Sector, std::vector<ValueCode>>> tables;
  uint64_t derived_positions = 0, derived_bytes = 0;
  for (const auto& e : fs::directory_iterator(argv[2])) {
    if (e.path().extension() != ".mbt") continue;
    Result<TableFile> t = TableFile::open_any(e.path().string());
    if (!t) return std::fprintf(stderr, "%s\n", t.message().c_str()), 1;
    if (t->derived()) {
      derived_positions += t->header().entries, derived_bytes += t->file_size();
      continue;
    }
    Result<std::vector<ValueCode>> values = t->read_all();
    if (!values) return std::fprintf(stderr, "%s\n", values.message().c_str()), 1;
    tables.push_back({t->header().sector, std::move(values).value()});
  }
  // Order-0 entropy per sector: WDL classes, and half distances given the class.
  double entropy_bits = 0, wdl_entropy = 0;
  uint64_t all = 0;
  for (const auto& [sector, values] : tables) {
    std::map<int, uint64_t> cls, win, loss;
    for (ValueCode x : values) {
      cls[is_draw(x) ? 0 : is_win(x) ? 1 : 2]++;
      if (is_win(x)) win[distance(x) / 2]++;
      if (is_loss(x)) loss[distance(x) / 2]++;
    }
    auto h = [](const std::map<int, uint64_t>& m) {
      uint64_t n = 0;
      for (auto& [k, c] : m) n += c;
      double bits = 0;
      for (auto& [k, c] : m) bits -= double(c) * std::log2(double(c) / double(n));
      return bits;
    };
    wdl_entropy += h(cls);
    entropy_bits += h(cls) + h(win) + h(loss);
    all += values.size();
  }
  std::printf("order-0 entropy per stored sector: %.3f bits/position (WDL %.3f)\n",
              entropy_bits / all, wdl_entropy / all);
  if (derived_positions)
    std::printf("derived tables: %llu positions in %llu bytes; bits below are over all %llu\n",
                (unsigned long long)derived_positions, (unsigned long long)derived_bytes,
                (unsigned long long)(all + derived_positions));
  const fs::path tmp = fs::temp_directory_path() / "millbase-bench-compression";
  std::printf("%-10s %6s %10s %10s %10s %14s %14s\n", "entries", "level", "bits/pos", "WDL bits",
              "write s", "decode us/blk", "WDL us/blk");
  for (auto [entries, level] : settings) {
    fs::remove_all(tmp);
    fs::create_directories(tmp);
    uint64_t positions = derived_positions, bytes = derived_bytes, wdl = 0, blocks = 0;
    double decode = 0, decode_wdl = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (const auto& [sector, values] : tables) {
      std::string path = (tmp / table_file_name(sector)).string();
      if (Status s = write_table(path, *v, sector, values, level, entries); !s)
        return std::fprintf(stderr, "%s\n", s.message().c_str()), 1;
    }
    double write_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const auto& [sector, values] : tables) {
      Result<TableFile> t = TableFile::open((tmp / table_file_name(sector)).string(), *v, sector);
      positions += values.size();
      bytes += t->file_size();
      for (const BlockEntry& b : t->blocks()) wdl += b.wdl_size;
      std::vector<ValueCode> out;
      std::vector<Wdl> classes;
      for (uint32_t b = 0; b < t->header().block_count; ++b, ++blocks) {
        auto a = std::chrono::steady_clock::now();
        (void)t->read_block(b, out);
        auto m = std::chrono::steady_clock::now();
        (void)t->read_wdl_block(b, classes);
        auto z = std::chrono::steady_clock::now();
        decode += std::chrono::duration<double>(m - a).count();
        decode_wdl += std::chrono::duration<double>(z - m).count();
      }
    }
    std::printf("%-10u %6d %10.3f %10.3f %10.2f %14.1f %14.1f\n", entries, level,
                8.0 * bytes / positions, 8.0 * wdl / positions, write_s, 1e6 * decode / blocks,
                1e6 * decode_wdl / blocks);
  }
  fs::remove_all(tmp);
}
