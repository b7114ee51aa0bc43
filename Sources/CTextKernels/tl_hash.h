#ifndef TL_HASH_H
#define TL_HASH_H
// tl_hash_bytes as an inline function, for the per-segment hashing of the new-text path (a
// call per word, most of them a few bytes, costs about as much as the hash itself).
#include <stdint.h>
#include <string.h>

static inline uint64_t tl_mix(uint64_t a, uint64_t b) {
    __uint128_t product = (__uint128_t)a * b;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
}

static inline uint64_t tl_load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline uint64_t tl_load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t tl_hash_inline(const void *bytes, int64_t length, uint64_t seed) {
    const uint8_t *p = bytes;
    const uint64_t k0 = 0xa0761d6478bd642full, k1 = 0xe7037ed1a0b428dbull;
    uint64_t h = seed ^ k0 ^ (uint64_t)length;
    int64_t left = length;
    while (left > 16) {
        h = tl_mix(h ^ tl_load64(p), k1) ^ tl_mix(tl_load64(p + 8) ^ k0, h ^ k1);
        p += 16;
        left -= 16;
    }
    // The last 1 to 16 bytes, read as (possibly overlapping) fixed-size loads, so short keys
    // (most words) cost two multiplications and no call.
    uint64_t a = 0, b = 0;
    if (left > 8) {
        a = tl_load64(p);
        b = tl_load64(p + left - 8);
    } else if (left >= 4) {
        a = tl_load32(p);
        b = tl_load32(p + left - 4);
    } else if (left > 0) {
        a = ((uint64_t)p[0] << 16) | ((uint64_t)p[left >> 1] << 8) | p[left - 1];
    }
    h = tl_mix(h ^ a ^ k1, b ^ k0 ^ (uint64_t)left);
    return tl_mix(h, k1);
}

#endif
