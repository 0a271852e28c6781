// The units playground's picture worker: the playground's own program
// (the module the page compiled, posted here once) runs in this worker as
// a picture server (wasm/playground's PictureServer), so that the
// heatmaps, a grid of predictions per learner at every picture, are
// computed off the page's main thread. The loader makes it when the
// program's download begins (so this script and wasm_exec.js load with
// it); it then waits for the module. Messages from the page: {module}
// once, then requests {version, raw, round, cells, frame, learners}; to
// the page: {ready} once the program runs, then for each request, in
// order, {probs, rgba} (their buffers transferred, not copied) or {error}.
"use strict";

importScripts("wasm_exec.js");
self.unitfreePictureWorker = true;

self.onmessage = async ({ data }) => {
  if (data.module) {
    try {
      const go = new Go();
      go.run(await WebAssembly.instantiate(data.module, go.importObject)); // it posts {ready}
    } catch (err) {
      self.postMessage({ error: "the picture worker could not start: " + err.message });
    }
    return;
  }
  let answer;
  try {
    answer = self.unitfreePictures(data);
  } catch (err) {
    answer = { error: err.message };
  }
  self.postMessage(answer, answer.error ? [] : [answer.probs.buffer, answer.rgba.buffer]);
};
