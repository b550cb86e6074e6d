/**
 * The row sink of a SQL Lab run: rows become JSON object texts (one per row, joined by ",\n")
 * batch by batch and go to each target (the results store, a sync reply) as they are read. It
 * keeps `limit` rows (the extra row read tells that more were available) and stops reading when
 * the result's JSON would pass `maxBytes` (SQL_MAX_RESULT_BYTES).
 */
import type { Cell, ResultColumn, RowSink } from '../engines/types.js';
import { ROW_SEPARATOR } from './results.js';
import { rowsToJsonLines } from '../execution/formats/json.js';

/** Receives rows text (without a leading separator); a promise holds reading back. */
export type RowsTarget = (rowsText: string) => void | Promise<void>;

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
    let text = lines.join(ROW_SEPARATOR);
    let size = Buffer.byteLength(text);
    if (this.bytes + size > this.maxBytes) {
      // keep the rows that fit, then stop reading
      let keep = 0;
      let used = this.bytes;
      for (; keep < lines.length; keep++) {
        const n = Buffer.byteLength(lines[keep]) + ROW_SEPARATOR.length;
        if (used + n > this.maxBytes) break;
        used += n;
      }
      lines.length = keep;
      text = lines.join(ROW_SEPARATOR);
      size = Buffer.byteLength(text);
      this.bytesLimited = true;
    }
    this.rowCount += lines.length;
    this.bytes += size;
    if (lines.length) await Promise.all(this.targets.map((t) => t(text)));
    return !this.bytesLimited;
  }
}
