// The page's side of the leaderboard on one's own CSV: window.unitfreeBoard
// inspects a CSV and plays a board in Web Workers (board-worker.js), the
// orders split among as many workers as the device has cores (at most 4),
// and can cancel it. A CSV is its text or a Blob (a File): a Blob goes to
// the workers as a handle, and they read it.
//   unitfreeBoard.inspect(csv) -> Promise of the table's description
//     (leaderboard.TableInfo: columns, classes, the label proposed)
//   unitfreeBoard.run(csv, own, spread, onProgress) -> Promise of
//     {board, markdown, csv}: the board (leaderboard.SpreadBoard) and its
//     two downloads; onProgress(done, total) counts the runs
//   unitfreeBoard.cancel() -> the running board's promise rejects with "cancelled"
//   unitfreeBoard.workers(orders) -> how many workers a board of that many orders uses
// own: {label, columns, task, positive, classes}; spread: {orders,
// rescalings, seed, curves}. Workers are kept for the next board (their
// program starts once); a cancel or an error terminates them. The CSV
// never leaves the browser.
"use strict";

(function () {
  let pool = [];      // the workers, started on demand
  let pending = null; // {reject} of the job running

  function stop() {
    for (const w of pool) w.terminate();
    pool = [];
  }

  function workers(orders) {
    const cores = Math.max(1, navigator.hardwareConcurrency || 1);
    return Math.max(1, Math.min(cores, orders, 4));
  }

  // ask posts one message to worker i and resolves to its answer;
  // progress messages go to onProgress.
  function ask(i, message, onProgress) {
    while (pool.length <= i) pool.push(new Worker("board-worker.js"));
    const w = pool[i];
    return new Promise((resolve, reject) => {
      w.onerror = (event) => {
        event.preventDefault();
        reject(new Error("the board's worker failed: " + (event.message || "no message")));
      };
      w.onmessage = ({ data }) => {
        if (data.progress) {
          if (onProgress) onProgress(data.progress[0], data.progress[1]);
          return;
        }
        if (data.error) reject(new Error(data.error));
        else resolve(data);
      };
      w.postMessage(message);
    });
  }

  // job runs work (a function of nothing, returning a promise) as the one
  // job of the pool; a cancel or a failure stops every worker.
  function job(work) {
    window.unitfreeBoard.cancel();
    return new Promise((resolve, reject) => {
      const mine = { reject };
      pending = mine;
      work().then((v) => {
        if (pending !== mine) return;
        pending = null;
        resolve(v);
      }, (err) => {
        if (pending !== mine) return;
        pending = null;
        stop();
        reject(err);
      });
    });
  }

  window.unitfreeBoard = {
    workers,
    inspect(csv) {
      return job(async () => JSON.parse((await ask(0, { inspect: csv })).info));
    },
    run(csv, own, spread, onProgress) {
      return job(async () => {
        const all = spread.orders ?? 5;
        const n = workers(all);
        const done = new Array(n).fill(0);
        const asks = [];
        for (let i = 0; i < n; i++) {
          const orders = [];
          for (let o = i; o < all; o += n) orders.push(o);
          asks.push(ask(i, { csv, own, spread, orders }, (d) => {
            done[i] = d;
            if (onProgress) onProgress(done.reduce((a, b) => a + b, 0), all * (1 + (spread.rescalings ?? 5)));
          }));
        }
        const answers = await Promise.all(asks);
        const out = await ask(0, { merge: answers.map((a) => JSON.parse(a.part)), task: answers[0].task, spread });
        return { board: JSON.parse(out.board), markdown: out.markdown, csv: out.csv };
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
