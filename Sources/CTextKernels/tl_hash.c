#include "CTextKernels.h"
#include "tl_hash.h"

uint64_t tl_hash_bytes(const void *bytes, int64_t length, uint64_t seed) {
    return tl_hash_inline(bytes, length, seed);
}
