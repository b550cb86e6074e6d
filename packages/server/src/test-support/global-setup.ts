import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadExamples } from '../examples/load.js';

/** Build the examples database once for all API test files (kept between runs; it is idempotent). */
export default async function setup(): Promise<void> {
  const home = join(process.cwd(), '.rama-test', 'examples');
  mkdirSync(home, { recursive: true });
  const t0 = Date.now();
  const result = await loadExamples({ home });
  if (!result.skipped) console.log(`examples database built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  process.env.RAMA_TEST_EXAMPLES_HOME = home;
}
