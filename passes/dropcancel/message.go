package dropcancel

// The knowledge table's Advice and Fix are templates ({ctx}, {q}, {recv},
// {args}, {0}...); this file fills them in.

import (
	"strconv"
	"strings"
)

// expand fills a template's {name} placeholders; those without a value
// become missing. Other braces (Dialer{}) are literal.
func expand(tmpl string, vars map[string]string, missing string) string {
	var b strings.Builder
	for {
		open := strings.IndexByte(tmpl, '{')
		if open < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:open])
		tmpl = tmpl[open:]
		end := strings.IndexByte(tmpl, '}')
		if end < 0 || !isPlaceholder(tmpl[1:end]) {
			b.WriteByte('{')
			tmpl = tmpl[1:]
			continue
		}
		if v, ok := vars[tmpl[1:end]]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(missing)
		}
		tmpl = tmpl[end+1:]
	}
}

// expandAll is expand that fails when a placeholder has no value.
func expandAll(tmpl string, vars map[string]string) (string, bool) {
	const sentinel = "\x00"
	s := expand(tmpl, vars, sentinel)
	return s, !strings.Contains(s, sentinel)
}

func isPlaceholder(key string) bool {
	switch key {
	case "ctx", "q", "recv", "args":
		return true
	}
	_, err := strconv.Atoi(key)
	return err == nil
}
