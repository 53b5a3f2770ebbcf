// Package long holds a handler of some 2,500 lines, as generators and
// hand-grown request handlers produce: findings at its start, middle and
// end, and nothing in between. (Written once by a short script; edit freely.)
package long

import (
	"context"
	"net/http"
	"strconv"
	"time"
)

type state struct {
	n     int
	names []string
	seen  map[string]bool
}

func Handle(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	s := &state{seen: map[string]bool{}}
	_ = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where r.Context\(\) is in scope, so the caller's deadline and cancellation are lost; use r\.Context\(\)`
	s.n += 0
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 1
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 2
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 3
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 4
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 5
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 6
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 7
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 8
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 9
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 10
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 11
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 12
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 13
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 14
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 15
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 16
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 17
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 18
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 19
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 20
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 21
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 22
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 23
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 24
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 25
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 26
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 27
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 28
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 29
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 30
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 31
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 32
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 33
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 34
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 35
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 36
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 37
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 38
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 39
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 40
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 41
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 42
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 43
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 44
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 45
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 46
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 47
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 48
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 49
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 50
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 51
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 52
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 53
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 54
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 55
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 56
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 57
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 58
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 59
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 60
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 61
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 62
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 63
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 64
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 65
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 66
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 67
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 68
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 69
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 70
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 71
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 72
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 73
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 74
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 75
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 76
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 77
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 78
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 79
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 80
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 81
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 82
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 83
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 84
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 85
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 86
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 87
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 88
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 89
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 90
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 91
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 92
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 93
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 94
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 95
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 96
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 97
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 98
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 99
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 100
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 101
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 102
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 103
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 104
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 105
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 106
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 107
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 108
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 109
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 110
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 111
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 112
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 113
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 114
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 115
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 116
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 117
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 118
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 119
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 120
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 121
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 122
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 123
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 124
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 125
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 126
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 127
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 128
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 129
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 130
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 131
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 132
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 133
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 134
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 135
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 136
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 137
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 138
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 139
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 140
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 141
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 142
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 143
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 144
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 145
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 146
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 147
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 148
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 149
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 150
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	for range 100 {
		time.Sleep(10 * time.Millisecond) // want `fixedtimeout: 10ms sleep in a loop that never checks r.Context\(\) ignores the caller's deadline and cancellation; wait in a select on r\.Context\(\)\.Done\(\) and a timer`
	}
	func() {
		defer func() { _ = recover() }()
		_, _ = http.Get("http://example.com/" + strconv.Itoa(s.n)) // want `dropcancel: http.Get cannot be cancelled when the caller gives up; build the request with http\.NewRequestWithContext\(r\.Context\(\), http\.MethodGet, url, nil\) and send it with a client`
	}()
	s.n += 151
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 152
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 153
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 154
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 155
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 156
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 157
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 158
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 159
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 160
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 161
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 162
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 163
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 164
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 165
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 166
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 167
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 168
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 169
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 170
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 171
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 172
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 173
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 174
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 175
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 176
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 177
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 178
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 179
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 180
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 181
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 182
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 183
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 184
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 185
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 186
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 187
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 188
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 189
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 190
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 191
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 192
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 193
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 194
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 195
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 196
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 197
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 198
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 199
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 200
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 201
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 202
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 203
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 204
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 205
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 206
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 207
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 208
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 209
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 210
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 211
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 212
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 213
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 214
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 215
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 216
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 217
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 218
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 219
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 220
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 221
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 222
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 223
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 224
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 225
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 226
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 227
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 228
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 229
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 230
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 231
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 232
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 233
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 234
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 235
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 236
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 237
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 238
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 239
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 240
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 241
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 242
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 243
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 244
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 245
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 246
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 247
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 248
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 249
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 250
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 251
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 252
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 253
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 254
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 255
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 256
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 257
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 258
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 259
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 260
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 261
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 262
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 263
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 264
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 265
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 266
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 267
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 268
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 269
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 270
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 271
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 272
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 273
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 274
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 275
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 276
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 277
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 278
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 279
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 280
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 281
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 282
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 283
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 284
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 285
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 286
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 287
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 288
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 289
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 290
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 291
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 292
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 293
	if s.n%8 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 294
	if s.n%2 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 295
	if s.n%3 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 296
	if s.n%4 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 297
	if s.n%5 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 298
	if s.n%6 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	s.n += 299
	if s.n%7 == 0 {
		name := "k" + strconv.Itoa(s.n)
		if !s.seen[name] {
			s.seen[name] = true
			s.names = append(s.names, name)
		}
	}
	_ = ctx
	cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // want `fixedtimeout: 5s timeout on a fresh context ignores the caller's deadline; derive it from r\.Context\(\) \(from context\.WithoutCancel\(r\.Context\(\)\) if the work must finish after the caller gives up\)`
	defer cancel()
	_ = cctx
	w.Write([]byte(strconv.Itoa(len(s.names))))
}
