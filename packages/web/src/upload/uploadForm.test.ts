import { describe, expect, it } from 'vitest';
import { INITIAL_VALUES, exploreUrl, fileSizeText, metadataFields, tableNameFromFile, uploadErrorText, uploadFields } from './uploadForm';

describe('upload page form', () => {
  it('names the table after the file', () => {
    expect(tableNameFromFile('Flights 2024 (Q1).csv')).toBe('Flights_2024_Q1');
    expect(tableNameFromFile('2024.csv')).toBe('t_2024');
  });

  it('sends only the fields the file type takes, with the peer’s names', () => {
    const v = {
      ...INITIAL_VALUES,
      databaseId: 1,
      tableName: ' flights ',
      delimiter: ';',
      columnDates: ['d', 'e'],
      nullValues: ['', 'NA'],
      sheetName: 'S',
    };
    expect(uploadFields('csv', v)).toEqual({
      table_name: 'flights',
      already_exists: 'fail',
      header_row: '0',
      column_dates: 'd,e',
      null_values: ',NA',
      delimiter: ';',
    });
    expect(uploadFields('excel', v)).toMatchObject({ sheet_name: 'S' });
    expect(uploadFields('excel', v)).not.toHaveProperty('delimiter');
    expect(uploadFields('columnar', { ...v, columnsRead: ['a'], dataframeIndex: true, indexLabel: 'i' })).toEqual({
      table_name: 'flights',
      already_exists: 'fail',
      columns_read: 'a',
      dataframe_index: 'true',
      index_label: 'i',
    });
    expect(uploadFields('csv', { ...v, hasHeader: false }).header_row).toBe('');
    expect(metadataFields('csv', { delimiter: ';', hasHeader: true, headerRow: 2 })).toEqual({
      type: 'csv',
      header_row: '2',
      delimiter: ';',
    });
    expect(metadataFields('columnar', { delimiter: ';', hasHeader: true, headerRow: 2 })).toEqual({ type: 'columnar' });
  });

  it('shows the server’s message, or each field’s', () => {
    expect(uploadErrorText(422, { message: 'Line 4 has 3 values' })).toBe('Line 4 has 3 values');
    expect(uploadErrorText(400, { message: { table_name: ['Too long.'], file: ['Bad.'] } })).toBe('table_name: Too long.; file: Bad.');
    expect(uploadErrorText(0, null)).toBe('The upload could not reach the server.');
    expect(exploreUrl(7)).toBe('/explore/?datasource_type=table&datasource_id=7');
  });
});

describe('fileSizeText', () => {
  it('shows bytes, KB and MB', () => {
    expect(fileSizeText(812)).toBe('812 bytes');
    expect(fileSizeText(1650)).toBe('1.6 KB');
    expect(fileSizeText(200 * 1024 * 1024)).toBe('200.0 MB');
  });
});
