package web_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/families-project/families/families/web"
)

// A server answers only requests that name the address it serves.
func ExampleNew() {
	s, err := web.New(web.Config{Addr: "127.0.0.1:8080"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, host := range []string{"127.0.0.1:8080", "localhost:8080", "attacker.example:8080"} {
		req := httptest.NewRequest("GET", "/download?as=json", nil)
		req.Host = host
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		fmt.Println(host, w.Code)
	}
	// Output:
	// 127.0.0.1:8080 200
	// localhost:8080 200
	// attacker.example:8080 421
}

// A sweep's records become the rows of the table at /open.
func ExampleLoadOpen() {
	lines := `{"ops":"+=|x-++-|+=|=====|/=","size":"3x3","class":"positive_dimensional","dimension":1,"members":[{"a":3}]}
{"ops":"++|+++++|++|+++++|++","size":"3x3","class":"inconsistent","dimension":-1}
`
	of, err := web.LoadOpen("run.jsonl", strings.NewReader(lines))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range of.Rows {
		fmt.Println(of.Kind, r.Ops, r.Class, r.Dimension, r.Members)
	}
	// Output:
	// sweep +=|x-++-|+=|=====|/= positive_dimensional 1 1
	// sweep ++|+++++|++|+++++|++ inconsistent -1 0
}
