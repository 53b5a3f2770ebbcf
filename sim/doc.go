// Package sim is budgetlint's reference simulator: the models of the
// documents in shared/seeds, rewritten as plain deterministic Go on a logical
// clock, so that every finding can be priced in the documents' own numbers.
//
// Three models live here, one per document:
//
//   - the hop chain (seed 003): the same call graph under fixed per-hop
//     timeouts and under a propagated budget, counting what the user waits
//     and how much work runs on after the caller gave up ([SimulateHops]);
//   - the split (seed 000): a 180 ms share split across two consecutive reads
//     by a greedy, equal or weighted policy, under a failure-free day and a
//     tariff slowdown, with and without a cancellation signal, converted to
//     held slots by L = lambda x W ([SimulateSplit]);
//   - budget-aware retries (seed 004): attempts with a per-attempt timeout and
//     backoff, run blind or checked against the caller's deadline, and a
//     chain of fixed per-layer timeouts ([SimulateRetry]).
//
// Nothing here measures real time: durations are read from the
// configuration, so a run prints the same figures on every machine. Every
// number the documents use is a default in an exported config struct, and
// every one can be overridden. The text reports reproduce the documents'
// printed output byte for byte with the default configuration, including the
// rounding of the languages the documents were written in (JavaScript's
// toFixed, Python's %-10d).
//
// The package depends on the standard library only.
package sim
