/* tm-solve: solve Three Musketeers, extract the enemy's compact strategy, verify it.
 *
 *   tm-solve solve DIR [PLY]      every position's value, ply by ply from the last, into DIR
 *                                 (down to PLY, default 0: the start)
 *   tm-solve strategy DIR FILE    the enemy's winning strategy from the start, into FILE
 *   tm-solve verify FILE          check FILE against the rules alone
 *   tm-solve reachable            count the positions reachable from the start */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int solve_all(const char *dir, int last);
int extract_strategy(const char *dir, const char *file);
int verify_strategy(const char *file);
int count_reachable(void);

int main(int argc, char **argv) {
    if ((argc == 3 || argc == 4) && strcmp(argv[1], "solve") == 0)
        return solve_all(argv[2], argc == 4 ? atoi(argv[3]) : 0);
    if (argc == 4 && strcmp(argv[1], "strategy") == 0) return extract_strategy(argv[2], argv[3]);
    if (argc == 3 && strcmp(argv[1], "verify") == 0) return verify_strategy(argv[2]);
    if (argc == 2 && strcmp(argv[1], "reachable") == 0) return count_reachable();
    fprintf(stderr, "usage: %s solve DIR [PLY] | strategy DIR FILE | verify FILE | reachable\n", argv[0]);
    return 2;
}
