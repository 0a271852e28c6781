//go:build !js

package api

import (
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommittedReferenceIsCurrent: assets/docs/api.md is what the code
// says (run `make docs` after changing an endpoint, a wire type, a limit
// or a status).
func TestCommittedReferenceIsCurrent(t *testing.T) {
	want, err := Reference("../..")
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../assets/docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != want {
		t.Error("assets/docs/api.md is not what the code says: run `make docs`")
	}
}

// TestEveryStatusIsListed: each http.Status the package's code names is
// in Statuses, so the reference lists every status the API answers with.
func TestEveryStatusIsListed(t *testing.T) {
	listed := map[int]bool{}
	for _, s := range Statuses {
		listed[s.Code] = true
	}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Status") {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "http" {
					if code := statusCode(sel.Sel.Name); code == 0 || !listed[code] {
						t.Errorf("%s uses http.%s, which Statuses does not list", name, sel.Sel.Name)
					}
				}
			}
			return true
		})
	}
}

// statusCode returns the code of http.StatusX's name.
func statusCode(name string) int {
	for code := 100; code < 600; code++ {
		if text := http.StatusText(code); text != "" && "Status"+strings.NewReplacer(" ", "", "-", "", "'", "").Replace(text) == name {
			return code
		}
	}
	return 0
}
