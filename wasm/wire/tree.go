package wire

import (
	"fmt"
	"math"
	"reflect"
	"strings"
)

// Tree returns v as the generic tree a JSON text parses to (objects as
// map[string]any, arrays as []any, numbers as float64), following the
// json tags as encoding/json does: embedded structs are flattened,
// omitempty fields left out when empty, nil pointers, slices and maps are
// nil. The page hands the tree to the browser, whose JSON.stringify writes
// the request.
func Tree(v any) any { return tree(reflect.ValueOf(v)) }

func tree(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Invalid:
		return nil
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return tree(v.Elem())
	case reflect.Struct:
		out := map[string]any{}
		addFields(out, v)
		return out
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return nil
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = tree(v.Index(i))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		out := make(map[string]any, v.Len())
		for it := v.MapRange(); it.Next(); {
			out[fmt.Sprint(it.Key().Interface())] = tree(it.Value())
		}
		return out
	case reflect.String:
		return v.String()
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return v.Float()
	}
	return nil
}

// jsonField is a struct field's JSON name and options.
func jsonField(f reflect.StructField) (name string, omitEmpty, flatten bool) {
	tag := f.Tag.Get("json")
	name, opts, _ := strings.Cut(tag, ",")
	if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
		return "", false, true
	}
	if name == "" {
		name = f.Name
	}
	return name, strings.Contains(","+opts+",", ",omitempty,"), false
}

// addFields puts v's exported fields into out.
func addFields(out map[string]any, v reflect.Value) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		name, omitEmpty, flatten := jsonField(f)
		if flatten {
			addFields(out, v.Field(i))
			continue
		}
		if omitEmpty && v.Field(i).IsZero() || omitEmpty && isEmpty(v.Field(i)) {
			continue
		}
		out[name] = tree(v.Field(i))
	}
}

// isEmpty is encoding/json's notion of empty for omitempty.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.String, reflect.Array:
		return v.Len() == 0
	}
	return v.IsZero()
}

// FromTree fills dst (a pointer) from a tree as a JSON text parses to,
// following the json tags as Tree does; a value of the wrong kind is an
// error that names its field.
func FromTree(t any, dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("wire: FromTree needs a non-nil pointer, not %T", dst)
	}
	return fill(v.Elem(), t, "")
}

func fill(v reflect.Value, t any, path string) error {
	if t == nil {
		v.SetZero()
		return nil
	}
	wrong := func() error {
		return fmt.Errorf("field %q: %T is not a %s", strings.TrimPrefix(path, "."), t, v.Type())
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := fill(p.Elem(), t, path); err != nil {
			return err
		}
		v.Set(p)
	case reflect.Interface:
		v.Set(reflect.ValueOf(t))
	case reflect.Struct:
		m, ok := t.(map[string]any)
		if !ok {
			return wrong()
		}
		return fillFields(v, m, path)
	case reflect.Slice:
		a, ok := t.([]any)
		if !ok {
			return wrong()
		}
		s := reflect.MakeSlice(v.Type(), len(a), len(a))
		for i, e := range a {
			if err := fill(s.Index(i), e, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Map: // the answers' maps are parameters: name to number
		m, ok := t.(map[string]any)
		if !ok || v.Type() != reflect.TypeFor[map[string]float64]() {
			return wrong()
		}
		out := make(map[string]float64, len(m))
		for k, e := range m {
			f, ok := e.(float64)
			if !ok {
				return fmt.Errorf("field %q: %T is not a number", strings.TrimPrefix(path+"."+k, "."), e)
			}
			out[k] = f
		}
		v.Set(reflect.ValueOf(out))
	case reflect.String:
		s, ok := t.(string)
		if !ok {
			return wrong()
		}
		v.SetString(s)
	case reflect.Bool:
		b, ok := t.(bool)
		if !ok {
			return wrong()
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f, ok := t.(float64)
		if !ok || f != math.Trunc(f) || v.OverflowInt(int64(f)) {
			return wrong()
		}
		v.SetInt(int64(f))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		f, ok := t.(float64)
		if !ok || f < 0 || f != math.Trunc(f) || v.OverflowUint(uint64(f)) {
			return wrong()
		}
		v.SetUint(uint64(f))
	case reflect.Float32, reflect.Float64:
		f, ok := t.(float64)
		if !ok {
			return wrong()
		}
		v.SetFloat(f)
	default:
		return wrong()
	}
	return nil
}

// fillFields fills a struct's fields from an object's members (members
// the struct does not have are left out, as encoding/json does).
func fillFields(v reflect.Value, m map[string]any, path string) error {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		name, _, flatten := jsonField(f)
		if flatten {
			if err := fillFields(v.Field(i), m, path); err != nil {
				return err
			}
			continue
		}
		e, ok := m[name]
		if !ok {
			continue
		}
		if err := fill(v.Field(i), e, path+"."+name); err != nil {
			return err
		}
	}
	return nil
}
