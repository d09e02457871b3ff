// A shopping cart whose total forgets the last item. Debugged by recipes/go.yaml.
package main

import "fmt"

type item struct {
	name  string
	cents int
}

func total(items []item) int {
	sum := 0
	for i := 0; i < len(items)-1; i++ { // the bug: len(items)-1 skips the last item
		sum += items[i].cents // @add
	}
	return sum
}

func main() {
	cart := []item{{"notebook", 1999}, {"pen", 525}, {"tape", 250}}
	fmt.Printf("total=%d\n", total(cart))
}
