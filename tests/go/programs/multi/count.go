package main

func count(words []string) int {
	total := 0
	for _, w := range words {
		total += len(w) // @inner
	}
	return total
}
