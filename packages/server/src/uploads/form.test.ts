import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArrivingFile, LateFieldsError } from './form.js';

const dir = mkdtempSync(join(tmpdir(), 'rama-arriving-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function text(file: ArrivingFile, start = 0): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of file.stream(start) as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

describe('an upload read while it arrives', () => {
  it('follows the file as it grows and ends when the whole form is in', async () => {
    const path = join(dir, 'a');
    writeFileSync(path, '');
    const file = new ArrivingFile(path, 'a.csv');
    const read = text(file);
    for (const piece of ['a,b\n', '1,2\n', '3,4\n']) {
      appendFileSync(path, piece);
      file.grew(piece.length);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(file.arriving).toBe(true);
    file.received();
    expect(await read).toBe('a,b\n1,2\n3,4\n');
    expect(await text(file, 4)).toBe('1,2\n3,4\n');
    await expect(file.whole()).resolves.toBeUndefined();
  });

  it('fails its readers as the receive fails (a field after the file, a file too large)', async () => {
    const path = join(dir, 'b');
    writeFileSync(path, 'x\n');
    const file = new ArrivingFile(path, 'b.csv');
    file.grew(2);
    const read = text(file);
    file.failed(new LateFieldsError());
    await expect(read).rejects.toBeInstanceOf(LateFieldsError);
    await expect(file.whole()).rejects.toBeInstanceOf(LateFieldsError);
  });

  it('a complete file reads at once', async () => {
    const path = join(dir, 'c');
    writeFileSync(path, 'hello');
    expect(await text(ArrivingFile.complete(path, 'c.csv', 5))).toBe('hello');
  });
});
