// A loop of N passes (os.Args[1], default 10000): hit counts and log points at scale.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func main() {
	n := 10000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	sum := 0
	for i := 0; i < n; i++ {
		sum += i // @scale-body
	}
	fmt.Println("sum", sum)
}
