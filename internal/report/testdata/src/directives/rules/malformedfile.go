// want +1 `^malformed lint:file-ignore directive: it needs a reason$`
//lint:file-ignore ctxbackground

package rules
