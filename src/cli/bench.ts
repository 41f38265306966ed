/**
 * `npm run bench`: how fast and how big the engine is on big clusters. Not a test: it prints
 * figures, writes bench/results.json (the last run; milliseconds unless named) and appends the
 * run with its commit to bench/history.jsonl (bench-history.ts).
 *
 * (a) statusSync: the DaemonSet status computation over 1,000 and 10,000 nodes (bench-status-sync.ts).
 * (b) build5000: 5,000 nodes and one DaemonSet, empty to settled, warm, steady and cold (bench-build.ts),
 *     and the same three in headless Chromium (bench-browser.ts); warm and cold are each the median
 *     of `BUILD_RUNS` fresh processes or pages, with every run's total beside it (`warmRunsMs`, ...).
 * (c) rollout5000: a 5,000-node rolling update, maxUnavailable 10% and maxSurge 10% (bench-rollout.ts),
 *     and the same two in headless Chromium (`browserMs`).
 * (d) fleet10000x3: 10,000 nodes and three DaemonSets settled: build time, heap and where it
 *     goes (bench-fleet.ts).
 * (e) peakHeapMB: the largest heap seen during the rollouts.
 * (f) rewind5000: an hour of a 5,000-node fleet with a rollout every five virtual minutes, kept
 *     scrubbable by a Timeline: the heap its checkpoints add, and how long restoring a few
 *     moments takes (bench-rewind.ts), and the same hour and rewinds in headless Chromium
 *     (`browser`).
 *
 * `npm run bench` first bundles this file with Vite, as the page's worker is bundled, and runs
 * the bundle with Node: the figures are those of the code a browser runs, not of the tsx loader
 * (whose keep-names wrappers cost about a tenth on the hot paths). Node runs it with
 * `--expose-gc`, and each timed section starts after a full collection, so the garbage of one
 * run is not collected on the next run's clock.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printBuild, timeBuild5000, timeBuild5000Steady } from './bench-build.js';
import { timeInChromium } from './bench-browser.js';
import type { PageBuildTimes } from './bench-browser-page.js';
import { ROLLOUTS } from './bench-fleet-steps.js';
import { measureFleet } from './bench-fleet.js';
import { megabytes } from './bench-harness.js';
import { registerAllParts } from '../kubectl/parts/all.js';
import { appendHistory, currentRevision } from './bench-history.js';
import { timeRollout } from './bench-rollout.js';
import { measureRewind } from './bench-rewind.js';
import { measureStatusSync } from './bench-status-sync.js';

let peakHeap = 0;
function sampleHeap(): void {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}

/** Which sections to run: all by default, or those named on the command line (e.g. `build fleet rewind`). */
function wanted(section: string): boolean {
  const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  return named.length === 0 || named.includes(section);
}

