package knowledge

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest/table"
)

func TestSaysDetached(t *testing.T) {
	table.Check(t, "SaysDetached", SaysDetached, map[string]bool{
		"Use a background context to make sure all replicas get the request even if we return early.":                true,
		"we are using a background context here for the batches _even if_ our\ncontext (`ctx`) is canceled":          true,
		"When the context is canceled, the barrier should still wait. Therefore,\nwe use [context.Background] here.": true,
		"Intentionally creating an empty context so the retrieval cannot use ambient values.":                        true,
		"On shutdown we want to unregister no matter what.":                                                          true,
		"TODO: see if we can get a proper context in here, for true cancellation":                                    false,
		"FIXME: this should not use a background context":                                                            false,
		"Push even if the batch is empty.":                                                                           false,
		"Sleep before retrying, with exponential backoff.":                                                           false,
		"Detach the loop device.":                                                                                                false,
		"Detached creates a detached context from another context.":                                                              true,
		"This is all happening in memory, no need to worry about cancellation.":                                                  true,
		"No need to worry, the cache is warm.":                                                                                   false,
		"we have the state now so let's process regardless of whether upstream gives up":                                         true,
		"Store the upload even if the client disconnects.":                                                                       true,
		"Retry regardless of the error code.":                                                                                    false,
		"We don't want to give the outer context to the puts, as we return early. If we provided it, the puts may be cancelled.": true,
		"The library couples dial and connection contexts. Because of that, we cannot use ctx just for dialing.":                 true,
		"Use a separate context for the websocket, so pages close first.":                                                        true,
		"This may be cancelled at any time.":                                                                                     false,
		"reload uninterrupted by context. shard's context will be cancelled by shutdown anyway":                                  true,
		"The upload runs uninterrupted once started.":                                                                            false,
		"We cannot use the cached value here.":                                                                                   false,
		"Notify with the background context, so the messages go on the shared stream.\nTODO: make this timeout configurable.":    true,
		"TODO: make this timeout configurable.\nUse a background context so it runs even if we return early.":                    false,
		"Use a background context here.\nXXX: the caller's ctx would be better.":                                                 false,
		"background, not r.Context(): a client disconnect must not orphan replica deletes":                                       true,
		"Background rather than ctx, so the deletes finish.":                                                                     true,
		"Refresh the background notifications list.":                                                                             false,
		"The context needs to be valid for longer than just the creation context, so we create a new one.":                       true,
		"We want the span from the context, but not the cancellation that comes with it.":                                        true,
		"Shelling out: the process outlives the caller.":                                                                         false,
		"The request takes longer than the timeout allows.":                                                                      false,
		"Note: we don't use the passed in apiCtx here as it could be tied to a timeout":                                          true,
		"Don't use this helper on hot paths.":                                                                                    false,
		"TODO: don't use apiCtx here.":                                                                                           false,
		"The object is committed, so the cleanup below runs on its own context.":                                                 true,
		"Queue the mutation with a non-cancellable context.":                                                                     true,
		"Close it with its own context lock.":                                                                                    false,
		"We use the overall gobuild.ctx because the Build ctx gets cancelled early, and we read the image lazily.":               true,
		"The job was cancelled early.":                                                                                           false,
		"Note: use the service context here to avoid the parent context being ended during an update.":                           true,
		"The job is being cancelled.":                                                                                            false,
		"Overwrite ctx, so we no longer enforce the timeouts or cancels from ctx.":                                               true,
		"The old flag no longer applies.":                                                                                        false,
		"We don't need to extend from base ctx as it might have a timeout. This timeout is only to find the proposal back.":      true,
		"We don't need to extend the lease.":                                                                                     false,
	})
}

func TestSaysWhyRooted(t *testing.T) {
	table.Check(t, "SaysWhyRooted", SaysWhyRooted, map[string]bool{
		"Save the metadata. Use context.Background() so the save completes even if the request is cancelled.": true,
		"Use a background context here.":                                                         false,
		"The save must complete even if the request is cancelled.":                               false,
		"TODO: use context.Background() so the save completes even if the request is cancelled.": false,
	})
}

func TestSaysWhyDetached(t *testing.T) {
	table.Check(t, "SaysWhyDetached", SaysWhyDetached, map[string]bool{
		"Version performs the version request to the CA with an empty context.":                                  false,
		"releaseLock uses a fresh context so it can still execute after the caller's context is cancelled.":      true,
		"This is all happening in memory, no need to worry about cancellation.":                                  true,
		"This is useful for creating background tasks which won't be cancelled when a request completes.":        true,
		"Close releases the pool; it won't block.":                                                               false,
		"Send writes on the connection's own context, which carries the codec; the context argument is ignored.": true,
		"Send ignores errors from the codec.":                                                                    false,
		"The deadline of the write is ignored by the codec.":                                                     false,
	})
}

func TestSaysWhyOnRoot(t *testing.T) {
	table.Check(t, "SaysWhyOnRoot", SaysWhyOnRoot, map[string]bool{
		"we've got the keys, don't time out when persisting them to the database.": true,
		"keep going even if the request fails":                                     true,
		"no need to worry about cancellation: in memory":                           true,
		"in memory":                         false,
		"TODO: don't time out here":         false,
		"Requests time out after a minute.": false,
	})
}

func TestSaysTestSupport(t *testing.T) {
	table.Check(t, "SaysTestSupport", SaysTestSupport, map[string]bool{
		"Package sandboxconn provides a fake QueryService implementation for tests.":                                  true,
		"Package framework is the test framework the end-to-end suite starts its servers with.":                       true,
		"Package fakes holds test doubles of the storage interfaces.":                                                 true,
		"Package clock wraps time. A fake clock for tests lives in package clocktest.":                                false,
		"Package retry retries operations with backoff.":                                                              false,
		"Package observe covers roots that reach nothing, detached closures and test helpers outside _test.go files.": false,
		"Package attest verifies attestations.":                                                                       false,
	})
}
