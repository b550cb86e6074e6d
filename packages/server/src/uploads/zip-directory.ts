/**
 * A zip file's directory, read from its end (never the whole file), and one entry unpacked to a
 * file of its own within a bound: workbooks are zips, and a columnar upload may be a zip of
 * Parquet files. A small zip can unpack to gigabytes, so sizes come from the directory first and
 * the unpacked bytes are counted as they are written.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { UploadFileError } from './errors.js';

export interface ZipEntry {
  name: string;
  /** unpacked bytes, as the directory says */
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflated */
  method: number;
  /** where the entry's local header starts */
  localOffset: number;
}

/** The entries the zip's directory lists; `notZip` is the message for a file that is not a readable zip (or is ZIP64). */
export async function zipEntries(path: string, notZip: string): Promise<ZipEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    // the end-of-directory record: 22 bytes plus a comment of at most 65,535
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === 0x06054b50) {
        end = i;
        break;
      }
    if (end < 0) throw new UploadFileError(notZip);
    const count = tail.readUInt16LE(end + 10);
    const dirSize = tail.readUInt32LE(end + 12);
    const dirOffset = tail.readUInt32LE(end + 16);
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff || dirOffset + dirSize > size)
      throw new UploadFileError(notZip);
    const dir = Buffer.alloc(dirSize);
    await file.read(dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    for (let at = 0; entries.length < count;) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) throw new UploadFileError(notZip);
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const commentLength = dir.readUInt16LE(at + 32);
      entries.push({
        name: dir.toString('utf8', at + 46, at + 46 + nameLength),
        size: dir.readUInt32LE(at + 24),
        compressedSize: dir.readUInt32LE(at + 20),
        method: dir.readUInt16LE(at + 10),
        localOffset: dir.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await file.close();
  }
}

/**
 * Unpack one entry to `dest`, refusing one that unpacks past the size its directory entry gives
 * (a lying directory) or is stored in a way other than stored or deflated.
 */
export async function unpackEntry(path: string, entry: ZipEntry, dest: string, notZip: string): Promise<void> {
  if (entry.method !== 0 && entry.method !== 8) throw new UploadFileError(notZip);
  const file = await open(path, 'r');
  let dataStart: number;
  try {
    const local = Buffer.alloc(30);
    await file.read(local, 0, 30, entry.localOffset);
    if (local.readUInt32LE(0) !== 0x04034b50) throw new UploadFileError(notZip);
    dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await file.close();
  }
  if (entry.compressedSize === 0) {
    await pipeline(async function* () {}, createWriteStream(dest, { mode: 0o600 }));
    return;
  }
  let written = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _enc, done) {
      written += chunk.length;
      if (written > entry.size) done(new UploadFileError(notZip));
      else done(null, chunk);
    },
  });
  const raw = createReadStream(path, { start: dataStart, end: dataStart + entry.compressedSize - 1 });
  try {
    if (entry.method === 0) await pipeline(raw, bounded, createWriteStream(dest, { mode: 0o600 }));
    else await pipeline(raw, createInflateRaw(), bounded, createWriteStream(dest, { mode: 0o600 }));
  } catch (e) {
    if (e instanceof UploadFileError) throw e;
    throw new UploadFileError(notZip);
  }
}
