/* Crashes with SIGSEGV in a recursive function: the core-file test's program. */
#include <stdio.h>

struct node {
    int value;
    struct node *next;
};

static int depth_sum(struct node *n) {
    return n->value + depth_sum(n->next);  // @crash
}

int main(void) {
    struct node last = {2, 0};
    struct node first = {1, &last};
    printf("about to crash\n");
    fflush(stdout);
    return depth_sum(&first);  // @call
}
