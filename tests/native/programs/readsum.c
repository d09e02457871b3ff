/* Reads two numbers from stdin and prints their sum (issue 11: runInTerminal). */
#include <stdio.h>

int main(void) {
    int a = 0, b = 0;
    if (scanf("%d", &a) != 1) return 2;
    if (scanf("%d", &b) != 1) return 3;
    int sum = a + b;
    printf("sum %d\n", sum); // @sum
    return 0;
}
