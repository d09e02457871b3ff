/* A token in a char array and behind a pointer; built at run time, so the source (shown at a
   stop, and not redacted) never holds it whole. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char api_token[48];
    int token_count = 3;
    snprintf(api_token, sizeof api_token, "ghp_%s%s%s", "Zx8Zx8Zx8Zx8", "Zx8Zx8Zx8Zx8", "Zx8Zx8Zx8Zx8");
    const char *secret_key = api_token;
    const char *banner = api_token;
    printf("%d %zu %c\n", token_count, strlen(secret_key), banner[0]);  // @stop
    return 0;
}
