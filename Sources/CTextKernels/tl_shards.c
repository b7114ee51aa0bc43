#include "tl_shards.h"

int tl_shards_init(tl_shards *shards, int64_t capacity, int32_t max_count, int64_t min_capacity,
                   size_t bytes) {
    int32_t count = 1;
    if (max_count > TL_SHARDS_MAX) max_count = TL_SHARDS_MAX;
    while (count < max_count && capacity / (2 * count) >= min_capacity) count *= 2;
    shards->count = 0;
    for (int32_t i = 0; i < count; i++) {
        tl_shard *shard = &shards->shard[i];
        if (pthread_mutex_init(&shard->lock, NULL) != 0) {
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
