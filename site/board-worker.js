// A Web Worker of the page's leaderboard on one's own CSV: it runs
// board.wasm (wasm/cmd/board) off the main thread. The CSV comes as text or
// as a Blob (a File: the page hands over a handle, and the worker reads
// it, so that a large file costs the page's thread nothing). Messages (each
// answered with {error} when it cannot):
//   {inspect: csv}                  -> {info}
//   {csv, own, spread, orders}      -> {progress: [done, total]}..., then {part, task}
//   {merge: parts, task, spread}    -> {board, markdown, csv}
// The page cancels a board by terminating its workers. The data never
// leave the browser.
"use strict";
importScripts("wasm_exec.js");

const ready = (async () => {
  const go = new Go();
  const response = fetch("board.wasm");
  const { instance } = await WebAssembly.instantiateStreaming(response, go.importObject);
  go.run(instance); // main registers the functions, then waits for calls
})();

self.onmessage = async ({ data }) => {
  try {
    await ready;
    const text = async (csv) => (typeof csv === "string" ? csv : csv.text());
    let out;
    if ("inspect" in data) {
      out = self.unitfreeInspectCSV(await text(data.inspect));
    } else if ("merge" in data) {
      out = self.unitfreeMergeBoard(data.task, JSON.stringify(data.spread), JSON.stringify(data.merge));
    } else {
      out = self.unitfreePlayOrders(await text(data.csv), JSON.stringify(data.own), JSON.stringify(data.spread),
        JSON.stringify(data.orders), (done, total) => self.postMessage({ progress: [done, total] }));
    }
    self.postMessage(Object.assign({}, out));
  } catch (err) {
    self.postMessage({ error: "the board could not run: " + (err && err.message ? err.message : err) });
  }
};