function main(): void {
  const revision = currentRevision();
  const results: Record<string, unknown> = {};
  if (wanted('status')) {
    const statusSync = measureStatusSync();
    results.statusSync = statusSync;
    console.log('status sync (ms per sync; steady node list / new node list array each sync):');
    for (const [key, r] of Object.entries(statusSync)) {
      console.log(`  ${key.padEnd(10)}  no affinity ${r.noAffinity} / ${r.noAffinityNewNodeList}   exclusion affinity ${r.exclusionAffinity} / ${r.exclusionAffinityNewNodeList}`);
    }
  }
  if (wanted('build')) {
    const bundle = fileURLToPath(import.meta.url);
    const warmRuns = timeBuild5000('warm', bundle);
    const coldRuns = timeBuild5000('cold', bundle);
    const steady = timeBuild5000Steady();
    const [warm, cold] = [warmRuns.median, coldRuns.median];
    const inChromium = timeInChromium('build');
    const browser = 'skipped' in inChromium ? undefined : inChromium.builds;
    results.build5000 = {
      coldMs: cold.total,
      warmMs: warm.total,
      steadyMs: steady.total,
      warm,
      steady,
      cold,
      warmRunsMs: warmRuns.totals,
      coldRunsMs: coldRuns.totals,
      ...(browser
        ? {
            browserWarmMs: browser.warm.median.total,
            browserColdMs: browser.cold.median.total,
            browserSteadyMs: browser.steady.total,
            browserWarmRunsMs: browser.warm.totals,
            browserColdRunsMs: browser.cold.totals,
            browser: { warm: browser.warm.median, cold: browser.cold.median, steady: browser.steady },
          }
        : {}),
    };
    const runs = warmRuns.totals.length;
    console.log(`5,000 nodes + 1 DaemonSet, empty to settled (node add / settle / apply / settle; warm and cold: the median of ${runs} fresh processes):`);
    for (const [name, t] of [['warm', warm], ['steady', steady], ['cold', cold]] as const) {
      console.log(`  ${name.padEnd(6)}  ${t.total} ms  (${t.nodeAdd} / ${t.nodeSettle} / ${t.apply} / ${t.podSettle}), ${t.cpu} ms CPU, ${t.gc} ms GC`);
    }
    console.log(`  every run: warm ${warmRuns.totals.join(' / ')} ms, cold ${coldRuns.totals.join(' / ')} ms`);
    if ('skipped' in inChromium) console.log(`  in Chromium: skipped, ${inChromium.skipped}`);
    else if (browser) {
      const steps = (t: PageBuildTimes): string => `${t.nodeAdd} / ${t.nodeSettle} / ${t.apply} / ${t.podSettle}`;
      for (const [name, t] of [['warm', browser.warm], ['cold', browser.cold]] as const) {
        console.log(`  ${name} in Chromium  ${t.median.total} ms  (${steps(t.median)}); every run ${t.totals.join(' / ')} ms`);
      }
      console.log(`  steady in Chromium  ${browser.steady.total} ms  (${steps(browser.steady)})`);
    }
  }
  if (wanted('rollout')) {
    const rollout5000 = {
      maxUnavailable10: timeRollout(ROLLOUTS.maxUnavailable10, sampleHeap),
      maxSurge10: timeRollout(ROLLOUTS.maxSurge10, sampleHeap),
    };
    const inChromium = timeInChromium('rollout');
    const browser = 'skipped' in inChromium ? undefined : inChromium.rollouts;
    results.rollout5000 = { ...rollout5000, ...(browser ? { browserMs: { maxUnavailable10: browser.maxUnavailable10.wallMs, maxSurge10: browser.maxSurge10.wallMs } } : {}) };
    results.peakHeapMB = megabytes(peakHeap);
    console.log('rolling update over 5,000 nodes (template change to settled):');
    for (const [label, r] of [['maxUnavailable 10%            ', rollout5000.maxUnavailable10], ['maxSurge 10%, maxUnavailable 0', rollout5000.maxSurge10]] as const) {
      console.log(`  ${label} ${r.wallMs} ms wall (${r.gcMs} GC), ${r.cpuMs} ms CPU, ${r.virtualSeconds} s virtual`);
    }
    console.log(`  peak heap ${results.peakHeapMB} MB`);
    if ('skipped' in inChromium) console.log(`  in Chromium: skipped, ${inChromium.skipped}`);
    else if (browser) console.log(`  in Chromium: maxUnavailable 10% ${browser.maxUnavailable10.wallMs} ms, maxSurge 10% ${browser.maxSurge10.wallMs} ms wall`);
  }
  if (wanted('fleet')) {
    const f = measureFleet(10_000);
    results.fleet10000x3 = f;
    console.log('10,000 nodes + 3 DaemonSets, settled:');
    console.log(`  build ${f.buildMs} ms, heap ${f.heapMB} MB after a full GC (trace ${f.traceMB} MB)`);
    console.log(`  ${f.bytesPerNode} bytes per node, ${f.bytesPerPod} per pod, ${f.bytesPerEvent} per Event (${f.events} Events)`);
  }
  if (wanted('rewind')) {
    const r = measureRewind(5000);
    const inChromium = timeInChromium('rewind');
    const browser = 'skipped' in inChromium ? undefined : inChromium.rewinds;
    results.rewind5000 = { ...r, ...(browser ? { browser } : {}) };
    console.log('an hour of 5,000 nodes, a rollout every 5 virtual minutes, kept by a Timeline:');
    console.log(`  build ${r.buildMs} ms, the hour ${r.hourMs} ms; ${r.checkpoints} checkpoints kept (${r.compacted} compacted), the timeline holds ${r.extraMB} MB more`);
    for (const [moment, ms] of Object.entries(r.restoreMs)) console.log(`  rewind to ${moment.padEnd(6)} ${ms} ms (${r.replayed[moment]} commands replayed)`);
    const w = r.worstReplay;
    console.log(`  ${r.estimatedMB} MB estimated; the worst moment, after command ${w.afterCommand}, replays ${w.commands} commands (${w.writes} API writes)`);
    if ('skipped' in inChromium) console.log(`  in Chromium: skipped, ${inChromium.skipped}`);
    else if (browser) console.log(`  in Chromium: build ${browser.buildMs} ms, the hour ${browser.hourMs} ms; rewinds ${Object.entries(browser.restoreMs).map(([moment, ms]) => `${moment} ${ms}`).join(' / ')} ms`);
  }
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  appendHistory('bench/history.jsonl', results, revision);
  console.log('wrote bench/results.json and appended to bench/history.jsonl');
}

// The bench runs every verb at once, as the CLI does (the page's worker loads parts on demand).
registerAllParts();
if (!printBuild(process.argv)) main();
