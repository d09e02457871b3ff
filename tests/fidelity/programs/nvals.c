/* Values of many C types (fidelity of native values: issue fidn). */
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <stdbool.h>

enum color { RED = -2, GREEN = 0, BLUE = 5 };
struct bits { unsigned a : 3; int b : 4; unsigned c : 1; };
union u { int i; float f; unsigned char bytes[4]; };
struct anon { int x; struct { int y; int z; }; union { int p; float q; }; };
typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
int g_counter = 42;
static double s_ratio = 0.125;
static char long_str[600];

int twice(int v) { return v * 2; }  // @twice

int main(void) {
    unsigned int u32 = 4294967295u;
    unsigned char uc = 200;
    signed char sc = -5;
    char ch = 'A';
    bool flag = true;
    float f = 1.5f;
    double d = -2.25;
    long double ld = 3.75L;
    long long big = -9223372036854775807LL;
    unsigned long long ubig = 18446744073709551615ULL;
    enum color col = RED;
    struct bits bf = {5, -3, 1};
    union u un; un.i = 0x41424344;
    struct anon an = {1, {2, 3}, {4}};
    int x = 7;
    int *px = &x;
    int **ppx = &px;
    binop fp = add;
    char emb[8] = {'a', 'b', 0, 'c', 'd', 0, 0, 0};
    char bad[6] = {'o', 'k', (char)0xff, (char)0xfe, 'z', 0};
    wchar_t wide[] = L"héllo";
    int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
    const char *msg = "hello \"quoted\"\n\ttab";
    memset(long_str, 'x', sizeof long_str - 1);
    int shadow = 1;
    {
        int shadow = 2;
        x = twice(shadow) + fp(1, 2);  // @inner
    }
    printf("%d %d\n", x, shadow);  // @done
    return 0;
}
