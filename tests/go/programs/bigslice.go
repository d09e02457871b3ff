// A 100,000-element slice for the Delve paging tests: lines are found by their @marker comments.
package main

import "fmt"

func main() {
	sl := make([]int, 100000)
	for i := range sl {
		sl[i] = i * 3
	}
	fmt.Println(len(sl)) // @print
}
