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

  async function fetchWithProgress(url) {
    const resp = await fetch(url);
    if (!resp.ok) throw new Error(`${url}: the server answered ${resp.status} ${resp.statusText}`);
    const total = Number(resp.headers.get("Content-Length")) || 0;
    if (!resp.body || !total) {
      bar.removeAttribute("value");
      return new Uint8Array(await resp.arrayBuffer());
    }
    const reader = resp.body.getReader();
    const bytes = new Uint8Array(total);
    let got = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes.set(value, got);
      got += value.length;
      bar.value = got / total;
      status.textContent = `Loading the playground… ${Math.round((100 * got) / total)} %`;
    }
    return bytes.subarray(0, got);
  }

  async function start() {
    if (typeof WebAssembly !== "object") {
      throw new Error("this browser cannot run WebAssembly.");
    }
    if (typeof Go !== "function") {
      throw new Error("wasm_exec.js did not load (Go's WebAssembly support script).");
    }
    const bytes = await fetchWithProgress("playground.wasm");
    status.textContent = "Compiling…";
    bar.removeAttribute("value");
    const go = new Go();
    const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
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
