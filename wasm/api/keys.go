package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"unitfree/wasm/wire"
)

// requestKeys are the exact names of every field of the run requests, at
// any depth.
var requestKeys = func() map[string]bool {
	names := map[string]bool{}
	for _, t := range []reflect.Type{reflect.TypeFor[wire.LinearRequest](), reflect.TypeFor[wire.BanditRequest](), reflect.TypeFor[wire.SamplingRequest]()} {
		fieldNames(t, names, map[reflect.Type]bool{})
	}
	return names
}()

// fieldNames adds the JSON names of t's fields (and of the structs they
// hold) to names.
func fieldNames(t reflect.Type, names map[string]bool, seen map[reflect.Type]bool) map[string]bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return names
	}
	seen[t] = true
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" && !f.Anonymous {
			name = f.Name
		}
		if name != "" {
			names[name] = true
		}
		fieldNames(f.Type, names, seen)
	}
	return names
}

// checkKeys refuses what encoding/json would accept silently: a key given
// twice in one object (the last one would win), and a key that names a
// field only case-insensitively ("Task" for "task"). It is one pass over
// the tokens: the position of a value is kept as a stack of steps and
// written out only for an error (written out at every value, as it once
// was, a long key over deep or long arrays cost quadratic time and
// memory). It stops when ctx ends.
func checkKeys(ctx context.Context, body []byte) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	var path []step
	tokens := 0
	var walk func() error
	walk = func() error {
		if tokens++; tokens%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("the check stopped: %w", err)
			}
		}
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				key := kt.(string)
				if seen[key] {
					return fmt.Errorf("key %q is given twice in %s", key, where(path))
				}
				seen[key] = true
				if name, ok := caseInsensitiveField(key); ok {
					return fmt.Errorf("key %q in %s: keys are case-sensitive, did you mean %q?", key, where(path), name)
				}
				path = append(path, step{key: key})
				if err := walk(); err != nil {
					return err
				}
				path = path[:len(path)-1]
			}
			_, err = dec.Token() // '}'
			return err
		case json.Delim('['):
			path = append(path, step{index: 0, inArray: true})
			for i := 0; dec.More(); i++ {
				path[len(path)-1].index = i
				if err := walk(); err != nil {
					return err
				}
			}
			path = path[:len(path)-1]
			_, err = dec.Token() // ']'
			return err
		}
		return nil
	}
	return walk()
}

// caseInsensitiveField returns the request field that key names only
// case-insensitively, if any.
func caseInsensitiveField(key string) (string, bool) {
	if requestKeys[key] || len(key) > longestRequestKey {
		return "", false
	}
	for name := range requestKeys {
		if strings.EqualFold(name, key) {
			return name, true
		}
	}
	return "", false
}

// longestRequestKey is the length in bytes of the longest field name; a
// longer key cannot name one (case folding keeps the length of the names,
// which are ASCII, within a factor of three).
var longestRequestKey = func() int {
	n := 0
	for name := range requestKeys {
		n = max(n, len(name))
	}
	return 3 * n
}()

// step is one step of a position in the request: an object's key or an
// array's index.
type step struct {
	key     string
	index   int
	inArray bool
}

// where names a position in the request for a message.
func where(path []step) string {
	if len(path) == 0 {
		return "the request"
	}
	var b strings.Builder
	for i, s := range path {
		switch {
		case s.inArray:
			fmt.Fprintf(&b, "[%d]", s.index)
		case i > 0:
			b.WriteString("." + s.key)
		default:
			b.WriteString(s.key)
		}
	}
	return b.String()
}
