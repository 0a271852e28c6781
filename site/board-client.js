// The page's side of the leaderboard on one's own CSV: window.unitfreeBoard
// inspects a CSV and plays a board in Web Workers (board-worker.js), as
// many as the device has cores (at most 4), and can cancel it. A board is
// cut into jobs, each order's learners in twice as many groups as there
// are workers: one worker first searches for the comparator (one search
// serves every order and rescaling) while the others read the file and
// map its rows, and one of them splits the learners into groups of about
// equal work (timed on the file's first rows); then the workers take the
// jobs one at a time as they finish theirs: one of each group first, the
// costliest group's first, then the longest as measured, so that no
// worker waits long while another has work left. Only the
// cheapest group's jobs measure the comparator's rows of their order:
// they come last, and the others need not wait for the search. One
// worker merges the parts. A CSV is its text or a Blob (a File): a Blob
// goes to the workers as a handle, and they read it.
//   unitfreeBoard.inspect(csv) -> Promise of the table's description
//     (leaderboard.TableInfo: columns, classes, the label proposed)
//   unitfreeBoard.run(csv, own, spread, onProgress) -> Promise of
//     {board, markdown, csv}: the board (leaderboard.SpreadBoard) and its
//     two downloads; onProgress(done, total) counts the runs of the
//     learner groups and the comparator search
//   unitfreeBoard.cancel() -> the running board's promise rejects with "cancelled"
//   unitfreeBoard.workers() -> how many workers a board uses
// own: {label, columns, task, positive, classes}; spread: {orders,
// rescalings, seed, curves}. Workers are kept for the next board (their
// program starts once); a cancel or an error terminates them. The CSV
// never leaves the browser.
"use strict";

(function () {
  let pool = [];      // the workers, started on demand
  let pending = null; // {reject} of the job running
  let boards = 0;     // the boards played, for each one's key

  function stop() {
    for (const w of pool) w.terminate();
    pool = [];
  }

  function workers() {
    return Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 4));
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
        const orders = spread.orders ?? 5, runs = 1 + (spread.rescalings ?? 5);
        const n = workers(), groups = n > 1 ? 2 * n : 1;
        const key = "board " + ++boards;
        const sent = new Array(n).fill(false); // the CSV goes to each worker once
        const message = (i, what) => {
          const m = Object.assign({ key, csv: sent[i] ? null : csv, own, spread }, what);
          sent[i] = true;
          return m;
        };
        // progress: the comparator search counts as a run of a group
        const total = 1 + orders * groups * runs;
        let done = 0;
        const partial = new Array(n).fill(0);
        const report = () => {
          if (onProgress) onProgress(done + partial.reduce((a, b) => a + b, 0), total);
        };
        // 1. worker 0 searches for the comparator while the others read
        // the file and map its rows, and worker 1 splits the learners
        let comparator = null;
        const searched = ask(0, message(0, { comparator: true })).then((answer) => {
          comparator = JSON.parse(answer.comparator);
          done += 1;
          report();
        });
        const loaded = Array.from({ length: n }, (_, i) => (i === 0 ? searched
          : ask(i, message(i, { load: i === 1 ? groups : 0 }))));
        // 2. the jobs: first one of each group, the costliest group's
        // first, then the longest as measured so far (a split timed on the
        // first rows can misjudge a group: a learner that diverges on a
        // rescaled run stops costing anything); the cheapest group's jobs
        // also measure the comparator in their order, and wait for it
        const jobs = [];
        const took = [], started = []; // per group, the time its last job took; whether one started
        const planned = (n > 1 ? loaded[1].then((answer) => JSON.parse(answer.groups)) : Promise.resolve([null]))
          .then((learnerGroups) => learnerGroups.forEach((learners, g) => {
            for (let o = 0; o < orders; o++) jobs.push({ orders: [o], learners, group: g, measures: g === learnerGroups.length - 1 });
          }));
        // groups not started, then groups not measured yet (each the
        // costliest first), then the longest measured
        const rank = (j) => (took[j.group] ?? (started[j.group] ? 1e15 : 2e15) - j.group);
        const pick = () => {
          let best = -1;
          jobs.forEach((j, k) => {
            if ((!j.measures || comparator) && (best < 0 || rank(j) > rank(jobs[best]))) best = k;
          });
          return best;
        };
        const parts = [];
        let task;
        const work = async (i) => {
          await Promise.all([loaded[i], planned]);
          while (jobs.length > 0) {
            const next = pick();
            if (next < 0) {
              await searched;
              continue;
            }
            const j = jobs.splice(next, 1)[0];
            started[j.group] = true;
            const t0 = performance.now();
            const answer = await ask(i, message(i, {
              job: { orders: j.orders, learners: j.learners, comparator: j.measures ? comparator : null },
            }), (d) => {
              partial[i] = d;
              report();
            });
            took[j.group] = performance.now() - t0;
            partial[i] = 0;
            done += runs;
            report();
            parts.push(JSON.parse(answer.part));
            task = answer.task;
          }
        };
        await Promise.all(Array.from({ length: n }, (_, i) => work(i)));
        const out = await ask(0, { merge: parts, task, spread });
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
