// `npm run bench`: every benchmark, printed as ratios against its baseline measured in the same run.
import { benchSqlLab } from './sqllab.mjs';

const results = [...(await benchSqlLab())];
for (const r of results) {
  if (r.ratio !== undefined) {
    console.log(`${r.case}\n  baseline ${r.baseline_ms.toFixed(0)} ms, Rama ${r.rama_ms.toFixed(0)} ms, ratio ${r.ratio.toFixed(2)} (goal ${r.goal})${r.response_mb ? `, ${r.response_mb.toFixed(1)} MB` : ''}`);
  } else {
    console.log(`${r.case}: ${r.peak_mb.toFixed(0)} MB`);
  }
}
