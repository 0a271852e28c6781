// Loads the playground's WebAssembly with a visible progress state; if it
// cannot load or stops, the page says why instead of staying blank.
"use strict";

(function () {
  const status = document.getElementById("load-status");
  const bar = document.getElementById("load-progress");
  const errorBox = document.getElementById("load-error");
  const recent = []; // the Go program's last output lines, for error reports

  // unitfreeFail shows a load or run failure to the user.
  window.unitfreeFail = function (message) {
    document.getElementById("loading").hidden = false;
    document.getElementById("app").hidden = true;
    status.textContent = "The playground could not run.";
    bar.hidden = true;
    errorBox.textContent = message;
    errorBox.hidden = false;
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
  // compiler) moves the progress bar.
  function progressResponse(resp) {
    const total = Number(resp.headers.get("Content-Length")) || 0;
    if (!resp.body || !total) {
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
        bar.value = got / total;
        status.textContent = `Loading the playground… ${Math.round((100 * got) / total)} %`;
        controller.enqueue(value);
      },
    });
    return new Response(stream, { headers: { "Content-Type": "application/wasm" } });
  }

  async function start() {
    if (typeof WebAssembly !== "object") {
      throw new Error("this browser cannot run WebAssembly.");
    }
    if (typeof Go !== "function") {
      throw new Error("wasm_exec.js did not load (Go's WebAssembly support script).");
    }
    const resp = await fetch("playground.wasm");
    if (!resp.ok) throw new Error(`playground.wasm: the server answered ${resp.status} ${resp.statusText}`);
    const go = new Go();
    // Streaming compilation: the module compiles while it downloads.
    const { instance } = await WebAssembly.instantiateStreaming(progressResponse(resp), go.importObject);
    window.unitfreeLoadMs = performance.now();
    status.textContent = "Starting…";
    await go.run(instance);
    // The program never returns while it works: any exit is a failure.
    const start = recent.findIndex((l) => l.startsWith("panic:"));
    const detail = start >= 0 ? " " + recent.slice(start).join("\n") : "";
    if (document.body.dataset.failed !== "true") {
      window.unitfreeFail("The playground stopped unexpectedly." + detail);
    }
  }

  start().catch((err) => window.unitfreeFail("The playground could not be loaded: " + err.message));

  // After the first visit the site works offline (sw.js). Service workers
  // need a secure context: https, or localhost.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch((err) => console.log("service worker not registered: " + err.message));
  }
})();
