/* The native adapters' test program: a struct, an array, a loop, a function to step into,
 * printf output, the arguments echoed, and an exit code that shows a changed variable.
 * Tests find lines by the `@marker` comments, never by number. */
#include <stdio.h>

struct point {
    int x;
    int y;
    const char *label;
};

static int square(int n) {
    int result = n * n;  // @square-body
    return result;       // @square-return
}

int main(int argc, char **argv) {
    struct point origin = {3, 4, "origin"};
    int values[5] = {10, 20, 30, 40, 50};
    for (int a = 1; a < argc; a++) {
        printf("arg[%d]=%s\n", a, argv[a]);
    }
    fflush(stdout);
    int total = 0;  // @init
    for (int i = 0; i < 5; i++) {
        total += values[i];  // @loop-body
    }
    int sq = square(origin.x);  // @call
    printf("total=%d sq=%d label=%s\n", total, sq, origin.label);  // @print
    fflush(stdout);
    return total > 1000 ? 4 : 3;  // @exit
}
