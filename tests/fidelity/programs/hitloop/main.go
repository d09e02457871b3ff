// Delve honours hitCondition although it does not announce it (issue 10, case 3).
package main

import "fmt"

func main() {
	acc := 0
	for i := 0; i < 10; i++ {
		acc += i // @acc
	}
	fmt.Println(acc)
}
