/* Handles live for one stop: a struct listed at one stop, then a `next`. */
#include <stdio.h>

struct pair {
    int a;
    int b;
};

static int use(struct pair *p) {
    return p->a + p->b;
}

int main(void) {
    struct pair first = {1, 2};
    int n = 5;
    int m = 6;
    struct pair second = {3, 4}; // @start
    n = use(&first) + n;         // @next
    m = use(&second) + m;
    printf("%d %d\n", n, m);
    return 0;
}
