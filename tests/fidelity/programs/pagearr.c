/* An array whose elements are paged: vars a --start 10 --count 3. */
#include <stdio.h>

int main(void) {
    int a[100];
    int n = 100;
    for (int i = 0; i < n; i++)
        a[i] = i * 10;
    printf("%d\n", a[5]); // @ready
    return 0;
}
