#define _GNU_SOURCE  // PTHREAD_MUTEX_ADAPTIVE_NP
#include "tl_shards.h"

// A shard is held for a lookup and a fill, a few hundred nanoseconds. A plain mutex puts a
// thread that finds it held to sleep, and waking it again takes microseconds (tens in a
// virtual machine): on two cores measuring the same warm texts, those sleeps cost more than
// the locked work. An adaptive mutex spins a little before it sleeps. Where the platform has
// none, the default mutex is used.
static int tl_shard_lock_init(pthread_mutex_t *lock) {
#ifdef PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP
    pthread_mutexattr_t attributes;
    if (pthread_mutexattr_init(&attributes) != 0) return -1;
    pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_ADAPTIVE_NP);
    int result = pthread_mutex_init(lock, &attributes);
    pthread_mutexattr_destroy(&attributes);
    return result;
#else
    return pthread_mutex_init(lock, NULL);
#endif
}

int tl_shards_init(tl_shards *shards, int64_t capacity, int32_t max_count, int64_t min_capacity,
                   size_t bytes) {
    int32_t count = 1;
    if (max_count > TL_SHARDS_MAX) max_count = TL_SHARDS_MAX;
    while (count < max_count && capacity / (2 * count) >= min_capacity) count *= 2;
    shards->count = 0;
    for (int32_t i = 0; i < count; i++) {
        tl_shard *shard = &shards->shard[i];
        if (tl_shard_lock_init(&shard->lock) != 0) {
            tl_shards_free(shards);
            return 0;
        }
        if (!tl_generations_init(&shard->generations, capacity / count, bytes / (size_t)count)) {
            pthread_mutex_destroy(&shard->lock);
            tl_shards_free(shards);
            return 0;
        }
        shards->count = i + 1;
    }
    return 1;
}

void tl_shards_free(tl_shards *shards) {
    for (int32_t i = 0; i < shards->count; i++) {
        tl_generations_free(&shards->shard[i].generations);
        pthread_mutex_destroy(&shards->shard[i].lock);
    }
    shards->count = 0;
}

void tl_shards_clear(tl_shards *shards) {
    for (int32_t i = 0; i < shards->count; i++) {
        pthread_mutex_lock(&shards->shard[i].lock);
        tl_generations_clear(&shards->shard[i].generations);
        pthread_mutex_unlock(&shards->shard[i].lock);
    }
}

void tl_shards_counts(tl_shards *shards, int64_t *entries, int64_t *hits, int64_t *misses) {
    *entries = *hits = *misses = 0;
    for (int32_t i = 0; i < shards->count; i++) {
        tl_shard *shard = &shards->shard[i];
        pthread_mutex_lock(&shard->lock);
        *entries += shard->generations.recent.live + shard->generations.older.live;
        *hits += shard->generations.hits;
        *misses += shard->generations.misses;
        pthread_mutex_unlock(&shard->lock);
    }
}
