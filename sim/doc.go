// Package sim is budgetlint's reference simulator: small deterministic
// models of what a lost or misused deadline costs, from which every finding
// is priced. They reproduce the figures of the three documents the project
// was built on (kept outside the repository, in shared/seeds: seed 000 on
// splitting a budget, 003 on per-hop timeouts, 004 on budget-aware
// retries); this comment and docs/sim.md describe the models completely, so
// that no one needs those documents to read, check or change them.
//
// Nothing here measures real time. Every duration comes from the
// configuration and the models add them up on a logical clock, so a run
// prints the same figures on every machine. Every number the documents use
// is a default in an exported config struct (DefaultHopsConfig,
// DefaultSplitConfig, DefaultRetryConfig, DefaultOneHopConfig), and every one
// can be overridden. The package depends on the standard library only.
//
// # The hop chain ([SimulateHops], seed 003)
//
// A request crosses a chain of hops, A calling B calling C and so on; each
// hop has its own work (seed 003: A 1000, B 800, C 600, D 400 ms) and then
// calls the next. The chain is run two ways:
//
//   - Fixed per-hop timeouts ([RunFixedTimeouts]): every hop, and the user,
//     waits at most the same timeout (5000 ms) for the hop below. Walking
//     up from the deepest hop, a hop's elapsed time is its own work plus
//     what its callee took as seen by it; when that exceeds the timeout, its
//     caller sees exactly the timeout and the excess is work done after the
//     caller gave up, because nothing tells the hop to stop. The excesses
//     are summed as wasted work; every hop starts.
//   - A propagated budget ([RunPropagatedBudget]): the edge sets one
//     deadline (6000 ms) and every hop is given what remains of it. A hop
//     whose work exceeds what remains stops at the deadline; a hop called
//     with nothing left does not start. Nothing runs after the deadline, so
//     no work is wasted.
//
// Three conditions are run under both: a normal day, the deepest hop hanging
// (D takes 9000 ms) and a hop with hops still below it eating the budget (B
// takes 5500 ms), which is the only condition in which the budget visibly
// skips hops. The table gives, per condition and strategy, what the user
// waits, whether the request succeeded, the wasted work and the hops
// started: 2800/2800 ms on a normal day; with D slow, 5000 ms and 6400 ms
// wasted under fixed timeouts against 6000 ms and none under the budget;
// with B slow, 4/4 hops started against 2/4. Six checks follow (both
// strategies free on the normal path and equal to the sum of the hops, both
// failing with D slow, the budget bounding the wait, wasting strictly less,
// skipping hops with B slow) and a verdict. [WorstCaseFixedChain] is the
// chain in which every hop is slow right up to its timeout: the user leaves
// after one timeout, the last hop stops after n of them.
//
// # The split ([SimulateSplit], seed 000)
//
// A tracking query enters at a gateway and calls two arms in parallel. One
// arm makes a single delivery read; the other, billing, makes two
// consecutive reads, tariff then size. The end-to-end threshold is 200 ms, the
// gateway keeps 20 ms, so each arm has 180 ms. The billing arm splits its
// 180 ms between its two reads by one of three policies: greedy (each read
// may use all that remains: 180/180), equal (90/90) or weighted by the reads'
// typical durations, tariff 6 and size 12 ms (60/120). The size read's limit
// is its share capped by what the tariff read left.
//
// Each read takes its next duration from a fixed cycle of its own: an
// eight-step body repeated twice and one long tail (so 17 steps). On the
// failure-free day the tariff cycle is 6, 7, 6, 8, ... with an 80 ms tail,
// size 12, 13, 12, 14, ... with 100, delivery 8, 9, 8, 10, ... with 40; in
// the tariff slowdown (AY10) only the tariff cycle changes, to 150, 400, 220,
// 400, 180, 300, 260, 400 with a 400 tail. A read with a limit of zero or
// less does not start and does not consume a step. A read that finishes
// within its limit succeeds; one that does not fails at its limit, and,
// unless the caller sends a cancellation signal, the dependency works on to
// the read's full duration: the difference is wasted work.
//
// A run is 48 requests. A request takes the gateway's 20 ms plus the longer
// of its arms (the billing arm's time is its two reads added); it is
// answered when all three reads succeeded and it ended within the threshold,
// and dropped otherwise. A failed read counts against its sub-call (the
// "blame" columns). The median is the sorted end-to-end times' element n/2,
// the worst the largest, the average their mean. Little's law, L = lambda x
// W, converts an average duration into slots held at the peak read rate of
// 416.67 per second; wasted work per request converts the same way into
// abandoned slots. The report prints: the shares; both days' tables (the
// slowdown under greedy: 6 answered, 42 dropped, median 200, 82.4 held
// slots, 5540 ms wasted); the slowdown's busy slots with and without a
// cancellation signal (130.5 greedy and 136.7 equal or weighted without it,
// 82.4 against 40.2 with it); the failure-free day's cost: an 8-byte
// deadline field on each of 5 sub-calls, 40 B a request, 8.3 % of a 480 B
// response, 20.07 KiB/s at the peak edge rate of 513.89 per second, and the
// requests a tight split drops on a healthy day compared with greedy (2 of
// 48, 4.17 %, 17.36 per second at the peak read rate); and how much of the
// monthly 28.2-minute failure share a slowdown of 12 minutes once, twice or
// 24 minutes once takes (42.6 %, 85.1 %, 85.1 %), with what the most of them
// leaves for the rest of the month: 4.2 minutes. The arithmetic is kept in
// float64 milliseconds and, for the seed's figures, rounded as the seed's
// JavaScript does (toFixed rounds an exact tie up, not to even); columns
// whose values are not whole numbers are printed with as few decimals as
// they need, at most two.
//
// # Retries and layers ([SimulateRetry], seed 004)
//
// First a chain of layers (5), each with the same fixed timeout (10 s) on
// the layer below and each slow right up to it: the user gives up after
// 10 s, the last layer works until 50 s. The same chain under one deadline
// set at its edge and carried down (2 s, LayerDeadline) stops every layer by
// then, starting only those it has time for.
//
// Then a retry policy, 3 attempts with a 2 s timeout each and a backoff
// before every retry (100 ms, doubling: the document says only "plus
// backoff", so this is the model's choice), run after 400 ms of the
// request's 2 s deadline are spent (1.6 s left). Unless an attempt fails on
// its own first (FailsAfter), it hangs until its limit. Two strategies:
//
//   - Fixed: every attempt gets its full timeout and every wait is slept,
//     whatever the deadline or the caller does: 3 x 2 s = 6 s plus 300 ms of
//     waits, returning at 6.7 s with 4.4 s of attempts after the caller gave
//     up. There is no wait after the last attempt.
//   - Budget-aware: before each attempt, and before the wait that precedes
//     it, the loop stops if the caller has cancelled; then it computes what
//     would be left of the deadline once the wait is over (less a safety
//     margin). Below the floor (50 ms: the document's helper refuses a
//     smaller budget) or below the least time an attempt needs to finish
//     (MinUseful, 100 ms: the document says an attempt started with 80 ms
//     left cannot succeed, so the default lies above that) the attempt and
//     all after it are skipped and the loop returns at once, without
//     sleeping a wait it has no use for. Otherwise it waits (the wait ends
//     when the caller cancels) and runs the attempt capped to what remains;
//     the attempt carries the cancellation and stops when the caller does.
//     With the defaults it runs one attempt capped to 1.6 s and returns at
//     2 s, skipping two.
//
// The retry loop's deadline (Deadline) and the layer chain's (LayerDeadline)
// are separate parameters with the same default.
//
// # One hop ([SimulateOneHop])
//
// A finding is one hop of a chain, so it is priced with a model of that hop
// alone: a caller with a deadline (2 s, seed 004's) calls through the hop
// into work as slow as seed 003's hanging hop (9 s). If the hop drops the
// deadline (a fresh root context, a call that cannot carry cancellation),
// the work runs to its end, 7 s of it after the caller gave up. If it
// replaces the deadline with a fixed timeout of its own, the work stops at
// that timeout: after the caller gave up (work for nobody) or before (a
// failure with budget left unused). The fix derives from the caller's
// context and stops at the sooner of the deadline and any timeout of its
// own.
//
// # Output
//
// Every report has WriteText (the tables; with default configuration the
// seed 003 and seed 000 tables are those documents' printed output byte for
// byte), MarshalJSON (the same figures, in milliseconds) and WriteSVG (a
// picture drawn with the standard library). The limits on every input are
// MaxHops, MaxAttempts, MaxRequests and MaxDuration.
package sim
