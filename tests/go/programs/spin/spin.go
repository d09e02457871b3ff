// Prints a tick every 100 ms, forever (a program to attach to).
package main

import (
	"fmt"
	"time"
)

func main() {
	for i := 0; ; i++ {
		fmt.Println("tick", i)
		time.Sleep(100 * time.Millisecond)
	}
}
