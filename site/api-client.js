// unitfreeApi.call(method, path, body) sends a request to the API running in
// a Web Worker of this page (api-worker.js) and resolves to
// {status, headers, body}, and unitfreeApi.json(text) parses an answer; the worker starts on the first call, so the page never
// waits for the API's WebAssembly unless it uses it.
"use strict";

window.unitfreeApi = (function () {
  let worker = null;
  let nextId = 1;
  const pending = new Map();

  function start() {
    worker = new Worker("api-worker.js", { type: "module" });
    worker.onmessage = (event) => {
      const { id, status, headers, body, error } = event.data;
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      if (error !== undefined) p.reject(new Error(error));
      else p.resolve({ status, headers, body });
    };
    worker.onerror = (event) => {
      const err = new Error("the API worker failed: " + (event.message || "it could not load"));
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      worker = null;
    };
  }

  return {
    // json parses a body, or returns undefined when it is not JSON.
    json(text) {
      try {
        return JSON.parse(text);
      } catch (err) {
        return undefined;
      }
    },
    call(method, path, body) {
      if (!worker) start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, method, path, body });
      });
    },
  };
})();
