// A Web Worker of the page's leaderboard on one's own CSV: it runs
// board.wasm (wasm/cmd/board) off the main thread. The CSV comes as text or
// as a Blob (a File: the page hands over a handle, and the worker reads
// it as bytes, so that a large file costs the page's thread nothing); it is read
// only for a board's first message here, whose key the worker keeps.
// Messages (each answered with {error} when it cannot):
//   {inspect: csv}                           -> {info}
//   {key, csv, own, spread, load: groups}     -> {groups, task}
//   {key, csv, own, spread, comparator: true} -> {comparator, task}
//   {key, csv, own, spread, job}             -> {progress: [done, total]}..., then {part, task}
//   {merge: parts, task, spread}             -> {board, markdown, csv}
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

let lastKey = null; // the board whose runs board.wasm keeps

self.onmessage = async ({ data }) => {
  try {
    await ready;
    // a Blob goes to board.wasm as its bytes (copied once into Go), not
    // decoded into a string that Go would encode back
    const contents = async (csv) => (typeof csv === "string" ? csv : new Uint8Array(await csv.arrayBuffer()));
    let out;
    if ("inspect" in data) {
      out = self.unitfreeInspectCSV(await contents(data.inspect));
    } else if ("merge" in data) {
      out = self.unitfreeMergeBoard(data.task, JSON.stringify(data.spread), JSON.stringify(data.merge));
    } else {
      const csv = data.key === lastKey ? null : await contents(data.csv);
      const own = JSON.stringify(data.own), spread = JSON.stringify(data.spread);
      if ("load" in data) {
        out = self.unitfreeBoardLoad(data.key, csv, own, spread, data.load);
      } else if ("comparator" in data) {
        out = self.unitfreeBoardComparator(data.key, csv, own, spread);
      } else {
        out = self.unitfreeBoardPlay(data.key, csv, own, spread, JSON.stringify(data.job),
          (done, total) => self.postMessage({ progress: [done, total] }));
      }
      lastKey = out.error ? null : data.key;
    }
    self.postMessage(Object.assign({}, out));
  } catch (err) {
    self.postMessage({ error: "the board could not run: " + (err && err.message ? err.message : err) });
  }
};
