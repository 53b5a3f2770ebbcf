package knowledge

import (
	"strings"
	"unicode"
)

// The words with which code says, in the comment on a statement, that the
// statement is cut from its caller's context on purpose: "use a background
// context so every replica gets the samples even if we return early",
// "unregister no matter what on shutdown", "intentionally an empty
// context". The author has weighed the caller's deadline against the work
// and chosen; a finding there only repeats the choice back.
var (
	// rootPhrases name the fresh context itself.
	rootPhrases = []string{"background context", "context.background", "fresh context", "empty context", "new root context", "separate context", "different context",
		// "runs on its own context", "a non-cancellable context"
		"on its own context", "non-cancellable context", "non-cancelable context", "uncancellable context", "uncancelable context",
		// the root set against the caller's context: "background, not
		// r.Context()", "Background rather than ctx"
		"background, not", "background rather than", "background instead of",
		// "creates a detached context from another context"
		"detached context"}
	// purposePhrases say that something is done whatever happens to the
	// caller; they count next to a word about the caller's context.
	purposePhrases = []string{
		"even if", "even when", "even after", "no matter", "regardless of",
		"intentional", "on purpose", "deliberate",
		"not be cancel", "won't be cancel", "shouldn't be cancel", "mustn't be cancel", "can't be cancel", "not get cancel", "won't get cancel",
		"not be interrupted", "uninterrupted", "detached from", "no need to worry", "nothing to cancel",
		"still run after", "still runs after", "still execute after",
		// "valid for longer than just the creation context", "the span
		// but not the cancellation"
		"valid for longer", "to live longer", "to last longer", "must outlive", "should outlive", "to outlive", "not the cancel",
		// "overwrite ctx, so we no longer enforce the timeouts or cancels
		// from ctx"
		"no longer enforce", "no longer honour", "no longer honor", "no longer apply", "no longer applies",
	}
	// constraintPhrases name a consequence the author avoids ("if we
	// provided the outer context the puts may be cancelled") or a
	// constraint ("we cannot use ctx just for dialing"); they count next
	// to the context itself (contextWords), not any caller word.
	constraintPhrases = []string{
		"may be cancel", "might be cancel", "could be cancel", "would be cancel", "would get cancel",
		// "we use the overall gobuild.ctx because the Build ctx gets
		// cancelled early"
		"cancelled early", "canceled early", "cancelled too early", "canceled too early", "cancelled too soon", "canceled too soon",
		// "use the service context here to avoid the parent context
		// being ended during the update"
		"being ended", "being cancelled", "being canceled",
		"cannot use", "can't use", "can not use", "don't want", "do not want", "don't use", "do not use",
		// "we don't need to extend from base ctx as it might have a
		// timeout"
		"don't need to extend", "do not need to extend", "don't need to derive", "do not need to derive", "no need to derive", "no need to extend",
		// "the stream's own context is used here, and the one the
		// caller passes in is ignored": the parameter is set aside
		"is ignored", "is deliberately ignored", "is intentionally ignored",
	}
	contextWords = []string{"context", "ctx"}
	// callerWords are the words about the caller's context, or about the
	// caller leaving ("regardless of whether upstream gives up").
	callerWords = []string{"context", "ctx", "cancel", "deadline", "timeout", "shutdown", "caller", "request", "upstream", "gives up", "give up", "gave up", "disconnect"}
)

// SaysDetached reports whether a comment says that the code it is on is
// detached from its caller's context on purpose. A to-do note never does:
// "TODO: pass a proper context instead of context.Background()" asks for
// the fix.
func SaysDetached(comment string) bool {
	text, ok := plain(comment)
	return ok && (hasPhrase(text, rootPhrases) || givesReason(text))
}

// SaysWhyDetached reports whether a comment gives the reason the code is
// detached: a purpose next to a word about the caller's context, in one
// sentence ("no need to worry about cancellation"), not just a name for
// the root ("performs the request with an empty context" describes a
// convenience wrapper). A function's doc comment must say this much.
func SaysWhyDetached(comment string) bool {
	text, ok := plain(comment)
	return ok && givesReason(text)
}

