// The Web Worker of the page's leaderboard on one's own CSV: it runs
// board.wasm (wasm/cmd/board) off the main thread. The page posts
// {csv, own, spread} and receives {progress: [done, total]} after each run,
// then {board} (the board's JSON) or {error}. The page cancels a board by
// terminating this worker. The data never leave the browser.
"use strict";
importScripts("wasm_exec.js");

const ready = (async () => {
  const go = new Go();
  const response = fetch("board.wasm");
  const { instance } = await WebAssembly.instantiateStreaming(response, go.importObject);
  go.run(instance); // main registers unitfreeRunBoard, then waits for calls
})();

self.onmessage = async ({ data }) => {
  try {
    await ready;
    const out = self.unitfreeRunBoard(data.csv, JSON.stringify(data.own), JSON.stringify(data.spread || {}),
      (done, total) => self.postMessage({ progress: [done, total] }));
    self.postMessage({ board: out.board, error: out.error });
  } catch (err) {
    self.postMessage({ error: "the board could not run: " + (err && err.message ? err.message : err) });
  }
};
