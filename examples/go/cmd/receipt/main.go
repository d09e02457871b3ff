// Command receipt prints the cart's total after a discount: the Go twin of examples/buggy.py.
//
//	cd examples/go && dapcli launch ./cmd/receipt -b cmd/receipt/main.go:16
package main

import (
	"fmt"

	"example.com/cart"
)

func main() {
	for i, item := range cart.Cart {
		fmt.Printf("%d. %-10s %6.2f\n", i+1, item.Name, float64(item.Cents)/100)
	}
	total := cart.Total(cart.Cart, 15) // @total
	fmt.Printf("total=%.2f\n", float64(total)/100)
}
