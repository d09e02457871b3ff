/* A watched member of a local struct: each write stops with the new value, and the watchpoint
   dies with the function's frame (its slot is reused by the next call). */
#include <stdio.h>

struct pair {
    int x;
    int y;
};

int grow(int n) {
    struct pair c = {1, 2}; // @pair-init
    for (int i = 0; i < n; i++) {
        c.x += 10;
        c.y += 1;
    }
    return c.x + c.y;
}

int main(void) {
    int a = grow(2);
    int b = grow(3);
    printf("%d %d\n", a, b);
    return 0;
}
