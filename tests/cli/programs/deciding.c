/* A loop whose breakpoint condition names a long string (see test_deciding.py). */
#include <stdio.h>
#include <string.h>

int main(void) {
    char label[200];
    int total = 0;
    for (int count = 0; count < 5; count++) {
        snprintf(label, sizeof label, "%0120d-item-%d", 0, count);
        const char *name = label;
        total += count + (int)strlen(name); /* @loop */
    }
    printf("%d %s\n", total, label + 118);
    return 0;
}
