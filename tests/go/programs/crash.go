// A Go program that crashes (a nil map write), for the core-file test.
package main

import "fmt"

type Order struct {
	ID    int
	Items []string
}

func process(o Order) {
	fmt.Println("processing", o.ID)
	var m map[string]int
	m["boom"] = len(o.Items) // @crash
}

func main() {
	process(Order{ID: 7, Items: []string{"a", "b"}})
}
