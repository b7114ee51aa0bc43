#include "CTextKernels.h"
#include <string.h>

static inline uint64_t tl_mix(uint64_t a, uint64_t b) {
    __uint128_t product = (__uint128_t)a * b;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
}

uint64_t tl_hash_bytes(const void *bytes, int64_t length, uint64_t seed) {
    const uint8_t *p = bytes;
    const uint64_t k0 = 0xa0761d6478bd642full, k1 = 0xe7037ed1a0b428dbull;
    uint64_t h = seed ^ k0 ^ (uint64_t)length;
    while (length >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        h = tl_mix(h ^ word, k1);
        p += 8;
        length -= 8;
    }
    uint64_t tail = 0;
    memcpy(&tail, p, (size_t)length);
    h = tl_mix(h ^ tail ^ k1, k0 ^ (uint64_t)length);
    return tl_mix(h, k1);
}
