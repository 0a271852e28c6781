// Prints the scores of several Lighthouse JSON reports of one page: each
// run's category scores on one line, then the median of each category and
// of the main timings. With --targets it also says whether the median
// meets the targets (performance >= 90, accessibility and best practices
// >= 95) and exits 1 when one is missed.
const path = require("path");
const args = process.argv.slice(2);
const targets = args[0] === "--targets";
const reports = args.filter((a) => !a.startsWith("--")).map((f) => require(path.resolve(f)));

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const categories = Object.keys(reports[0].categories);
reports.forEach((r, i) => {
  const scores = categories.map((c) => `${c} ${Math.round(100 * r.categories[c].score)}`).join(", ");
  console.log(`  run ${i + 1}: ${scores}; total-blocking-time ${r.audits["total-blocking-time"].displayValue}`);
});
const medians = {};
for (const c of categories) {
  medians[c] = Math.round(100 * median(reports.map((r) => r.categories[c].score)));
  console.log(`  median ${c}: ${medians[c]}`);
}
for (const a of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "interactive"]) {
  console.log(`  median ${a}: ${Math.round(median(reports.map((r) => r.audits[a].numericValue)))} ms`);
}
if (targets) {
  let ok = true;
  for (const [c, min] of [["performance", 90], ["accessibility", 95], ["best-practices", 95]]) {
    const holds = medians[c] >= min;
    ok = ok && holds;
    console.log(`  target ${c} >= ${min}: ${medians[c]} ${holds ? "holds" : "MISSED"}`);
  }
  if (!ok) process.exit(1);
}
