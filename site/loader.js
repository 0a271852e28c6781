// Loads the playground's WebAssembly with a visible progress state; if it
// cannot load or stops, the page says why instead of staying blank. The
// other rooms are a second program (rooms.wasm), loaded the same way when
// one of them is first shown (window.unitfreeLoadRooms, called by the
// playground).
"use strict";

(function () {
  const recent = []; // the Go programs' last output lines, for error reports

  // unitfreeFail shows a load or run failure of the playground to the user.
  window.unitfreeFail = function (message) {
    document.getElementById("loading").hidden = false;
    document.getElementById("app").hidden = true;
    document.getElementById("load-status").textContent = "The playground could not run.";
    document.getElementById("load-progress").hidden = true;
    const box = document.getElementById("load-error");
    box.textContent = message;
    box.hidden = false;
    document.body.dataset.failed = "true";
  };

  // Keep the last lines the Go runtime prints (a panic's message among them).
  const log = console.log.bind(console);
  console.log = function (...args) {
    recent.push(args.join(" "));
    if (recent.length > 20) recent.shift();
    log(...args);
  };

  // progressResponse wraps a response so that reading it (by the streaming
  // compiler) moves a progress bar and its status line.
  function progressResponse(resp, bar, status, what) {
    // A compressed response's Content-Length counts compressed bytes, the
    // stream gives them inflated: then the bar only moves on (no percent).
    const total = resp.headers.get("Content-Encoding") ? 0 : Number(resp.headers.get("Content-Length")) || 0;
    if (!resp.body) {
      bar.removeAttribute("value");
      return resp;
    }
    let got = 0;
    const reader = resp.body.getReader();
    const stream = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          status.textContent = "Compiling…";
          return;
        }
        got += value.length;
        if (total) {
          bar.value = got / total;
          status.textContent = `Loading ${what}… ${Math.round((100 * got) / total)} %`;
        } else {
          bar.removeAttribute("value");
          status.textContent = `Loading ${what}… ${(got / 1e6).toFixed(1)} MB`;
        }
        controller.enqueue(value);
      },
    });
    return new Response(stream, { headers: { "Content-Type": "application/wasm" } });
  }

  // run downloads, compiles (streaming) and starts a Go program, calling
  // compiled (if given) between the two; it resolves when the program is
  // running, to its exit as a promise, which never resolves while the
  // program works.
  async function run(file, bar, status, what, compiled) {
    if (typeof WebAssembly !== "object") {
      throw new Error("this browser cannot run WebAssembly.");
    }
    if (typeof Go !== "function") {
      throw new Error("wasm_exec.js did not load (Go's WebAssembly support script).");
    }
    const resp = await fetch(file);
    if (!resp.ok) throw new Error(`${file}: the server answered ${resp.status} ${resp.statusText}`);
    const go = new Go();
    // Streaming compilation: the module compiles while it downloads.
    const { instance } = await WebAssembly.instantiateStreaming(progressResponse(resp, bar, status, what), go.importObject);
    if (compiled) compiled();
    status.textContent = "Starting…";
    return { exited: go.run(instance) };
  }

  // stopped explains a program's exit: any exit is a failure.
  function stopped(what) {
    const start = recent.findIndex((l) => l.startsWith("panic:"));
    const detail = start >= 0 ? " " + recent.slice(start).join("\n") : "";
    return `The ${what} stopped unexpectedly.${detail}`;
  }

  async function start() {
    const { exited } = await run("playground.wasm", document.getElementById("load-progress"),
      document.getElementById("load-status"), "the playground", () => { window.unitfreeLoadMs = performance.now(); });
    await exited;
    if (document.body.dataset.failed !== "true") window.unitfreeFail(stopped("playground"));
  }

  start().catch((err) => window.unitfreeFail("The playground could not be loaded: " + err.message));

  // unitfreeLoadRooms loads the rooms' program once; it shows the room the
  // location names and hides the #rooms-loading box itself.
  let rooms = null;
  window.unitfreeLoadRooms = function () {
    if (rooms) return rooms;
    const box = document.getElementById("rooms-loading");
    const status = document.getElementById("rooms-status");
    const fail = (message) => {
      box.hidden = false;
      status.textContent = "The room could not run.";
      const err = document.getElementById("rooms-error");
      err.textContent = message;
      err.hidden = false;
    };
    box.hidden = false;
    rooms = run("rooms.wasm", document.getElementById("rooms-progress"), status, "the room")
      .then(({ exited }) => exited.then(() => fail(stopped("room"))))
      .catch((err) => fail("The room could not be loaded: " + err.message));
    return rooms;
  };

  // unitfreeDeflate compresses a link's raw state (raw DEFLATE, as Go's
  // compress/flate reads it) with the browser's CompressionStream, so that
  // the WASM carries no compressor; unitfreeLinksPending counts the
  // compressions in flight (tests wait for 0 before reading the link).
  window.unitfreeLinksPending = 0;
  window.unitfreeDeflate = async function (bytes) {
    window.unitfreeLinksPending++;
    try {
      const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    } finally {
      window.unitfreeLinksPending--;
    }
  };

  // unitfreeInflate is the inverse (DecompressionStream), for the
  // playground's links; it rejects damaged data and stops past 1 MiB.
  window.unitfreeInflate = async function (bytes) {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const parts = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > 1 << 20) {
        reader.cancel();
        throw new Error("the link's state is too large");
      }
      parts.push(value);
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };

  // After the first visit the site works offline (sw.js). Service workers
  // need a secure context: https, or localhost.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch((err) => console.log("service worker not registered: " + err.message));
  }
})();
