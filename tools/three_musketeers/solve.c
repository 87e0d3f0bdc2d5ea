/* Backward solve of every Three Musketeers position, ply by ply (see board.h).
 *
 * A ply's positions all move to the next ply (every Musketeer move captures, every enemy
 * move keeps the count), so ply 44 is solved first and each ply from the one after it.
 * A position's value is one signed byte: 100 - n when the enemy wins n plies later,
 * -(100 - n) when the Musketeers do, the winner hurrying and the loser holding out. Each
 * ply is written to DIR/ply-NN.i8 (19.3 GB in all), and only two plies are in memory. */
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "tables.h"

static int8_t further(int best) { return (int8_t)(best > 0 ? best - 1 : best + 1); }

static void solve_ply(int ply, int8_t *out, const int8_t *next) {
    int k = enemies_at(ply);
    uint64_t block = block_size(ply), next_block = ply + 1 < PLIES ? block_size(ply + 1) : 0;
    int musketeers = musketeers_move(ply);
#pragma omp parallel for schedule(dynamic, 1)
    for (int t = 0; t < TRIPLES; t++) {
        int8_t *row = out + (uint64_t)t * block;
        if (triple_lined[t]) {
            memset(row, ENEMY_WINS, block);
            continue;
        }
        uint32_t m = triple_mask[t], free_cells = ALL_CELLS & ~m;
        uint32_t subset = (1u << k) - 1;
        for (uint64_t r = 0; r < block; r++) {
            uint32_t e = deposit(subset, free_cells);
            int best = musketeers ? 127 : -128, moved = 0;
            if (musketeers) {
                for (uint32_t from = m; from; from &= from - 1) {
                    int a = lowest(from);
                    for (uint32_t to = neighbours[a] & e; to; to &= to - 1) {
                        uint32_t b = to & -to, m2 = m ^ (1u << a) ^ b;
                        uint64_t child = (uint64_t)triple_rank(m2) * next_block +
                                         subset_rank(extract(e ^ b, ALL_CELLS & ~m2));
                        if (next[child] < best) best = next[child];
                        moved = 1;
                    }
                }
            } else {
                uint32_t empty = free_cells & ~e;
                const int8_t *next_row = next + (uint64_t)t * next_block;
                for (uint32_t from = e; from; from &= from - 1) {
                    uint32_t a = from & -from;
                    for (uint32_t to = neighbours[lowest(a)] & empty; to; to &= to - 1) {
                        int8_t value = next_row[subset_rank(extract(e ^ a ^ (to & -to), free_cells))];
                        if (value > best) best = value;
                        moved = 1;
                    }
                }
            }
            row[r] = moved ? further(best) : MUSKETEERS_WIN;
            if (k == 0) break;
            uint32_t low = subset & -subset, up = subset + low;
            subset = up | (((subset ^ up) / low) >> 2);
        }
    }
}

int solve_all(const char *dir, int last) {
    board_init();
    int8_t *next = NULL;
    double started = omp_get_wtime();
    for (int ply = PLIES - 1; ply >= last; ply--) {
        uint64_t size = ply_size(ply);
        int8_t *out = malloc(size);
        if (!out) {
            fprintf(stderr, "out of memory for ply %d (%llu bytes)\n", ply, (unsigned long long)size);
            return 1;
        }
        solve_ply(ply, out, next);
        uint64_t enemy_wins = 0;
#pragma omp parallel for reduction(+ : enemy_wins)
        for (uint64_t i = 0; i < size; i++) enemy_wins += out[i] > 0;
        if (write_ply(dir, ply, out, size)) return 1;
        printf("ply %2d: %2d enemies, %13llu positions, the enemy wins %13llu  (%.0f s)\n", ply,
               enemies_at(ply), (unsigned long long)size, (unsigned long long)enemy_wins,
               omp_get_wtime() - started);
        fflush(stdout);
        free(next);
        next = out;
    }
    if (last > 0) {
        free(next);
        return 0;
    }
    uint32_t m = (1u << 0) | (1u << 12) | (1u << 24);
    int value = next[position_index(0, m, ALL_CELLS & ~m)];
    printf("start: %s in %d plies; %.0f s\n", value > 0 ? "the enemy wins" : "the Musketeers win",
           100 - abs(value), omp_get_wtime() - started);
    free(next);
    return 0;
}
