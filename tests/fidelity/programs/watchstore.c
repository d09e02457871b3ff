/* Watchpoints watch the named storage: a pointer field, an array element, a struct member. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct point {
    int x;
    int y;
};

struct rec {
    char *name;
    int counts[4];
    struct point at;
};

static char first[] = "alpha";
static char second[] = "beta";
static struct rec shared = {first, {1, 2, 3, 4}, {5, 6}};

static int bump(int by) {
    int doubled = by * 2; // @bump-local
    doubled += 1;
    return doubled;
}

int main(int argc, char **argv) {
    struct rec *p = &shared;
    if (argc > 1)
        sleep((unsigned)atoi(argv[1])); /* seconds before the first write */
    p->counts[0] = 10; // @watch-start
    p->name[0] = 'A'; // @pointee-write
    p->counts[1] = 20; // @neighbour-write
    p->at.y = 60; // @sibling-write
    p->counts[2] = 30; // @element-write
    p->at.x = 50; // @member-write
    p->name = second; // @pointer-write
    printf("%s %d %d\n", p->name, p->counts[2], p->at.x); // @print
    return bump(3) == 7 ? 0 : 1; // @done
}
