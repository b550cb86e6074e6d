/** Several export files in one zip archive (chart data with several queries as csv or xlsx). */
import { strToU8, zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
}

/** Formats that are already compressed gain nothing from deflating them again. */
const STORED = /\.(xlsx|zip|png|jpe?g|gz|pdf)$/i;

/** `name.csv`, then `name (2).csv`, `name (3).csv` … for files that would overwrite one another. */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** The files as one zip archive, in the order given; strings are written as UTF-8. */
export function zipFiles(files: readonly ZipEntry[]): Buffer {
  const entries: Zippable = {};
  const taken = new Set<string>();
  for (const file of files) {
    const bytes =
      typeof file.data === 'string' ? strToU8(file.data) : new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength);
    entries[uniqueName(file.name, taken)] = [bytes, { level: STORED.test(file.name) ? 0 : 6 }];
  }
  const zipped = zipSync(entries);
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
}
