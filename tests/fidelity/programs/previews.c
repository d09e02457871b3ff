/* C values whose adapters answer only a summary (lldb-dap: `shape @ 0x…`, gdb via cdt: `{...}`,
   `[5]`): dapcli shows them as gdb prints them. */
#include <stdlib.h>
#include <string.h>

struct item { const char *name; int cents; };
struct shape { char name[16]; int sides; };
struct pt { int x; int y; };
struct deep { struct pt a; struct { struct pt q; int r; } b; };
struct link { int v; struct link *next; };

int main(void) {
    struct item items[2] = {{"pen", 525}, {"ink", 80}};
    int arr[5] = {10, 20, 30, 40, 50};
    int many[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    struct shape sh;
    memset(&sh, 0, sizeof sh);
    strcpy(sh.name, "tri");
    sh.sides = 3;
    int grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    struct deep d = {{1, 2}, {{3, 4}, 5}};
    char longs[300];
    memset(longs, 'x', sizeof longs - 1);
    longs[sizeof longs - 1] = 0;
    static char huge[3000];
    static int thousand[1000];
    memset(huge, 'y', sizeof huge - 1);
    for (int i = 0; i < 1000; i++) thousand[i] = i;
    const char *hp = huge;
    struct link l2 = {2, 0}, l1 = {1, &l2};
    int *heap = malloc(3 * sizeof(int));
    heap[0] = 7; heap[1] = 8; heap[2] = 9;
    int total = items[0].cents + arr[1] + many[11] + sh.sides + grid[2][3] + d.b.r + longs[0] + hp[0] + thousand[1] + l1.next->v;  // @previews
    free(heap);
    return total > 0 ? 0 : 1;
}
