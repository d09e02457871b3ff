/* A test program that fails by exit(1) after printing why (for `dapcli test`). */
#include <stdio.h>
#include <stdlib.h>
static void check(int got) {
    if (got != 2441) {
        fprintf(stderr, "total = %d, want 2441\n", got);
        exit(1); /* @exit */
    }
}
int main(void) { check(2673); return 0; }
