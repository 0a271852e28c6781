package api

import (
	"bytes"
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
// field only case-insensitively ("Task" for "task").
func checkKeys(body []byte) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	var walk func(path string) error
	walk = func(path string) error {
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
				if !requestKeys[key] {
					for name := range requestKeys {
						if strings.EqualFold(name, key) {
							return fmt.Errorf("key %q in %s: keys are case-sensitive, did you mean %q?", key, where(path), name)
						}
					}
				}
				if err := walk(path + "." + key); err != nil {
					return err
				}
			}
			_, err = dec.Token() // '}'
			return err
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if err := walk(fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
			_, err = dec.Token() // ']'
			return err
		}
		return nil
	}
	return walk("")
}

// where names a position in the request for a message.
func where(path string) string {
	if path == "" {
		return "the request"
	}
	return strings.TrimPrefix(path, ".")
}
