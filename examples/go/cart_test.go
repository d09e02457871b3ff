package cart

import "testing"

func TestTotalWithoutDiscount(t *testing.T) {
	if got := Total(Cart, 0); got != 2873 {
		t.Errorf("Total(Cart, 0) = %d, want 2873", got)
	}
}

func TestTotalWithDiscount(t *testing.T) {
	want := 2441
	got := Total(Cart, 15)
	if got != want {
		t.Errorf("Total(Cart, 15) = %d, want %d", got, want) // @errorf
	}
}

func TestFirstItem(t *testing.T) {
	var items []Item
	if items[0].Name != "notebook" { // @panic
		t.Fatal("wrong first item")
	}
}
