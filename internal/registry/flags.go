package registry

import (
	"flag"
	"reflect"
)

// Saved returns what puts v, the value of an analyzer's flag, back as it
// is now: the tests set options for one test, and the language server for
// one analysis, in a process where every analysis shares them. Setting the
// old text back is not enough: list and map options add what they are set
// to (-inbound.frameworks), so the value itself is copied: a map, or what
// a pointer points to.
func Saved(v flag.Value) (restore func()) {
	rv := reflect.ValueOf(v)
	switch {
	case rv.Kind() == reflect.Map && !rv.IsNil():
		old := reflect.MakeMapWithSize(rv.Type(), rv.Len())
		for it := rv.MapRange(); it.Next(); {
			old.SetMapIndex(it.Key(), it.Value())
		}
		return func() {
			rv.Clear()
			for it := old.MapRange(); it.Next(); {
				rv.SetMapIndex(it.Key(), it.Value())
			}
		}
	case rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().CanSet():
		old := reflect.New(rv.Elem().Type()).Elem()
		old.Set(rv.Elem())
		if old.Kind() == reflect.Slice {
			old.Set(reflect.AppendSlice(reflect.MakeSlice(old.Type(), 0, old.Len()), old))
		}
		return func() { rv.Elem().Set(old) }
	}
	text := v.String()
	return func() { v.Set(text) }
}
