/* A 3x3 grid of scores; the row sums are wrong. Debugged by recipes/c-lldb.yaml and c-gdb.yaml. */
#include <stdio.h>

static int row_sum(const int *row, int n) {
    int total = 0;
    for (int i = 1; i < n; i++) {  /* the bug: starts at 1, so each row loses its first cell */
        total += row[i];           /* @add */
    }
    return total;
}

int main(void) {
    int grid[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    int sum = 0;
    for (int r = 0; r < 3; r++) {
        sum += row_sum(grid[r], 3);
    }
    printf("sum=%d\n", sum);       /* @print */
    return sum == 45 ? 0 : 1;
}
