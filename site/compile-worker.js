// Downloads and compiles a Go program's WebAssembly off the page's main
// thread (streaming compilation in a worker), so that decoding several
// megabytes of code does not block the page; the compiled module is posted
// back to the page, which instantiates and runs it. Before posting it, the
// worker runs the program once (where there is no document, its main does
// its first frames' pure-Go work and returns): the browser compiles a
// module's functions when they are first called, in the thread that calls
// them, and the compiled code goes with the module, so the start is
// compiled here instead of in a long task of the page (a bare Go program's
// start took 170-320 ms of a main thread slowed 4x when cold, 14-29 ms
// once compiled). Messages to the page: {got, total} while downloading
// (total 0 when the length is unknown), then {module, warm} (warm: "" or
// why the warm-up failed) or {error}.
"use strict";

// warmUp runs the Go program once in this worker, where it only starts,
// does its first frames' pure-Go work and returns; it resolves to "" when
// the program ran to its end, else to what went wrong (the page runs the
// program anyway: a warm-up only moves the compiling here).
async function warmUp(module) {
  try {
    if (typeof Go !== "function") importScripts("wasm_exec.js");
    const go = new Go();
    let code = 0;
    go.exit = (c) => { code = c; };
    await go.run(await WebAssembly.instantiate(module, go.importObject));
    return code === 0 ? "" : `the program exited with code ${code}`;
  } catch (err) {
    return err.message;
  }
}

self.onmessage = async (event) => {
  const file = event.data.file;
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
    const warm = await warmUp(module);
    self.postMessage({ module, warm });
  } catch (err) {
    self.postMessage({ error: err.message });
  }
};
