// Package nested holds closures nested deeply: the context of the outermost
// function reaches the innermost closure, a closure with its own context
// parameter takes over below it, and a go statement anywhere above
// detaches what is below.
package nested

import (
	"context"
	"net/http"
	"time"
)

func Deep(ctx context.Context) {
	func() {
		func() {
			func() {
				func() {
					func() {
						func() {
							func() {
								func() {
									func() {
										func() {
											func() {
												func() {
													func() {
														func() {
															func() {
																func() {
																	func() {
																		func() {
																			func() {
																				func() {
																					func() {
																						func() {
																							func() {
																								func() {
																									_ = context.Background() // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
																									for {
																										time.Sleep(time.Second) // want `fixedtimeout: 1s sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
																									}
																								}()
																							}()
																						}()
																					}()
																				}()
																			}()
																		}()
																	}()
																}()
															}()
														}()
													}()
												}()
											}()
										}()
									}()
								}()
							}()
						}()
					}()
				}()
			}()
		}()
	}()
}

// A closure with its own context below the handler's: its parameter is the
// one to use.
func Shadow(w http.ResponseWriter, r *http.Request) {
	run := func(ctx context.Context) {
		func() {
			func() {
				_ = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
			}()
		}()
	}
	run(r.Context())
	func() {
		func() {
			_ = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where r.Context\(\) is in scope, so the caller's deadline and cancellation are lost; use r\.Context\(\)`
		}()
	}()
}

// A go statement high up detaches everything below it.
func Detached(ctx context.Context) {
	go func() {
		func() {
			func() {
				_ = context.Background()
				for {
					time.Sleep(time.Second)
				}
			}()
		}()
	}()
}

// Closures returned run after the function with the context: detached.
func Factory(ctx context.Context) func() func() context.Context {
	return func() func() context.Context {
		return func() context.Context {
			return context.TODO()
		}
	}
}

// A package-level closure is off the request path, however deep.
var handler = func() func() {
	return func() {
		func() {
			_ = context.Background()
		}()
	}
}()

// A package-level closure with a context parameter is on it.
var withCtx = func(ctx context.Context) {
	func() {
		_ = context.Background() // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	}()
}
