/* CodeLLDB marks pointers, enums and structs readOnly, yet sets them. */
#include <stdio.h>

enum color { RED, GREEN = 5, BLUE };

int main(void) {
    enum color col = BLUE;
    int x = 7;
    int *ptr = &x;
    printf("%d %d\n", col, *ptr);  // @show
    return 0;
}
