// Package maxheap keeps a slice as a binary max-heap under a caller's
// order, without the interface conversions of container/heap: the sparse
// divisions of poly and poly/factor keep their pending monomials in one,
// and boxing a 32-byte monomial per push cost factor's division 30%.
package maxheap

// Push appends x to the heap h, ordered so that greater(h[0], y) holds
// for every other y, and returns the grown heap. Cost: O(log len(h))
// comparisons.
func Push[T any](h []T, x T, greater func(a, b *T) bool) []T {
	h = append(h, x)
	for k := len(h) - 1; k > 0; {
		up := (k - 1) / 2
		if !greater(&h[k], &h[up]) {
			break
		}
		h[up], h[k] = h[k], h[up]
		k = up
	}
	return h
}

// Pop removes the greatest element of the nonempty heap h and returns it
// and the shrunk heap. Cost: O(log len(h)) comparisons.
func Pop[T any](h []T, greater func(a, b *T) bool) (T, []T) {
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for k := 0; ; {
		big := k
		for _, c := range [2]int{2*k + 1, 2*k + 2} {
			if c < n && greater(&h[c], &h[big]) {
				big = c
			}
		}
		if big == k {
			break
		}
		h[k], h[big] = h[big], h[k]
		k = big
	}
	return top, h
}
