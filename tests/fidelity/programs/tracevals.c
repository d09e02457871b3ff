/* Structured and long values traced at each pass of a loop (trace shows them as eval does). */
#include <stdio.h>

struct pt { int x; int y; };

int main(void) {
    int grid[2][2] = {{0, 0}, {0, 0}};
    struct pt p = {0, 0};
    char text[400];
    for (int k = 0; k < (int)sizeof text - 1; k++) text[k] = (char)('a' + k % 26);
    text[sizeof text - 1] = 0;
    const char *tp = text;
    for (int i = 1; i <= 2; i++) {
        grid[1][1] = i;
        p.x = i * 10;
        printf("%d %c\n", grid[1][1] + p.x, tp[0]);  // @traced
    }
    return 0;
}
