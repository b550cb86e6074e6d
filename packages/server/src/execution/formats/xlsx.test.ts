import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { EXCEL_MAX_CELL_CHARS, excelSheetName, recordsToXlsx } from './xlsx.js';

const JAN_1_2024 = Date.UTC(2024, 0, 1);

async function readBack(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

describe('chart data as an Excel workbook', () => {
  it('types cells by column: numbers, text, dates with a date-time format, booleans', async () => {
    const buf = await recordsToXlsx(
      ['date', 'origin', 'AVG(delay)', 'late'],
      [2, 1, 0, 3],
      [
        { date: JAN_1_2024, origin: 'SEA', 'AVG(delay)': 4.8, late: true },
        { date: JAN_1_2024 + 3_600_000, origin: 'SFO', 'AVG(delay)': '3.10', late: false },
      ],
    );
    const sheet = (await readBack(buf)).getWorksheet('Sheet1');
    expect(sheet).toBeDefined();
    const ws = sheet as ExcelJS.Worksheet;
    expect(ws.getRow(1).values).toEqual([undefined, 'date', 'origin', 'AVG(delay)', 'late']);
    expect(ws.getCell('A1').font?.bold).toBe(true);

    const date = ws.getCell('A2');
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect((date.value as Date).getTime()).toBe(JAN_1_2024);
    expect(date.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect((ws.getCell('A3').value as Date).getTime()).toBe(JAN_1_2024 + 3_600_000);

    expect(ws.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('B2').value).toBe('SEA');
    expect(ws.getCell('C2').type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getCell('C2').value).toBe(4.8);
    // decimal text from a driver becomes a number the spreadsheet can sum
    expect(ws.getCell('C3').value).toBe(3.1);
    expect(ws.getCell('D2').type).toBe(ExcelJS.ValueType.Boolean);
    expect(ws.getCell('D2').value).toBe(true);
    expect(ws.getCell('D3').value).toBe(false);
  });

  it('takes rows as arrays and leaves null cells empty', async () => {
    const ws = (await readBack(await recordsToXlsx(['a', 'b'], [0, 1], [[null, 'x']]))).worksheets[0];
    expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.Null);
    expect(ws.getCell('B2').value).toBe('x');
  });

  it('keeps formula-looking text as text, never as a formula', async () => {
    const ws = (await readBack(await recordsToXlsx(['t'], [1], [['=HYPERLINK("http://evil","x")']]))).worksheets[0];
    expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('A2').value).toBe('=HYPERLINK("http://evil","x")');
  });

  it('keeps the digits of integers past 2^53 as text', async () => {
    const ws = (await readBack(await recordsToXlsx(['id'], [0], [[12345678901234567890n], [42n]]))).worksheets[0];
    expect(ws.getCell('A2').value).toBe('12345678901234567890');
    expect(ws.getCell('A3').value).toBe(42);
  });

  it('writes times Excel cannot show as dates (before March 1900) as text', async () => {
    const ws = (await readBack(await recordsToXlsx(['date'], [2], [[Date.UTC(1854, 3, 1)]]))).worksheets[0];
    expect(ws.getCell('A2').value).toBe('1854-04-01 00:00:00');
  });

  it('cuts text to the length Excel accepts in a cell', async () => {
    const long = 'x'.repeat(EXCEL_MAX_CELL_CHARS + 10);
    const ws = (await readBack(await recordsToXlsx(['t'], [1], [[long]]))).worksheets[0];
    expect(String(ws.getCell('A2').value)).toHaveLength(EXCEL_MAX_CELL_CHARS);
  });

  it('names the sheet after the query label', async () => {
    const wb = await readBack(await recordsToXlsx(['a'], [0], [[1]], { sheetName: 'Delays by origin' }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Delays by origin']);
  });

  it('writes 100 000 rows in reasonable time', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => [JAN_1_2024 + i * 60_000, `name ${i % 50}`, i / 3]);
    const t0 = performance.now();
    const buf = await recordsToXlsx(['d', 's', 'n'], [2, 1, 0], rows);
    expect(performance.now() - t0).toBeLessThan(15_000);
    const ws = (await readBack(buf)).worksheets[0];
    expect(ws.rowCount).toBe(100_001);
  }, 60_000);
});

describe('Excel sheet names', () => {
  it('drops the characters Excel forbids and cuts at 31 characters', () => {
    expect(excelSheetName('Sales [EU]: Q1/Q2?')).toBe('Sales EU Q1 Q2');
    expect(excelSheetName('A very long chart name that goes on and on')).toBe('A very long chart name that goe');
    expect(excelSheetName("'quoted'")).toBe('quoted');
  });

  it('falls back to Sheet1 for a blank or reserved name', () => {
    expect(excelSheetName(null)).toBe('Sheet1');
    expect(excelSheetName('  ')).toBe('Sheet1');
    expect(excelSheetName('History')).toBe('Sheet1');
  });
});
