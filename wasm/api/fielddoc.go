package api

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
)

// fieldDoc is one JSON field of a wire type, as its source declares it.
type fieldDoc struct {
	Name string // JSON key
	Type string // JSON type: string, number, integer, boolean, array of …, object, or a type of the reference
	Doc  string // the field's comment
}

// sourceTypes reads the struct types of Go packages from their source (the
// doc generator's input: field comments are not in the binary). Packages
// are named by their import path under the module, "wasm/wire".
type sourceTypes struct {
	root  string                     // the module's root folder
	types map[string]*ast.StructType // "wire.LinearRequest"
}

// readSource parses the non-test Go files of each package.
func readSource(root string, pkgs ...string) (*sourceTypes, error) {
	st := &sourceTypes{root: root, types: map[string]*ast.StructType{}}
	fset := token.NewFileSet()
	for _, pkg := range pkgs {
		dir := filepath.Join(root, filepath.FromSlash(pkg))
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(dir)
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
			if err != nil {
				return nil, err
			}
			for _, decl := range f.Decls {
				gd, ok := decl.(*ast.GenDecl)
				if !ok {
					continue
				}
				for _, spec := range gd.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						if s, ok := ts.Type.(*ast.StructType); ok {
							st.types[name+"."+ts.Name.Name] = s
						}
					}
				}
			}
		}
	}
	return st, nil
}

// fields returns the JSON fields of the struct type "pkg.Name", with those
// of its embedded structs in place.
func (st *sourceTypes) fields(typ string) ([]fieldDoc, error) {
	s, ok := st.types[typ]
	if !ok {
		return nil, fmt.Errorf("type %s not found in the source", typ)
	}
	pkg := typ[:strings.Index(typ, ".")]
	var out []fieldDoc
	for _, f := range s.Fields.List {
		tag := ""
		if f.Tag != nil {
			tag = reflect.StructTag(strings.Trim(f.Tag.Value, "`")).Get("json")
		}
		key := strings.Split(tag, ",")[0]
		if len(f.Names) == 0 && key == "" { // embedded: its fields in place
			inner, err := st.fields(qualified(pkg, f.Type))
			if err != nil {
				return nil, err
			}
			out = append(out, inner...)
			continue
		}
		if key == "-" || key == "" {
			continue
		}
		doc := strings.TrimSpace(strings.Join(strings.Fields(f.Doc.Text()+" "+f.Comment.Text()), " "))
		if len(f.Names) == 1 { // "Keep asks for …" reads "asks for …" in the field's row
			for _, verb := range []string{" is ", " are ", " asks ", " says "} {
				if rest, ok := strings.CutPrefix(doc, f.Names[0].Name+verb); ok {
					doc = strings.TrimSpace(verb) + " " + rest
				}
			}
		}
		out = append(out, fieldDoc{Name: key, Type: st.jsonType(pkg, f.Type), Doc: doc})
	}
	return out, nil
}

// qualified returns "pkg.Name" of a type expression in package pkg.
func qualified(pkg string, e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return qualified(pkg, t.X)
	case *ast.SelectorExpr:
		return t.X.(*ast.Ident).Name + "." + t.Sel.Name
	case *ast.Ident:
		return pkg + "." + t.Name
	}
	return ""
}

// jsonType names the JSON type of a Go type expression: a struct type of
// the source by its name (the reference has a table of it).
func (st *sourceTypes) jsonType(pkg string, e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return st.jsonType(pkg, t.X)
	case *ast.ArrayType:
		return "array of " + st.jsonType(pkg, t.Elt)
	case *ast.MapType:
		return "object of " + st.jsonType(pkg, t.Value)
	case *ast.Ident, *ast.SelectorExpr:
		q := qualified(pkg, t)
		if _, ok := st.types[q]; ok {
			return q[strings.Index(q, ".")+1:]
		}
		switch q[strings.Index(q, ".")+1:] {
		case "string", "Task":
			return "string"
		case "bool":
			return "boolean"
		case "int", "int64", "uint64":
			return "integer"
		case "float64":
			return "number"
		}
		return "object"
	}
	return "object"
}
