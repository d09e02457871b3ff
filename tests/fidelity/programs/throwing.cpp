#include <iostream>
#include <stdexcept>

void throw_and_catch() {
    try {
        throw std::runtime_error("caught error");  // @throw
    } catch (const std::exception& e) {
        std::cout << "caught: " << e.what() << std::endl;
    }
}

int main() {
    throw_and_catch();
    std::cout << "THROW_TEST_DONE" << std::endl;
    return 0;
}