// onRootPhrases say, in a comment trailing the line that makes the root,
// what the root is for: "ctx := context.Background() // we've got the
// keys, don't time out when persisting them". Elsewhere ("a heartbeat
// ensures the peers don't time out") they are about something else.
var onRootPhrases = []string{"don't time out", "doesn't time out", "won't time out", "not time out"}

// SaysWhyOnRoot reports whether a comment trailing the line that only
// makes a fresh root gives a reason for it: what SaysWhyDetached asks, or,
// as the root is what the line is about, a purpose alone ("even if the
// request fails", "don't time out when persisting").
func SaysWhyOnRoot(comment string) bool {
	text, ok := plain(comment)
	return ok && (givesReason(text) || hasPhrase(text, purposePhrases) || hasPhrase(text, onRootPhrases))
}

// SaysWhyRooted reports whether a comment both names the fresh context
// and gives the reason for it ("use context.Background() to ensure the
// metadata save completes even if the HTTP request is cancelled"): said
// once, it speaks for the code that follows it in its block.
func SaysWhyRooted(comment string) bool {
	text, ok := plain(comment)
	return ok && hasPhrase(text, rootPhrases) && givesReason(text)
}

// givesReason reports whether a sentence of text names a purpose and the
// caller's context, or a constraint and the context.
func givesReason(text string) bool {
	for sentence := range strings.SplitSeq(text, ". ") {
		if hasPhrase(sentence, purposePhrases) && hasPhrase(sentence, callerWords) ||
			hasPhrase(sentence, constraintPhrases) && namesContext(sentence) {
			return true
		}
	}
	return false
}

// namesContext reports whether text names a context: the word itself, or
// a variable named for one ("we don't use the passed in apiCtx here").
func namesContext(text string) bool {
	if hasPhrase(text, contextWords) {
		return true
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if strings.HasSuffix(w, "ctx") {
			return true
		}
	}
	return false
}

// hasPhrase reports whether one of the phrases starts a word of text
// ("intentional" is not in "unintentionally").
func hasPhrase(text string, phrases []string) bool {
	for _, p := range phrases {
		for i := 0; ; {
			j := strings.Index(text[i:], p)
			if j < 0 {
				break
			}
			at := i + j
			if at == 0 || !unicode.IsLetter(rune(text[at-1])) {
				return true
			}
			i = at + 1
		}
	}
	return false
}

// plain returns a comment's words in lower case, one space apart, and
// false for a to-do note about the context ("TODO: pass a proper
// context"). A to-do about something else ("TODO: make this timeout
// configurable") is cut off, and the words before it stand.
func plain(comment string) (string, bool) {
	text := strings.ToLower(comment)
	if i := firstIndex(text, []string{"todo", "fixme", "xxx", "hack"}); i >= 0 {
		if hasWord(text[i:], []string{"context", "ctx", "cancel", "deadline"}) {
			return "", false
		}
		text = text[:i]
	}
	return strings.Join(strings.Fields(strings.NewReplacer("//", " ", "/*", " ", "*/", " ", "_", " ", "`", " ", "[", " ", "]", " ").Replace(text)), " "), true
}

// firstIndex returns where the first of words occurs in text, -1 if none
// does.
func firstIndex(text string, words []string) int {
	first := -1
	for _, w := range words {
		if i := strings.Index(text, w); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	return first
}

// testSupportPhrases say that a package exists for tests: "Package
// sandboxconn provides a fake QueryService implementation for tests".
var testSupportPhrases = []string{
	"for tests", "for testing", "for use in tests", "for unit tests", "for integration tests",
	"used in tests", "used by tests", "test double", "test framework", "testing framework",
}

// SaysTestSupport reports whether a package's doc comment says, in its
// first sentence, that the package is there for tests.
func SaysTestSupport(doc string) bool {
	text, _ := plain(doc)
	first, _, _ := strings.Cut(text, ". ")
	return hasPhrase(first, testSupportPhrases)
}
