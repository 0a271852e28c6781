// Runs the user flow (flow.mjs) several times for mobile and desktop and
// writes the median and range of each figure to a JSON file that the
// benchmarks page shows (wasm/benchreport), with the targets of issue 33:
//   node flows.mjs URL RUNS OUT.json
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import os from "node:os";

const [url, runs, out] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const modes = [];
let missed = false;
// What each setting is, for the benchmarks page.
const about = {
  mobile: "Lighthouse's default: a phone, CPU slowed 4×; the navigation ends 1 s after the load event with the network and the CPU quiet.",
  desktop: "Lighthouse's desktop preset.",
  "mobile-observed": "the phone setting, with the navigation observed as Lighthouse does when it does not simulate: until 5.25 s after the load event, of a quiet network and of a quiet CPU. The page's program starts after a compile and a warm-up in a worker; with the default waits the navigation can end before or during that start.",
};
for (const mode of ["mobile", "desktop", "mobile-observed"]) {
  const summaries = [];
  for (let i = 0; i < Number(runs); i++) {
    const file = path.join(os.tmpdir(), `unitfree-flow-${mode}-${i}.json`);
    execFileSync("node", [path.join(here, "flow.mjs"), url, mode, file], { stdio: ["ignore", "inherit", "inherit"] });
    summaries.push(JSON.parse(fs.readFileSync(file, "utf8")));
  }
  const figure = (name, get, target, atMost) => {
    const xs = summaries.map(get).sort((a, b) => a - b);
    const median = xs[Math.floor(xs.length / 2)];
    const holds = atMost ? median <= target : median >= target;
    missed = missed || !holds;
    return { name, median, min: xs[0], max: xs[xs.length - 1], target: `${atMost ? "≤" : "≥"} ${target}`, holds };
  };
  modes.push({
    mode,
    about: about[mode],
    figures: [
      figure("navigation: performance score", (s) => s.navigation.performance, 95, false),
      figure("navigation: accessibility score", (s) => s.navigation.accessibility, 100, false),
      figure("navigation: best practices score", (s) => s.navigation.bestPractices, 100, false),
      figure("navigation: total blocking time (ms)", (s) => Math.round(s.navigation.totalBlockingTimeMs), 200, true),
      figure("5 s with a tap on Play: total blocking time (ms)", (s) => Math.round(s.timespan.totalBlockingTimeMs), 200, true),
      figure("5 s with a tap on Play: interaction to next paint (ms)", (s) => Math.round(s.timespan.interactionToNextPaintMs), 200, true),
      figure("5 s with a tap on Play: longest task (ms)", (s) => Math.round(s.timespan.longestTaskMs), 100, true),
    ],
  });
}
const report = { date: new Date().toISOString().slice(0, 10), runs: Number(runs), lighthouse: "12.2.3", modes };
fs.writeFileSync(out, JSON.stringify(report, null, 2) + "\n");
for (const m of modes) {
  console.log(m.mode);
  for (const f of m.figures) console.log(`  ${f.name}: median ${f.median} (${f.min}–${f.max}), target ${f.target}: ${f.holds ? "holds" : "MISSED"}`);
}
process.exit(missed ? 1 : 0);
