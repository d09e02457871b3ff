// A vector that an evaluate grows at a stop: its children are listed again, never from the count seen before.
#include <cstdio>
#include <vector>

int main() {
    std::vector<int> v = {1, 2, 3};
    v.push_back(0);
    v.pop_back();
    int n = 5;
    std::printf("%d %d\n", (int)v.size(), n); // @stop
    return 0;
}
