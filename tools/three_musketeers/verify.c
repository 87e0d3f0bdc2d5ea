/* Check a shipped strategy against the rules alone (not the solved tables): from the start,
 * every Musketeer move is followed, the stored move is played at each enemy turn, and
 * every game must end with the Musketeers lined up. Also checks that each stored value
 * fits the strategy (a win is at most as far as the strategy's own) and the start's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "numbers.h"
#include "strategy_file.h"

static int fail(int ply, uint32_t number, const char *what) {
    uint32_t m, e;
    position_at(ply, number, &m, &e);
    fprintf(stderr, "FAILED at ply %d, position %u (Musketeers %07x, enemy %07x): %s\n", ply,
            number, m, e, what);
    return 1;
}

/* The most plies the Musketeers can last from a position of `ply` (even) in the strategy:
 * 1 + the longest of their replies, by the stored values. */
static int musketeers_last(int ply, uint32_t number, const PlyEntries plies[]) {
    uint32_t m, e;
    Move moves[64];
    position_at(ply, number, &m, &e);
    int n = list_moves(ply, m, e, moves), longest = 0;
    for (int j = 0; j < n; j++) {
        uint32_t m2 = m, e2 = e;
        play(ply, moves[j], &m2, &e2);
        if (triple_lined[triple_rank(m2)]) continue;
        const Entry *entry = find_entry(&plies[ply + 1], (uint32_t)canonical_index(ply + 1, m2, e2));
        if (entry && entry->plies > longest) longest = entry->plies;
    }
    return 1 + longest;
}

int verify_strategy(const char *file) {
    board_init();
    PlyEntries plies[PLIES];
    int start_plies = read_strategy(file, plies);
    if (start_plies < 0) return 1;
    uint32_t m = (1u << 0) | (1u << 12) | (1u << 24);
    Numbers turn = {0}, faced = {0};
    push(&turn, (uint32_t)position_index(0, m, ALL_CELLS & ~m));
    uint64_t musketeer_positions = 0, enemy_positions = 0, lined_up = 0, used = 0;
    int last = 0;
    Move moves[64];
    for (int ply = 0; turn.n; ply += 2) {
        faced.n = 0;
        for (uint64_t i = 0; i < turn.n; i++) {
            uint32_t e;
            position_at(ply, turn.v[i], &m, &e);
            int n = list_moves(ply, m, e, moves);
            if (n == 0) return fail(ply, turn.v[i], "the Musketeers have no move: they win");
            for (int j = 0; j < n; j++) {
                uint32_t m2 = m, e2 = e;
                play(ply, moves[j], &m2, &e2);
                if (triple_lined[triple_rank(m2)]) lined_up++;
                else push(&faced, (uint32_t)canonical_index(ply + 1, m2, e2));
            }
        }
        sort_unique(&faced);
        musketeer_positions += turn.n;
        enemy_positions += faced.n;
        if (faced.n) last = ply + 1;
        turn.n = 0;
        for (uint64_t i = 0; i < faced.n; i++) {
            const Entry *entry = find_entry(&plies[ply + 1], faced.v[i]);
            if (!entry) return fail(ply + 1, faced.v[i], "a Musketeer move is not covered");
            uint32_t e;
            position_at(ply + 1, faced.v[i], &m, &e);
            int n = list_moves(ply + 1, m, e, moves);
            if (entry->move >= n) return fail(ply + 1, faced.v[i], "the stored move is not legal");
            play(ply + 1, moves[entry->move], &m, &e);
            uint32_t successor = (uint32_t)canonical_index(ply + 2, m, e);
            if (entry->plies > 1 + musketeers_last(ply + 2, successor, plies))
                return fail(ply + 1, faced.v[i], "its stored value is slower than its own move");
            push(&turn, successor);
            used++;
        }
        sort_unique(&turn);
    }
    uint64_t stored = 0;
    for (int ply = 0; ply < PLIES; ply++) stored += plies[ply].count;
    m = (1u << 0) | (1u << 12) | (1u << 24);
    int start = musketeers_last(0, (uint32_t)position_index(0, m, ALL_CELLS & ~m), plies);
    if (start != start_plies) {
        fprintf(stderr, "FAILED: the start's value is %d plies by its replies, %d in the header\n",
                start, start_plies);
        return 1;
    }
    printf("verified: %llu Musketeer positions, %llu enemy positions, %llu Musketeer moves lining them up, "
           "last enemy turn at ply %d; %llu of %llu stored positions used; "
           "the enemy wins in %d plies from the start\n",
           (unsigned long long)musketeer_positions, (unsigned long long)enemy_positions,
           (unsigned long long)lined_up, last, (unsigned long long)used,
           (unsigned long long)stored, start);
    return used == stored ? 0 : 1;
}
