/* Cycles by identity: two nodes that point at each other, and two structs that print the same. */
#include <stdio.h>

struct node {
    int val;
    struct node *next;
};

struct pair {
    int x;
    int y;
};

struct twins {
    struct pair left;
    struct pair right;
};

int main(void) {
    struct node a = {1, 0};
    struct node b = {1, 0};
    a.next = &b;
    b.next = &a;
    struct node *head = &a;
    struct twins t = {{1, 2}, {1, 2}};
    printf("%d %d %d\n", head->val, t.left.x, t.right.y); // @ready
    return 0;
}
