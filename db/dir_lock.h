// Who may write in a table directory (docs/format.md, "Locks"). Two lock files, as
// LevelDB's LOCK: dir/.lock, held exclusively by the one solve or pack that writes there;
// dir/.writers, held shared by every process that writes tables for it (each rank of
// an MPI job, on any node that shares the directory). A new writer takes .writers
// exclusively for a moment before it removes the temporary files of killed writers, so
// that no file is removed that a live writer of an earlier job may still rename. Both
// are flock(2) locks: the kernel drops them when their process dies, on every node of
// a shared file system that supports them (NFS, Lustre, ...).
#pragma once

#include <chrono>
#include <string>

#include "core/status.h"

namespace millbase {

// Returns ".tmp.<host>.<pid>": a file is written to its name with this suffix, then
// renamed. Writers on several hosts sharing a directory (solve --mpi) never share a
// temporary name; the host is this machine's name with characters outside
// [A-Za-z0-9._-] dropped.
std::string temp_suffix();

// A check every writer makes right before it renames a file into place in a table
// directory (a table, the MANIFEST): a process that must not write any more (an MPI rank
// whose launcher is gone, solver/mpi_solve.cpp) ends in it instead. None by default; set
// once, before any writer starts.
using WriteGuard = void (*)();
void set_write_guard(WriteGuard guard);

// Calls the write guard, if one is set.
void check_write_guard();

// How long a new writer waits for the processes of a job that is going away: a killed
// MPI job's ranks stop within about a second (solver/mpi_solve.cpp, LauncherWatch).
inline constexpr std::chrono::milliseconds DIR_LOCK_WAIT{5000};

// The exclusive lock of the directory's writer, with its share of dir/.writers.
class DirLock {
 public:
  // Creates dir if needed and locks it: .lock exclusively, then .writers exclusively
  // (no process of an earlier job writes any more), then .writers shared while held.
  // Waits up to `wait` for either; then fails saying which is held and why.
  static Result<DirLock> acquire(const std::string& dir,
                                 std::chrono::milliseconds wait = DIR_LOCK_WAIT);
  DirLock(DirLock&& o) noexcept : lock_fd_(o.lock_fd_), writers_fd_(o.writers_fd_) {
    o.lock_fd_ = o.writers_fd_ = -1;
  }
  DirLock& operator=(DirLock&&) = delete;
  ~DirLock();

 private:
  DirLock(int lock_fd, int writers_fd) : lock_fd_(lock_fd), writers_fd_(writers_fd) {}
  int lock_fd_, writers_fd_;
};

// A process's share of dir/.writers, held while it may write tables for the directory's
// writer (the ranks of an MPI job but rank 0, which holds the DirLock).
class WriterLock {
 public:
  // Takes .writers shared; fails when a new writer holds it exclusively past `wait`.
  static Result<WriterLock> acquire(const std::string& dir,
                                    std::chrono::milliseconds wait = DIR_LOCK_WAIT);
  WriterLock(WriterLock&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  WriterLock& operator=(WriterLock&&) = delete;
  ~WriterLock();

 private:
  explicit WriterLock(int fd) : fd_(fd) {}
  int fd_;
};

}  // namespace millbase
