package web

import (
	"net/url"
	"strings"
)

// readable undoes the escapes that a query does not need, so that a
// shared link shows its setting ("ops=%2B=|x-%2B%2B-|..."): | = / , stay
// as they are (a value is everything after its first =), while + (a
// space in a query), & and % stay escaped. (html/template escapes | again
// in an href; the text of "Link to this state" and the address that the
// page's script writes keep it.)
var readable = strings.NewReplacer("%7C", "|", "%3D", "=", "%2F", "/", "%2C", ",")

// encode is v.Encode with the escapes of readable undone.
func encode(v url.Values) string { return readable.Replace(v.Encode()) }
