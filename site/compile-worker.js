// Downloads and compiles a Go program's WebAssembly off the page's main
// thread (streaming compilation in a worker), so that decoding several
// megabytes of code does not block the page; the compiled module is posted
// back to the page, which instantiates and runs it. Messages to the page:
// {got, total} while downloading (total 0 when the length is unknown),
// then {module} or {error}.
"use strict";

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
    self.postMessage({ module });
  } catch (err) {
    self.postMessage({ error: err.message });
  }
};
