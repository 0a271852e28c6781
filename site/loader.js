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

  // showProgress moves a progress bar and its status line: got of total
  // bytes (total 0 when the length is unknown: the bar only moves on).
  function showProgress(bar, status, what, got, total, done) {
    if (done) {
      status.textContent = "Compiling…";
    } else if (total) {
      bar.value = got / total;
      status.textContent = `Loading ${what}… ${Math.round((100 * got) / total)} %`;
    } else {
      bar.removeAttribute("value");
      status.textContent = `Loading ${what}… ${(got / 1e6).toFixed(1)} MB`;
    }
  }

  // The compiling worker's warm-up of each program: {failed, runs, ms}.
  window.unitfreeWarmUps = {};

  // compileInWorker downloads and compiles a WebAssembly file in
  // compile-worker.js (streaming compilation off the main thread, then a
  // first run there that compiles the program's start; when the program
  // settles, more runs until the browser has optimised its hot code) and
  // resolves to the module; it rejects if the browser cannot.
  function compileInWorker(file, progress, settles) {
    return new Promise((resolve, reject) => {
      const worker = new Worker("compile-worker.js");
      worker.onerror = (event) => {
        event.preventDefault();
        worker.terminate();
        reject(new Error("the compiling worker failed: " + (event.message || "no message")));
      };
      worker.onmessage = ({ data }) => {
        if ("got" in data) return progress(data.got, data.total, data.done);
        worker.terminate();
        if (data.warm) {
          window.unitfreeWarmUps[file] = data.warm;
          if (data.warm.failed) console.log(`warming ${file} up in the worker failed: ${data.warm.failed}`);
        }
        if (data.module) resolve(data.module);
        else reject(new Error(data.error));
      };
      worker.postMessage({ file, settles });
    });
  }

  // compileHere is the same on the main thread, for a browser without
  // workers: the response is wrapped so that reading it moves the bar.
  async function compileHere(file, progress) {
    const resp = await fetch(file);
    if (!resp.ok) throw new Error(`${file}: the server answered ${resp.status} ${resp.statusText}`);
    const total = resp.headers.get("Content-Encoding") ? 0 : Number(resp.headers.get("Content-Length")) || 0;
    let got = 0;
    const counted = resp.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        got += chunk.length;
        progress(got, total, false);
        controller.enqueue(chunk);
      },
      flush() {
        progress(got, total, true);
      },
    }));
    return WebAssembly.compileStreaming(new Response(counted, { headers: { "Content-Type": "application/wasm" } }));
  }

  // The program a visit lands on settles in the compiling worker (runs
  // there until the browser has optimised its hot code) where the device
  // has few cores: there the optimising, beside the page's start, took the
  // cores the start needed (on two cores its tasks took three times their
  // CPU time). It delays the start: on this 2-core machine the page was
  // interactive 3.1-3.2 s after the navigation instead of 1.9-2.0 s,
  // unthrottled. A program a visitor opens later (a room's first click)
  // never settles: the visitor waits for it.
  const settling = (navigator.hardwareConcurrency || 2) <= 4;

  // A device whose only pointer is a finger (a phone, most tablets).
  const touchFirst = typeof matchMedia === "function" && matchMedia("(hover: none) and (pointer: coarse)").matches;

  // A select shows its chosen option whole in its tooltip: a long option
  // is cut short in the closed select.
  document.addEventListener("change", (e) => {
    const s = e.target;
    if (s instanceof HTMLSelectElement && s.selectedOptions.length > 0) s.title = s.selectedOptions[0].text;
  }, true);

  // Texts that assume a mouse ("Hover…", "right-click") say the touch
  // equivalent, from their data-touch attribute, on a device whose pointer
  // is a finger.
  if (touchFirst) {
    for (const el of document.querySelectorAll("[data-touch]")) el.textContent = el.dataset.touch;
  }
  window.unitfreeTouchFirst = touchFirst;

  // Workers a program runs beside itself, made when its download begins so
  // that their scripts load with it: the units playground computes its
  // heatmaps in picture-worker.js, which waits for the program's module
  // (posted by the program once its first pictures are drawn). The
  // program finds the worker in unitfreeHelpers; unitfreeFailed says why
  // it cannot be used.
  const helperScripts = { "playground.wasm": "picture-worker.js" };
  window.unitfreeHelpers = {};
  function startHelper(file) {
    const script = helperScripts[file];
    if (!script || typeof Worker !== "function" || window.unitfreeHelpers[file]) return;
    const worker = new Worker(script);
    worker.onerror = (event) => {
      event.preventDefault();
      worker.unitfreeFailed = event.message || "its script could not load";
    };
    window.unitfreeHelpers[file] = worker;
  }

  // run downloads, compiles (streaming, in a worker when the browser has
  // them) and starts a Go program, calling compiled (if given) between the
  // two, after waiting for ready (if given: a function returning a
  // promise); it resolves when the program is running, to its exit as a
  // promise, which never resolves while the program works. A program that
  // settles starts once the compiling worker has run it until the browser
  // optimised its hot code (see settling).
  async function run(file, bar, status, what, settles, compiled, ready) {
    if (typeof WebAssembly !== "object") {
      throw new Error("this browser cannot run WebAssembly.");
    }
    if (typeof Go !== "function") {
      throw new Error("wasm_exec.js did not load (Go's WebAssembly support script).");
    }
    startHelper(file);
    const progress = (got, total, done) => showProgress(bar, status, what, got, total, done);
    let module;
    if (typeof Worker === "function") {
      try {
        module = await compileInWorker(file, progress, settles);
      } catch (err) {
        // The server's answer is the worker's error too: say it, unless
        // the worker itself could not run (then compile here).
        if (!err.message.startsWith("the compiling worker failed")) throw err;
        module = await compileHere(file, progress);
      }
    } else {
      module = await compileHere(file, progress);
    }
    if (ready) await ready();
    // The program may run the same module in its helpers (startHelper).
    window.unitfreeModules = window.unitfreeModules || {};
    window.unitfreeModules[file] = module;
    const go = new Go();
    const instance = await WebAssembly.instantiate(module, go.importObject);
    // The program starts in a task of its own, not in the one that ended
    // the instantiation: two shorter tasks, with input and paint between.
    await new Promise((resolve) => setTimeout(resolve, 0));
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

  // registerOffline makes the site work offline after the first visit
  // (sw.js). Service workers need a secure context: https, or localhost.
  // The worker's install downloads every file of the site and writes them
  // to the cache: on a two-core machine that took a core's worth of the
  // seconds in which the page starts, and the page's own tasks ran up to
  // four times longer. So it waits until the page rests (offlineWhenResting).
  let offlineAsked = false;
  function registerOffline() {
    offlineAsked = true;
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" })
      .catch((err) => console.log("service worker not registered: " + err.message));
  }

  // The states the programs publish, each with whether its stream plays.
  const streams = ["unitfree", "unitfreeBandit", "unitfreeSampling", "unitfreeLecture"];

  // offlineWhenResting registers the site for offline use, once a program
  // runs, at the first of: the programs have published their states and
  // no stream plays (the visitor paused, the stream ended, or the page
  // never played), the page is hidden, or offlineAtMostMs have passed.
  const offlineAtMostMs = 30000;
  let offlineWaiting = false;
  function offlineWhenResting() {
    if (offlineWaiting || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    offlineWaiting = true;
    const since = performance.now();
    const check = () => {
      if (offlineAsked) return;
      const states = streams.map((name) => window[name]).filter(Boolean);
      const resting = states.length > 0 && !states.some((state) => state.playing);
      if (resting || document.hidden || performance.now() - since > offlineAtMostMs) {
        document.removeEventListener("visibilitychange", check);
        registerOffline();
      }
    };
    // Polled once a second (one timer, whatever the page's visibility
    // does), and at once when the page is hidden.
    const poll = () => {
      check();
      if (!offlineAsked) setTimeout(poll, 1000);
    };
    document.addEventListener("visibilitychange", check);
    setTimeout(poll, 1000);
  }

  let rooms = null; // the rooms' program once loading (unitfreeLoadRooms)

  // The room a location hash names: "units" for the playground's own.
  const otherRoom = /^#(bandit|sampling|lecture|board)(\/|$)/;
  function roomOf(hash) {
    const m = otherRoom.exec(hash);
    return m ? m[1] : "units";
  }

  // markRoom marks the room shown in the navigation and in
  // window.unitfreeRoom (the playground's program does so once it runs).
  function markRoom() {
    const room = roomOf(location.hash);
    for (const a of document.querySelectorAll("nav.rooms a")) {
      if (a.dataset.room === room) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    window.unitfreeRoom = room;
  }

  // unitsShown resolves once the location names the units playground,
  // marking the navigation meanwhile.
  function unitsShown() {
    return new Promise((resolve) => {
      const check = () => {
        markRoom();
        if (roomOf(location.hash) !== "units") return;
        window.removeEventListener("hashchange", check);
        resolve();
      };
      window.addEventListener("hashchange", check);
      check();
    });
  }

  // The playground's program starts once compiled, but on a visit that
  // opened another room (whose program, rooms.wasm, is then loading) only
  // when the units playground is first shown: Go's start would take the
  // room's main thread (about a second on a phone).
  async function unitsFirst() {
    if (!rooms || roomOf(location.hash) === "units") return;
    const box = document.getElementById("loading");
    box.hidden = true;
    await unitsShown();
    box.hidden = false;
  }

  // The playground's program settles only on a visit that lands on the
  // units playground: on one that lands on another room it waits for that
  // room to be left (unitsFirst), and its settling would take the cores
  // the room's program settles and starts on.
  async function start() {
    const settles = settling && roomOf(location.hash) === "units";
    const { exited } = await run("playground.wasm", document.getElementById("load-progress"),
      document.getElementById("load-status"), "the playground", settles, () => { window.unitfreeLoadMs = performance.now(); }, unitsFirst);
    offlineWhenResting();
    await exited;
    if (document.body.dataset.failed !== "true") window.unitfreeFail(stopped("playground"));
  }

  start().catch((err) => window.unitfreeFail("The playground could not be loaded: " + err.message));

  // unitfreeLoadRooms loads the rooms' program once; it shows the room the
  // location names and hides the #rooms-loading box itself. landing: the
  // visit landed on a room's link (the program may settle: settling).
  window.unitfreeLoadRooms = function (landing) {
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
    rooms = run("rooms.wasm", document.getElementById("rooms-progress"), status, "the room", settling && landing === true)
      .then(({ exited }) => {
        offlineWhenResting();
        return exited.then(() => fail(stopped("room")));
      })
      .catch((err) => fail("The room could not be loaded: " + err.message));
    return rooms;
  };

  // A link to another room (#bandit/…, #sampling/…, #lecture/…, #board/…) needs both
  // programs: the rooms' one starts downloading now, beside the
  // playground's, instead of after it (it shows the room itself).
  if (/^#(bandit|sampling|lecture|board)(\/|$)/.test(location.hash)) window.unitfreeLoadRooms(true);
  if (roomOf(location.hash) !== "units") markRoom();

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

})();
