// Downloads and compiles a Go program's WebAssembly off the page's main
// thread (streaming compilation in a worker), so that decoding several
// megabytes of code does not block the page; the compiled module is posted
// back to the page, which instantiates and runs it. Before posting it, the
// worker runs the program (where there is no document, its main does its
// first frames' pure-Go work and returns): the browser compiles a module's
// functions when they are first called, in the thread that calls them,
// then optimises the hot ones on its own threads, and the compiled code
// goes with the module, so that work happens here instead of in the
// page's start (a bare Go program's start took 170-320 ms of a main
// thread slowed 4x when cold, 14-29 ms once compiled). The page asks for
// {file, settles}; messages to it: {got, total} while downloading (total 0
// when the length is unknown), then {module, warm} (warm: {failed, runs,
// ms}, see warmUp) or {error}.
"use strict";

// runOnce runs the Go program once in this worker, where it only starts,
// does its first frames' pure-Go work and returns; it resolves to "" when
// the program ran to its end, else to what went wrong.
async function runOnce(module) {
  const go = new Go();
  let code = 0;
  go.exit = (c) => { code = c; };
  await go.run(await WebAssembly.instantiate(module, go.importObject));
  return code === 0 ? "" : `the program exited with code ${code}`;
}

// A settling warm-up runs the program until steadyRuns runs in a row each
// took within a factor steadyRatio of the fastest run before them (the
// first run, which compiles, not counted), then waits as long again for
// the optimising the last runs started; all of it within warmAtMostMs.
// When the first run is about as fast as the second, the browser had the
// code compiled and optimised already (its code cache, on a later visit):
// the warm-up ends there.
const steadyRuns = 2, steadyRatio = 1.5, warmAtMostMs = 2000;

// warmUp runs the program once, or, when it settles (the program a visit
// lands on), until its runs take a steady time: the first run compiles the
// start's functions; those it makes hot, the browser then optimises on its
// own threads, and each run that finds more of them optimised is faster.
// On a two-core machine that optimising, when it went on beside the
// page's start, took the cores the page needed: the start's tasks ran
// three times longer in wall time than in CPU time. With this warm-up,
// on a phone emulation with the CPU slowed 4x, the main thread's blocking
// in the 5 s after load went from 531-1,066 to 159-393 ms (three runs
// each), the pictures live about as soon. It resolves to {failed, runs,
// ms}: what went wrong ("" when nothing did; the page runs the program
// anyway, a warm-up only moves work here), the runs, and the time the
// warm-up took, its wait included.
async function warmUp(module, settles) {
  try {
    if (typeof Go !== "function") importScripts("wasm_exec.js");
  } catch (err) {
    return { failed: err.message, runs: 0, ms: 0 };
  }
  const since = performance.now();
  let first = 0;
  let fastest = Infinity;
  let steady = 0;
  let runs = 0;
  while (runs === 0 || settles && steady < steadyRuns && performance.now() - since < warmAtMostMs) {
    const t0 = performance.now();
    let failed;
    try {
      failed = await runOnce(module);
    } catch (err) {
      failed = err.message;
    }
    runs++;
    if (failed) return { failed, runs, ms: performance.now() - since };
    const took = performance.now() - t0;
    if (runs === 1) { // it compiled, unless the code was cached
      first = took;
      continue;
    }
    if (runs === 2 && first <= steadyRatio * took) return { failed: "", runs, ms: performance.now() - since };
    steady = took <= steadyRatio * fastest && took >= fastest / steadyRatio ? steady + 1 : 0;
    fastest = Math.min(fastest, took);
  }
  const ran = performance.now() - since;
  if (settles) await new Promise((resolve) => setTimeout(resolve, Math.min(ran, warmAtMostMs - ran)));
  return { failed: "", runs, ms: performance.now() - since };
}

self.onmessage = async (event) => {
  const { file, settles } = event.data;
  try {
    const resp = await fetch(file);
    if (!resp.ok) throw new Error(`${file}: the server answered ${resp.status} ${resp.statusText}`);
    // A compressed response's Content-Length counts compressed bytes, the
    // stream gives them inflated: then the total is unknown.
    const total = resp.headers.get("Content-Encoding") ? 0 : Number(resp.headers.get("Content-Length")) || 0;
    let got = 0;
    let told = 0;
    const counted = resp.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        got += chunk.length;
        if (got - told > 1 << 16) { // a message per 64 KiB, not per chunk
          told = got;
          self.postMessage({ got, total });
        }
        controller.enqueue(chunk);
      },
      flush() {
        self.postMessage({ got, total, done: true });
      },
    }));
    const module = await WebAssembly.compileStreaming(new Response(counted, { headers: { "Content-Type": "application/wasm" } }));
    self.postMessage({ module, warm: await warmUp(module, settles) });
  } catch (err) {
    self.postMessage({ error: err.message });
  }
};
