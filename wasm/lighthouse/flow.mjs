// A Lighthouse user flow of the playground, as a visitor meets it: a
// navigation, then a 5 s timespan that begins with a tap (mobile) or click
// (desktop) on Play/Pause. Lighthouse's own settings: mobile is a phone
// with the CPU slowed 4x (the throttling applied to the page's main
// thread), desktop its desktop preset. mobile-observed is mobile with the
// waits Lighthouse uses when it does not simulate (5.25 s after the load
// event, of a quiet network, of a quiet CPU): the page's program starts
// after a compile and a warm-up in a worker, and with the default waits
// (1 s each) the navigation could end before or during that start, whose
// tasks then fell between the two steps, unmeasured. Writes a summary JSON:
//   node flow.mjs URL mobile|desktop|mobile-observed OUT.json
import fs from "node:fs";
import puppeteer from "puppeteer-core";
import { startFlow, desktopConfig } from "lighthouse";

const [url, mode, out] = process.argv.slice(2);
const desktop = mode === "desktop";
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  const config = desktop ? desktopConfig : undefined;
  const observed = mode === "mobile-observed" ? { pauseAfterLoadMs: 5250, networkQuietThresholdMs: 5250, cpuQuietThresholdMs: 5250 } : {};
  const flags = { onlyCategories: ["performance", "accessibility", "best-practices"], ...observed };
  const flow = await startFlow(page, { config, flags });
  await flow.navigate(url, { name: "navigation" });
  // The timespan keeps the navigation's settings (device, 4x CPU).
  await flow.startTimespan({ name: "5 s with a tap on Play/Pause" });
  await page.waitForFunction("window.unitfree && window.unitfree.ready === true", { timeout: 60000 });
  if (desktop) await page.click("#play");
  else await page.tap("#play");
  await new Promise((r) => setTimeout(r, 5000));
  await flow.endTimespan();
  const result = await flow.createFlowResult();
  const [nav, span] = result.steps.map((s) => s.lhr);
  const score = (lhr, c) => Math.round(100 * lhr.categories[c].score);
  const value = (lhr, a) => (lhr.audits[a] && lhr.audits[a].numericValue) || 0;
  const longTasks = (span.audits["long-tasks"] && span.audits["long-tasks"].details && span.audits["long-tasks"].details.items) || [];
  const summary = {
    mode,
    navigation: {
      performance: score(nav, "performance"), accessibility: score(nav, "accessibility"), bestPractices: score(nav, "best-practices"),
      totalBlockingTimeMs: value(nav, "total-blocking-time"), largestContentfulPaintMs: value(nav, "largest-contentful-paint"),
    },
    timespan: {
      totalBlockingTimeMs: value(span, "total-blocking-time"),
      interactionToNextPaintMs: value(span, "interaction-to-next-paint"),
      longestTaskMs: Math.max(0, ...longTasks.map((t) => t.duration)),
      longTasks: longTasks.length,
    },
  };
  fs.writeFileSync(out, JSON.stringify(summary, null, 2) + "\n");
  console.log(JSON.stringify(summary));
} finally {
  await browser.close();
}
