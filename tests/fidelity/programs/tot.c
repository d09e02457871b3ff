/* A watched local outlives its function's frame: add_up returns, then other calls reuse its stack. */
#include <stdio.h>

int add_up(int n) {
    int total = 0; // @total-init
    for (int i = 1; i <= n; i++) {
        total += i;
    }
    return total;
}

int main(void) {
    int a = add_up(3);
    printf("a=%d\n", a); // @after-call
    int b = add_up(4);
    printf("b=%d\n", b);
    return 0;
}
