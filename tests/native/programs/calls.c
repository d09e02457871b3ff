/* Functions an evaluated expression calls: one that faults, one that stops at a breakpoint. */
#include <stdio.h>

int crash(void) {
    int *p = 0;
    return *p;  // @crash-body
}

int add(int a, int b) {
    int r = a + b;  // @add-body
    return r;
}

int main(void) {
    int x = 5;
    printf("x=%d\n", x);  // @stop
    return add(x, 1) == 6 ? 0 : 1;
}
