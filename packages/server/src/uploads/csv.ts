/**
 * CSV files as records, streamed from disk a chunk at a time (the file is never held whole) and
 * parsed by a small RFC 4180 state machine: quoted values with doubled quotes and line breaks,
 * CRLF or LF, the record's line number kept for error messages. Records come in batches, one per
 * chunk, so a million rows are not a million awaits.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { UPLOAD_LIMITS } from '@rama/shared';
import { UploadFileError } from './errors.js';
import type { RawRecord, RecordSource } from './table.js';

export interface CsvReadOptions {
  delimiter: string;
  skipBlankLines: boolean;
  skipInitialSpace: boolean;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;

/** Parses CSV text pushed in pieces; complete records go to `out`, a partial one waits for more. */
export class CsvChunkParser {
  private rest = '';
  /** line number (1-based) where `rest` starts */
  private line = 1;
  private first = true;
  private readonly delim: number;

  constructor(private readonly opts: CsvReadOptions) {
    this.delim = opts.delimiter.charCodeAt(0);
  }

  push(text: string, out: RawRecord[]): void {
    let s = this.rest + text;
    if (this.first) {
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      if (s.length) this.first = false;
    }
    const used = this.parse(s, out, false);
    this.rest = s.slice(used);
    if (this.rest.length > UPLOAD_LIMITS.maxRecordChars)
      throw new UploadFileError(`A row is longer than ${UPLOAD_LIMITS.maxRecordChars} characters on line ${this.line}.`);
  }

  end(out: RawRecord[]): void {
    if (this.rest.length) this.parse(this.rest, out, true);
    this.rest = '';
  }

  /** Parse whole records from `s`; returns how far it got (the start of an incomplete record). */
  private parse(s: string, out: RawRecord[], final: boolean): number {
    const n = s.length;
    const delim = this.delim;
    const ltrim = this.opts.skipInitialSpace;
    let pos = 0;
    while (pos < n) {
      const start = pos;
      let line = this.line;
      const cells: string[] = [];
      let done = false;
      // one record: fields until a line break (outside quotes) or the end of the text
      for (;;) {
        if (ltrim) while (pos < n && s.charCodeAt(pos) === SPACE) pos++;
        if (pos < n && s.charCodeAt(pos) === QUOTE) {
          let value = '';
          let from = pos + 1;
          let closed = false;
          for (;;) {
            const q = s.indexOf('"', from);
            if (q === -1) break;
            if (q + 1 < n && s.charCodeAt(q + 1) === QUOTE) {
              value += s.slice(from, q + 1);
              from = q + 2;
              continue;
            }
            if (q + 1 === n && !final) break; // a doubled quote may follow in the next piece
            value += s.slice(from, q);
            pos = q + 1;
            closed = true;
            break;
          }
          if (!closed) {
            if (!final) return start;
            throw new UploadFileError(`A quoted value is not closed (it starts on line ${line}).`);
          }
          for (let i = value.indexOf('\n'); i !== -1; i = value.indexOf('\n', i + 1)) line++;
          cells.push(value);
          const c = pos < n ? s.charCodeAt(pos) : -1;
          if (c === delim) {
            pos++;
            continue;
          }
          if (c === CR && pos + 1 < n && s.charCodeAt(pos + 1) === LF) pos++;
          else if (c === CR && pos + 1 === n && !final) return start;
          if (c === LF || c === CR) {
            pos++;
            done = true;
            break;
          }
          if (c === -1) {
            if (!final) return start;
            done = true;
            break;
          }
          throw new UploadFileError(`A quote is followed by other characters on line ${line}; quote whole values only.`);
        }
        // an unquoted field: up to the delimiter or the line break
        let i = pos;
        let c = -1;
        while (i < n) {
          c = s.charCodeAt(i);
          if (c === delim || c === LF) break;
          i++;
        }
        if (i === n) {
          if (!final) return start;
          let end = n;
          if (end > pos && s.charCodeAt(end - 1) === CR) end--;
          cells.push(s.slice(pos, end));
          pos = n;
          done = true;
          break;
        }
        if (c === delim) {
          cells.push(s.slice(pos, i));
          pos = i + 1;
          continue;
        }
        let end = i;
        if (end > pos && s.charCodeAt(end - 1) === CR) end--;
        cells.push(s.slice(pos, end));
        pos = i + 1;
        done = true;
        break;
      }
      if (!done) return start;
      this.line = line + 1;
      if (this.opts.skipBlankLines && cells.length === 1 && cells[0] === '') continue;
      out.push({ cells, line });
    }
    return pos;
  }
}

/**
 * A CSV file's records: from its path, or from a stream of its bytes (an upload still arriving,
 * `ArrivingFile.stream()`), decoded as UTF-8 across the pieces' boundaries.
 */
export function csvRecords(file: string | (() => Readable), opts: CsvReadOptions): RecordSource {
  return async function* records(): AsyncGenerator<RawRecord[]> {
    const parser = new CsvChunkParser(opts);
    const stream = typeof file === 'string' ? createReadStream(file, { highWaterMark: 256 * 1024 }) : file();
    const decoder = new StringDecoder('utf8');
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const out: RawRecord[] = [];
        parser.push(decoder.write(chunk), out);
        if (out.length) yield out;
      }
      const out: RawRecord[] = [];
      parser.push(decoder.end(), out);
      parser.end(out);
      if (out.length) yield out;
    } finally {
      stream.destroy();
    }
  };
}
