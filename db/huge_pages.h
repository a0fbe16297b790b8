// Large arrays on huge pages where the system offers them. The solver and the loaded
// tables read and write arrays of hundreds of megabytes at random places; with 4 KiB
// pages nearly every such access also misses the TLB and walks the page tables, with
// 2 MiB pages the whole array fits in the TLB. Linux gives a region huge pages at its
// first touch when it is marked so (transparent huge pages in "always" or "madvise"
// mode); elsewhere, or when none are free, the arrays are ordinary ones. Nothing
// computed depends on it.
#pragma once

#include <cstddef>
#include <vector>

namespace millbase {

// Marks the 2 MiB-aligned part of [data, data + bytes) for huge pages (madvise), before
// its first touch; does nothing for small regions or where it is not supported.
void advise_huge_pages(void* data, size_t bytes);

// Returns n copies of fill in a vector whose storage was marked for huge pages before
// it was first written.
template <class T>
std::vector<T> huge_vector(size_t n, T fill) {
  std::vector<T> v;
  v.reserve(n);  // allocated, not yet touched
  advise_huge_pages(v.data(), n * sizeof(T));
  v.assign(n, fill);
  return v;
}

}  // namespace millbase
