package knowledge

import "strings"

// The words with which code says, in the comment on a statement, that the
// statement is cut from its caller's context on purpose: "use a background
// context so every replica gets the samples even if we return early",
// "unregister no matter what on shutdown", "intentionally an empty
// context". The author has weighed the caller's deadline against the work
// and chosen; a finding there only repeats the choice back.
var (
	// rootPhrases name the fresh context itself.
	rootPhrases = []string{"background context", "context.background", "fresh context", "empty context", "new root context"}
	// purposePhrases say that something is done whatever happens to the
	// caller; they count next to a word about the caller's context.
	purposePhrases = []string{
		"even if", "even when", "even after", "no matter", "regardless of",
		"intentional", "on purpose", "deliberate", "must outlive", "should outlive",
		"must not be cancel", "should not be cancel", "shouldn't be cancel",
		"not be interrupted", "detached from",
	}
	// callerWords are the words about the caller's context.
	callerWords = []string{"context", "ctx", "cancel", "deadline", "timeout", "shutdown", "caller", "request"}
)

// SaysDetached reports whether a comment says that the code it is on is
// detached from its caller's context on purpose. A to-do note never does:
// "TODO: pass a proper context instead of context.Background()" asks for
// the fix.
func SaysDetached(comment string) bool {
	text := strings.ToLower(comment)
	if hasWord(text, []string{"todo", "fixme", "xxx", "hack"}) {
		return false
	}
	text = strings.Join(strings.Fields(strings.NewReplacer("//", " ", "/*", " ", "*/", " ", "_", " ", "`", " ", "[", " ", "]", " ").Replace(text)), " ")
	if hasWord(text, rootPhrases) {
		return true
	}
	return hasWord(text, purposePhrases) && hasWord(text, callerWords)
}
