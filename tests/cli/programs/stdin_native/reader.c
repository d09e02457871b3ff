/* Reads one line of stdin and echoes it: --stdin FILE and typed input (`dapcli input`). */
#include <stdio.h>

int main(void) {
    char line[100];
    printf("ready\n");
    fflush(stdout);
    if (fgets(line, sizeof line, stdin)) printf("read=<%s>\n", line);  /* @read */
    else printf("read nothing\n");
    return 0;
}
