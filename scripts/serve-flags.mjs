// The Node.js flags `idv serve` runs with (npm start, the idv command and the benchmarks; package.json's
// start script and bin/idv.js's first line spell them out, test/e2e/cli-start-script.test.ts checks they agree).
//
// A young generation of up to 64 MiB a semi-space (V8's default is 16): a live verification keeps its
// objects for as long as its registry call takes, so with the default a scavenge ran every ~110 ms at 660
// live lookups a second, copied every request in flight and promoted those older than two scavenges; each
// pause held the event loop for 5–15 ms. With 64 MiB scavenges run about four times less often (server CPU
// per request −10% in bench/run.js's fixed-rate scenario). It is a ceiling: V8 grows the space only under
// that allocation rate, at most 128 MiB more memory.
export const SERVE_NODE_FLAGS = ['--max-semi-space-size=64'];
