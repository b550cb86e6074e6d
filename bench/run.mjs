// `npm run bench`: every benchmark, printed as ratios against its baseline measured in the same run.
import { benchSqlLab } from './sqllab.mjs';
import { benchGrid } from './grid.mjs';
import { benchCharts } from './charts.mjs';
import { benchExplore } from './explore.mjs';
import { benchDashboards } from './dashboard.mjs';
import { benchFilters } from './filters.mjs';
import { benchGallery } from './gallery.mjs';
import { benchAttacks } from './attack.mjs';
import { benchSharing } from './sharing.mjs';
import { benchUpload } from './upload.mjs';
import { benchClickHouse } from './clickhouse.mjs';

const only = process.argv[2];
const ms = (x) => x.toFixed(x < 10 ? 2 : 0);
const results = [];
if (!only || only === 'sqllab') results.push(...(await benchSqlLab()));
if (!only || only === 'grid') results.push(...(await benchGrid()));
if (!only || only === 'charts') results.push(...(await benchCharts()));
if (!only || only === 'explore') results.push(...(await benchExplore()));
if (!only || only === 'dashboard') results.push(...(await benchDashboards()));
if (!only || only === 'filters') results.push(...(await benchFilters()));
if (!only || only === 'gallery') results.push(...(await benchGallery()));
if (!only || only === 'attack') results.push(...(await benchAttacks()));
if (!only || only === 'sharing') results.push(...(await benchSharing()));
if (!only || only === 'upload') results.push(...(await benchUpload()));
if (!only || only === 'clickhouse') results.push(...(await benchClickHouse()));
for (const r of results) {
  if (r.summary !== undefined) {
    console.log(r.summary);
  } else if (r.ratio !== undefined) {
    const peak =
      (r.peak_mb !== undefined ? `; server peak memory ${r.peak_mb.toFixed(0)} MB (${r.idle_mb.toFixed(0)} MB before)` : '') +
      (r.peak_all_mb !== undefined ? `, ${r.peak_all_mb.toFixed(0)} MB over the case's ${r.uploads} uploads` : '') +
      (r.others ? `; /health meanwhile median ${r.others.p50.toFixed(0)} ms, longest ${r.others.max.toFixed(0)} ms` : '');
    console.log(
      `${r.case}\n  baseline ${ms(r.baseline_ms)} ms, Rama ${ms(r.rama_ms)} ms, ratio ${r.ratio.toFixed(2)} (goal ${r.goal})${r.response_mb ? `, ${r.response_mb.toFixed(1)} MB` : ''}${peak}`,
    );
    if (r.case.includes('100k rows') && r.case.includes('sync'))
      console.log(`  moonshot (< 1.0): ${r.ratio < 1 ? 'reached' : 'not reached'}`);
  } else if (r.render_ms !== undefined) {
    const hover =
      r.hover_long_tasks !== undefined
        ? `; hovering across it: ${r.hover_long_tasks} long tasks > 50 ms (longest ${r.longest_hover_task_ms.toFixed(0)} ms, goal 0)`
        : '';
    console.log(`${r.case}: ${r.render_ms.toFixed(0)} ms (goal ≤ ${r.goal_ms} ms)${hover}`);
  } else if (r.latency_ms !== undefined) {
    console.log(`${r.case}: ${r.latency_ms.toFixed(1)} ms (max ${r.max_ms.toFixed(1)} ms)`);
  } else if (r.count !== undefined) {
    console.log(`${r.case}: ${r.count}`);
  } else if (r.peak_mb !== undefined) {
    console.log(`${r.case}: ${r.peak_mb.toFixed(0)} MB`);
  } else {
    console.log(
      `${r.case} (${r.rows_label})\n  first rows shown ${r.first_rows_ms.toFixed(0)} ms after the reply's body arrived (${r.run_to_rows_ms.toFixed(0)} ms after pressing Run, query and transfer included); ` +
        `while scrolling to the bottom: ${r.scroll_long_tasks} long tasks > 50 ms (longest ${r.longest_task_ms.toFixed(0)} ms, goal 0)${r.reached_bottom ? '' : ' — did not reach the bottom'}`,
    );
  }
}
