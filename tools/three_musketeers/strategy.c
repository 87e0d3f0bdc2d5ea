/* The enemy's winning strategy from the start, made small.
 *
 * Ply by ply from the start: every Musketeer move from the strategy's positions is kept
 * (those that line the Musketeers up end the game), and at each position the enemy then
 * faces, one winning move is chosen. Which one decides the strategy's size, so the choice
 * is a weighted set cover over the ply: a successor position costs the Musketeer replies
 * it leaves open (those not lining them up), and it is free for every further position
 * that can reach it once chosen. Greedy: the successor with the most positions still
 * uncovered per cost first. Positions are kept under their smallest number (board.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "numbers.h"
#include "strategy_file.h"
#include "tables.h"

/* The positions the enemy faces after every Musketeer move from `turn` (ply even). */
static void replies(int ply, const Numbers *turn, Numbers *out) {
    Move moves[64];
    out->n = 0;
    for (uint64_t i = 0; i < turn->n; i++) {
        uint32_t m, e;
        position_at(ply, turn->v[i], &m, &e);
        int n = list_moves(ply, m, e, moves);
        for (int j = 0; j < n; j++) {
            uint32_t m2 = m, e2 = e;
            play(ply, moves[j], &m2, &e2);
            if (!triple_lined[triple_rank(m2)]) push(out, (uint32_t)canonical_index(ply + 1, m2, e2));
        }
    }
    sort_unique(out);
}

typedef struct {
    uint32_t successor, position;
    uint8_t move;
} Candidate;

static int by_successor(const void *a, const void *b) {
    const Candidate *x = a, *y = b;
    if (x->successor != y->successor) return (x->successor > y->successor) - (x->successor < y->successor);
    if (x->position != y->position) return (x->position > y->position) - (x->position < y->position);
    return (x->move > y->move) - (x->move < y->move);
}

typedef struct {
    double priority;
    uint32_t group;
} Ranked;

static void sift_up(Ranked *heap, uint64_t i) {
    for (; i > 0 && heap[(i - 1) / 2].priority < heap[i].priority; i = (i - 1) / 2) {
        Ranked t = heap[i];
        heap[i] = heap[(i - 1) / 2];
        heap[(i - 1) / 2] = t;
    }
}

static void sift_down(Ranked *heap, uint64_t n, uint64_t i) {
    for (;;) {
        uint64_t best = i, l = 2 * i + 1, r = l + 1;
        if (l < n && heap[l].priority > heap[best].priority) best = l;
        if (r < n && heap[r].priority > heap[best].priority) best = r;
        if (best == i) return;
        Ranked t = heap[i];
        heap[i] = heap[best];
        heap[best] = t;
        i = best;
    }
}

/* The Musketeer replies from `successor` (ply even) that do not line them up. */
static int open_replies(int ply, uint32_t successor) {
    uint32_t m, e;
    Move moves[64];
    position_at(ply, successor, &m, &e);
    int n = list_moves(ply, m, e, moves), open = 0;
    for (int j = 0; j < n; j++) open += !triple_lined[triple_rank(m ^ (1u << moves[j].from) ^ (1u << moves[j].to))];
    return open;
}

/* One winning move for each position of `faced` (ply odd): into `out`, and the positions
 * they lead to into `next`. */
