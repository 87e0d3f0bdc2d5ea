/* Count the positions reachable from the start, ply by ply (a check of the move generator
 * against the published count: 3,803,074,061 positions, the last at ply 43). One bit a
 * position; two plies in memory. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "board.h"

int count_reachable(void) {
    board_init();
    uint64_t *seen = calloc(ply_size(0) / 64 + 1, 8), total = 0;
    uint32_t m = (1u << 0) | (1u << 12) | (1u << 24);
    uint64_t start = position_index(0, m, ALL_CELLS & ~m);
    seen[start / 64] |= 1ull << (start % 64);
    double started = omp_get_wtime();
    for (int ply = 0; ply < PLIES; ply++) {
        uint64_t words = ply_size(ply) / 64 + 1, count = 0;
        uint64_t *next = ply + 1 < PLIES ? calloc(ply_size(ply + 1) / 64 + 1, 8) : NULL;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : count)
        for (uint64_t w = 0; w < words; w++) {
            Move moves[64];
            for (uint64_t bits = seen[w]; bits; bits &= bits - 1) {
                uint32_t mm, e;
                position_at(ply, w * 64 + (uint64_t)lowest64(bits), &mm, &e);
                count++;
                if (triple_lined[triple_rank(mm)] || !next) continue;
                int n = list_moves(ply, mm, e, moves);
                for (int j = 0; j < n; j++) {
                    uint32_t m2 = mm, e2 = e;
                    play(ply, moves[j], &m2, &e2);
                    uint64_t child = position_index(ply + 1, m2, e2);
                    __atomic_fetch_or(&next[child / 64], 1ull << (child % 64), __ATOMIC_RELAXED);
                }
            }
        }
        total += count;
        if (count)
            printf("ply %2d: %13llu reachable  (%.0f s)\n", ply, (unsigned long long)count,
                   omp_get_wtime() - started);
        fflush(stdout);
        free(seen);
        seen = next;
    }
    printf("reachable: %llu positions\n", (unsigned long long)total);
    return 0;
}
