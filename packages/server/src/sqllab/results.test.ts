import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskResultsBackend, takeRows } from './results.js';

describe('stored results', () => {
  it('takes the first n rows by scanning separators', () => {
    const body = ['{"a":1}', '{"a":"x,\\ny"}', '{"a":3}'].join(',\n');
    expect(takeRows(body, 2)).toEqual({ body: '{"a":1},\n{"a":"x,\\ny"}', truncated: true });
    expect(takeRows(body, 3)).toEqual({ body, truncated: false });
    expect(takeRows(body, null)).toEqual({ body, truncated: false });
    expect(takeRows('', 5)).toEqual({ body: '', truncated: false });
    expect(JSON.parse(`[${takeRows(body, 2).body}]`)).toEqual([{ a: 1 }, { a: 'x,\ny' }]);
  });

  it('the disk backend keeps results for their time-to-live and refuses unsafe keys', async () => {
    const backend = new DiskResultsBackend(join(mkdtempSync(join(tmpdir(), 'rama-results-')), 'results'));
    await backend.set('abcdef0123456789', { header: '{"h":1}', body: '{"a":1}' }, 60);
    expect(await backend.get('abcdef0123456789')).toEqual({ header: '{"h":1}', body: '{"a":1}' });
    await backend.expireNow('abcdef0123456789');
    expect(await backend.get('abcdef0123456789')).toBeNull();
    await expect(backend.get('../../etc/passwd')).rejects.toThrow(/Invalid results key/);
  });
});
