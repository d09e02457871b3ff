// A program debugged "remotely": built and run in another directory than the user's checkout.
package main

import "fmt"

func twice(x int) int {
	y := x * 2 // @twice
	return y
}

func main() {
	total := 0
	for i := 0; i < 3; i++ {
		total += twice(i)
	}
	fmt.Println("total", total)
}
