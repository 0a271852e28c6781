// The page's side of the leaderboard on one's own CSV: window.unitfreeBoard
// runs a board in a Web Worker (board-worker.js) and can cancel it.
//   unitfreeBoard.run(csvText, own, spread, onProgress) -> Promise of the board
//   unitfreeBoard.cancel() -> the running board's promise rejects with "cancelled"
// own: {label, columns, task, positive, classes}; spread: {orders,
// rescalings, seed, curves}. The worker is kept for the next board (its
// program starts once); a cancel terminates it. The CSV never leaves the
// browser.
"use strict";

(function () {
  let worker = null;
  let pending = null; // {resolve, reject, onProgress} of the board running

  function stop() {
    if (worker) worker.terminate();
    worker = null;
  }

  function start() {
    worker = new Worker("board-worker.js");
    worker.onerror = (event) => {
      event.preventDefault();
      stop();
      const p = pending;
      pending = null;
      if (p) p.reject(new Error("the board's worker failed: " + (event.message || "no message")));
    };
    worker.onmessage = ({ data }) => {
      const p = pending;
      if (!p) return;
      if (data.progress) {
        if (p.onProgress) p.onProgress(data.progress[0], data.progress[1]);
        return;
      }
      pending = null;
      if (data.error) p.reject(new Error(data.error));
      else p.resolve(JSON.parse(data.board));
    };
  }

  window.unitfreeBoard = {
    run(csv, own, spread, onProgress) {
      this.cancel();
      if (!worker) start();
      return new Promise((resolve, reject) => {
        pending = { resolve, reject, onProgress };
        worker.postMessage({ csv, own, spread });
      });
    },
    cancel() {
      if (!pending) return;
      const p = pending;
      pending = null;
      stop();
      p.reject(new Error("cancelled"));
    },
  };
})();
