package words_test

import (
	"fmt"

	"github.com/families-project/families/internal/words"
)

func ExampleCount() {
	fmt.Println(words.Count(1, "grid") + ", " + words.Count(3, "family") + ", " + words.Count(0, "analysis"))
	// Output: 1 grid, 3 families, 0 analyses
}

func ExampleNoun() {
	fmt.Printf("12,345 %s\n", words.Noun(12345, "setting"))
	// Output: 12,345 settings
}
