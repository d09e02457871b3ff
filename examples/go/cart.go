// Package cart is the Go twin of examples/buggy.py: the discount loses its cents.
package cart

// Item is one line of a cart; Cents is its price in cents.
type Item struct {
	Name  string
	Cents int
}

// Cart is the same cart as in examples/buggy.py.
var Cart = []Item{{"notebook", 1999}, {"pen", 525}, {"stickers", 99}, {"tape", 250}}

// Total is the cart's total in cents after percent off.
func Total(items []Item, percent int) int {
	running := 0
	for _, item := range items {
		discount := item.Cents * percent / 100 / 100 * 100 // the bug: whole units only, the cents are lost
		running += item.Cents - discount
	}
	return running
}