static void choose(int ply, const Numbers *faced, const int8_t *const value[], PlyEntries *out,
                   Numbers *next) {
    uint64_t n = faced->n, count = 0, capacity = n * 8 + 16;
    Candidate *candidates = malloc(capacity * sizeof *candidates);
    Move moves[64];
    for (uint64_t i = 0; i < n; i++) {
        uint32_t m, e;
        position_at(ply, faced->v[i], &m, &e);
        int moves_n = list_moves(ply, m, e, moves);
        for (int j = 0; j < moves_n; j++) {
            uint32_t e2 = e;
            play(ply, moves[j], &m, &e2);
            if (value[ply + 1][position_index(ply + 1, m, e2)] <= 0) continue;
            if (count == capacity) candidates = realloc(candidates, (capacity *= 2) * sizeof *candidates);
            candidates[count++] = (Candidate){(uint32_t)canonical_index(ply + 1, m, e2), (uint32_t)i, (uint8_t)j};
        }
    }
    qsort(candidates, count, sizeof *candidates, by_successor);
    /* groups: one per successor; a position appears once in a group (its first move) */
    uint64_t kept = 0, groups = 0;
    uint64_t *group_start = malloc((count + 1) * sizeof *group_start);
    for (uint64_t c = 0; c < count; c++) {
        if (kept && candidates[c].successor == candidates[kept - 1].successor &&
            candidates[c].position == candidates[kept - 1].position)
            continue;
        if (!kept || candidates[c].successor != candidates[kept - 1].successor) group_start[groups++] = kept;
        candidates[kept++] = candidates[c];
    }
    group_start[groups] = kept;
    uint32_t *uncovered = malloc(groups * sizeof *uncovered);
    double *cost = malloc(groups * sizeof *cost);
#pragma omp parallel for schedule(dynamic, 4096)
    for (uint64_t g = 0; g < groups; g++) {
        uncovered[g] = (uint32_t)(group_start[g + 1] - group_start[g]);
        cost[g] = open_replies(ply + 1, candidates[group_start[g]].successor) + 0.25;
    }
    /* each position's groups */
    uint64_t *member_start = calloc(n + 1, sizeof *member_start);
    uint32_t *member_group = malloc(kept * sizeof *member_group);
    for (uint64_t c = 0; c < kept; c++) member_start[candidates[c].position + 1]++;
    for (uint64_t i = 0; i < n; i++) member_start[i + 1] += member_start[i];
    uint64_t *fill = malloc(n * sizeof *fill);
    memcpy(fill, member_start, n * sizeof *fill);
    for (uint64_t g = 0; g < groups; g++)
        for (uint64_t c = group_start[g]; c < group_start[g + 1]; c++)
            member_group[fill[candidates[c].position]++] = (uint32_t)g;
    Ranked *heap = malloc(groups * sizeof *heap);
    for (uint64_t g = 0; g < groups; g++) {
        heap[g] = (Ranked){uncovered[g] / cost[g], (uint32_t)g};
        sift_up(heap, g);
    }
    uint64_t heap_n = groups, left = n;
    Entry *entries = malloc(n * sizeof *entries);
    uint8_t *covered = calloc(n, 1);
    next->n = 0;
    while (left && heap_n) {
        Ranked top = heap[0];
        double now = uncovered[top.group] / cost[top.group];
        heap[0] = heap[--heap_n];
        sift_down(heap, heap_n, 0);
        if (uncovered[top.group] == 0) continue;
        if (now < top.priority) {
            heap[heap_n] = (Ranked){now, top.group};
            sift_up(heap, heap_n++);
            continue;
        }
        for (uint64_t c = group_start[top.group]; c < group_start[top.group + 1]; c++) {
            uint32_t i = candidates[c].position;
            if (covered[i]) continue;
            covered[i] = 1;
            left--;
            entries[i] = (Entry){faced->v[i], candidates[c].move, (uint8_t)(100 - value[ply][faced->v[i]])};
            for (uint64_t g = member_start[i]; g < member_start[i + 1]; g++) uncovered[member_group[g]]--;
        }
        push(next, candidates[group_start[top.group]].successor);
    }
    if (left) {
        fprintf(stderr, "ply %d: %llu positions have no winning move\n", ply, (unsigned long long)left);
        exit(1);
    }
    sort_unique(next);
    out->entries = entries;
    out->count = n;
    free(candidates);
    free(group_start);
    free(uncovered);
    free(cost);
    free(member_start);
    free(member_group);
    free(fill);
    free(heap);
    free(covered);
}

int extract_strategy(const char *dir, const char *file) {
    board_init();
    const int8_t *value[PLIES];
    for (int ply = 0; ply < PLIES; ply++)
        if (!(value[ply] = map_ply(dir, ply))) return 1;
    PlyEntries plies[PLIES];
    memset(plies, 0, sizeof plies);
    uint32_t m = (1u << 0) | (1u << 12) | (1u << 24);
    Numbers turn = {0}, faced = {0};
    push(&turn, (uint32_t)position_index(0, m, ALL_CELLS & ~m));
    int start = value[0][turn.v[0]];
    if (start <= 0) {
        fprintf(stderr, "the enemy does not win from the start: nothing to extract\n");
        return 1;
    }
    uint64_t total = 0;
    for (int ply = 0; ply + 2 < PLIES && turn.n; ply += 2) {
        replies(ply, &turn, &faced);
        uint64_t musketeers = turn.n;
        choose(ply + 1, &faced, value, &plies[ply + 1], &turn);
        total += musketeers + faced.n;
        printf("ply %2d: %10llu Musketeer positions, %10llu enemy positions\n", ply,
               (unsigned long long)musketeers, (unsigned long long)faced.n);
        fflush(stdout);
    }
    printf("strategy: %llu positions\n", (unsigned long long)total);
    return write_strategy(file, plies, 100 - start);
}
