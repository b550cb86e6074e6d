/**
 * The row sink of a SQL Lab run: rows become JSON object texts (one per row, joined by ",\n")
 * batch by batch and go to each target (the results store, a sync reply) as they are read. It
 * keeps `limit` rows (the extra row read tells that more were available) and stops reading when
 * the result's JSON would pass `maxBytes` (SQL_MAX_RESULT_BYTES).
 *
 * A batch's text goes to the targets in pieces of at most PIECE_CHARS: V8 puts a longer string in
 * its large-object space, which only a full collection empties, so a 1M-row result sent as one
 * text per 2048-row batch (about 350 KB each) let the heap grow by 150-200 MB of dead text before
 * a collection; short pieces die young.
 */
import type { Cell, ResultColumn, RowSink } from '../engines/types.js';
import { ROW_SEPARATOR } from './results.js';
import { rowsToJsonLines } from '../execution/formats/json.js';

/** Receives rows text (without a leading separator); a promise holds reading back. */
export type RowsTarget = (rowsText: string) => void | Promise<void>;

/** characters of rows text handed to the targets at a time (below V8's large-object size, 128 KB) */
const PIECE_CHARS = 48 * 1024;

export class JsonRowsSink implements RowSink {
  private cols: ResultColumn[] = [];
  /** rows kept (at most `limit`) */
  rowCount = 0;
  /** rows the engine handed over (up to limit + 1) */
  fetched = 0;
  bytes = 0;
  /** the byte cap cut the result */
  bytesLimited = false;

  constructor(
    private readonly limit: number,
    private readonly maxBytes: number,
    private readonly targets: RowsTarget[],
  ) {}

  columns(columns: ResultColumn[]): void {
    this.cols = columns;
  }

  async rows(batch: Cell[][]): Promise<boolean> {
    this.fetched += batch.length;
    const room = this.limit - this.rowCount;
    if (room <= 0) return false;
    const lines = rowsToJsonLines(this.cols, batch, Math.min(room, batch.length));
    for (let start = 0; start < lines.length && !this.bytesLimited;) {
      let end = start;
      for (let chars = 0; end < lines.length && (end === start || chars + lines[end].length <= PIECE_CHARS); end++)
        chars += lines[end].length + ROW_SEPARATOR.length;
      await this.piece(lines, start, end);
      start = end;
    }
    return !this.bytesLimited;
  }

  /** Hand lines[from, to) to the targets, as many of them as fit under `maxBytes`. */
  private async piece(lines: string[], from: number, to: number): Promise<void> {
    let text = lines.slice(from, to).join(ROW_SEPARATOR);
    // the separator before this piece counts too (the stored text is one join of every row)
    const before = this.rowCount > 0 ? ROW_SEPARATOR.length : 0;
    let size = before + Buffer.byteLength(text);
    if (this.bytes + size > this.maxBytes) {
      // keep the rows that fit, then stop reading
      let keep = from;
      size = 0;
      for (; keep < to; keep++) {
        const n = Buffer.byteLength(lines[keep]) + (keep > from || before ? ROW_SEPARATOR.length : 0);
        if (this.bytes + size + n > this.maxBytes) break;
        size += n;
      }
      to = keep;
      text = lines.slice(from, to).join(ROW_SEPARATOR);
      this.bytesLimited = true;
    }
    if (to === from) return;
    this.rowCount += to - from;
    this.bytes += size;
    await Promise.all(this.targets.map((t) => t(text)));
  }
}
