// A C++ exception thrown and caught, then one left uncaught: for exception filters at launch.
#include <cstdio>
#include <stdexcept>

static int check(int value) {
    try {
        throw std::runtime_error("caught");  // @thrown
    } catch (const std::exception &e) {
        std::printf("caught %s\n", e.what());
    }
    return value * 2;
}

int main() {
    int total = check(21);
    std::printf("total %d\n", total);  // @total
    return 0;
}
