package tokengrid_test

import (
	"fmt"

	"github.com/families-project/families/families/tokengrid"
)

func Example() {
	// Wolf's puzzle P1, with Unicode operators and ragged spacing.
	g, err := tokengrid.Parse(`
AB × C = DEA
+ × ÷ ÷ −
AB × B = EF
= = = = =
BC × A = EF`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Rows, "x", g.Cols, g.Number(0, 2).Kind, g.Cells[1][2].Text)
	fmt.Print(g)
	// Output:
	// 3 x 3 word /
	// AB  x  C  =  DEA
	// +   x  /  /  -
	// AB  x  B  =  EF
	// =   =  =  =  =
	// BC  x  A  =  EF
}
