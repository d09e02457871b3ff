// A Go package of two files, launched as a directory (Delve builds it: mode debug).
package main

import "fmt"

func main() {
	words := []string{"alpha", "beta"}
	n := count(words) // @count
	fmt.Println("words:", n)
}
