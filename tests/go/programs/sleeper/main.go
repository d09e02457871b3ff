// A program that sleeps an hour when given an argument: its debuggee must not outlive the
// session even when Delve is killed.
package main

import (
	"fmt"
	"os"
	"time"
)

func main() {
	n := len(os.Args) // @start
	fmt.Println("args", n)
	if n > 1 {
		time.Sleep(time.Hour)
	}
}
