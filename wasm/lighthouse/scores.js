// Prints the scores and the main timings of a Lighthouse JSON report.
const r = require(require("path").resolve(process.argv[2]));
for (const [name, c] of Object.entries(r.categories)) console.log(`  ${name}: ${Math.round(100 * c.score)}`);
for (const a of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "interactive"]) {
  console.log(`  ${a}: ${r.audits[a].displayValue}`);
}
