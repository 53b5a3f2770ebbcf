// want +1 `^stale lint:file-ignore directive: it suppresses no ctxbackground finding; remove it$`
//lint:file-ignore ctxbackground nothing here roots a context any more

package rules

func Other() {}
