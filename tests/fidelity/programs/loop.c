/* A loop that prints: console commands that step, watchpoints, breakpoints by location. */
#include <stdio.h>

static int twice(int x) {
    int y = x;      // @twice-first

    /* a blank line above and below: lldb-dap moves a breakpoint here to the next code */

    y = y * 2;      // @twice-code
    return y;
}

int main(void) {
    int n = 0;      // @init
    int other = 0;
    for (int i = 0; i < 3; i++) {
        n += i;     // @loop-body
        printf("n=%d\n", n);  // @print
    }
    other = twice(n);
    n = 42;         // @write-n
    printf("n=%d other=%d\n", n, other);
    return 0;
}
