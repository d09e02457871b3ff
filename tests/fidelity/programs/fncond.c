/* Function breakpoints with a condition: `twice if x == 3` stops at the fourth call only. */
#include <stdio.h>

static int twice(int x) {
    return x * 2;  // @twice-body
}

int main(void) {
    int s = 0;
    for (int i = 0; i < 5; i++)
        s += twice(i);
    printf("sum=%d\n", s);
    return 0;
}
