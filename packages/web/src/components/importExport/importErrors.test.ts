import { describe, expect, it } from 'vitest';
import { getClientError } from '@rama/shared';
import { importDoneMessage, importProblems, importResultOf, overwriteConfirmed } from './importErrors';
import { pageSlices, pdfFileName } from '../../dashboard/dashboardPdf';
import { exportUrl, importFormData } from './transfer';

const refusal = (extra: Record<string, unknown>, message = 'Error importing chart') =>
  getClientError({
    kind: 'response',
    status: 422,
    body: { errors: [{ message, error_type: 'GENERIC_COMMAND_ERROR', level: 'warning', extra }] },
  });

describe('importProblems', () => {
  it('lists the files that already exist, asking for an overwrite and nothing else', () => {
    const problems = importProblems(
      refusal({
        'charts/Flights_1.yaml': 'Chart already exists and `overwrite=true` was not passed',
        'datasets/main/flights.yaml': 'Dataset already exists and `overwrite=true` was not passed',
        issue_codes: [{ code: 1010, message: 'Issue 1010' }],
      }),
    );
    expect(problems.alreadyExists).toEqual(['charts/Flights_1.yaml', 'datasets/main/flights.yaml']);
    expect(problems.terminal).toEqual([]);
    expect(problems.passwordsNeeded).toEqual([]);
  });

  it('asks for a password per database whose password the bundle masks', () => {
    const problems = importProblems(
      refusal({
        'databases/warehouse.yaml': { _schema: ['Must provide a password for the database'] },
        'databases/ssh.yaml': { _schema: ['Must provide a password for the ssh tunnel'] },
      }),
    );
    expect(problems.passwordsNeeded).toEqual(['databases/warehouse.yaml']);
    expect(problems.sshPasswordsNeeded).toEqual(['databases/ssh.yaml']);
    expect(problems.terminal).toEqual([]);
  });

  it('ends the import with the server message and each file problem when one cannot be answered in the modal', () => {
    const problems = importProblems(
      refusal({
        'charts/a.yaml': 'Chart already exists and `overwrite=true` was not passed',
        'datasets/b.yaml': 'Database does not exist',
      }),
    );
    expect(problems.alreadyExists).toEqual([]);
    expect(problems.terminal).toEqual(['Error importing chart: datasets/b.yaml: Database does not exist']);
  });

  it('shows the message of a refusal without per-file errors (a bad bundle, a 400)', () => {
    const bad = getClientError({ kind: 'response', status: 400, body: { message: 'Not a valid ZIP file' } });
    expect(importProblems(bad).terminal).toEqual(['Not a valid ZIP file']);
    expect(importProblems(refusal({}, 'Could not find a valid command to import file')).terminal).toEqual([
      'Could not find a valid command to import file',
    ]);
  });
});

describe('overwriteConfirmed', () => {
  it('accepts only the word OVERWRITE as typed (spaces around it ignored)', () => {
    expect(overwriteConfirmed('OVERWRITE')).toBe(true);
    expect(overwriteConfirmed(' OVERWRITE ')).toBe(true);
    expect(overwriteConfirmed('overwrite')).toBe(false);
    expect(overwriteConfirmed('OVERWRIT')).toBe(false);
  });
});

describe('import form and export address', () => {
  it('sends the bundle in formData with overwrite and the passwords as JSON, leaving empty maps out', () => {
    const form = importFormData(new File(['x'], 'export.zip'), {
      overwrite: true,
      passwords: { 'databases/a.yaml': 'pw' },
      sshTunnelPasswords: {},
    });
    expect((form.get('formData') as File).name).toBe('export.zip');
    expect(form.get('overwrite')).toBe('true');
    expect(JSON.parse(form.get('passwords') as string)).toEqual({ 'databases/a.yaml': 'pw' });
    expect(form.has('ssh_tunnel_passwords')).toBe(false);
    expect(importFormData(new File(['x'], 'a.zip'), { overwrite: false, passwords: {} }).has('overwrite')).toBe(false);
  });

  it('addresses the export of the rows as a rison id list', () => {
    expect(decodeURIComponent(exportUrl('chart', [3, 12]))).toBe('/api/v1/chart/export/?q=!(3,12)');
  });
});

describe('dashboard PDF', () => {
  it('names the file from the title in kebab case and the ISO timestamp', () => {
    expect(pdfFileName("World Bank's Data", new Date('2026-11-28T19:30:05.123Z'))).toBe('world-bank-s-data-2026-11-28T19_30_05.123Z.pdf');
    expect(pdfFileName('  ', new Date('2026-01-02T03:04:05.000Z'))).toBe('dashboard-2026-01-02T03_04_05.000Z.pdf');
  });

  it('cuts a tall image into A4 landscape pages of the printable height, the last one shorter', () => {
    // 2770 px across 277 mm: 10 px per mm, so a page (190 mm printable) holds 1900 px
    expect(pageSlices(2770, 4000)).toEqual([
      { top: 0, height: 1900 },
      { top: 1900, height: 1900 },
      { top: 3800, height: 200 },
    ]);
    expect(pageSlices(2770, 1000)).toEqual([{ top: 0, height: 1000 }]);
    expect(pageSlices(0, 100)).toEqual([]);
  });
});

describe('importDoneMessage: the toast after an import says what it did', () => {
  it('adds the counts and each database imported under another name', () => {
    const result = importResultOf({
      message: 'OK',
      result: {
        created: [
          { type: 'database', uuid: 'u1', id: 3, name: 'examples (2)' },
          { type: 'dataset', uuid: 'u2', id: 7, name: 'video_game_sales' },
          { type: 'dashboard', uuid: 'u3', id: 2, name: 'Video Game Sales' },
        ],
        updated: [{ type: 'chart', uuid: 'u4', id: 9, name: 'Sales by genre' }],
        renamed: [{ type: 'database', uuid: 'u1', id: 3, from: 'examples', to: 'examples (2)' }],
      },
    });
    expect(importDoneMessage('Dashboard imported', result)).toBe(
      'Dashboard imported. Created 3, updated 1; database "examples" imported as "examples (2)".',
    );
  });

  it('names the legacy charts the import converted', () => {
    const result = importResultOf({
      message: 'OK',
      result: {
        created: [{ type: 'dashboard', uuid: 'u3', id: 2, name: 'Legacy' }],
        updated: [],
        renamed: [],
        converted: [
          { type: 'chart', kind: 'chart_type', uuid: 'u5', id: 4, name: 'Bars', from: 'dist_bar', to: 'echarts_timeseries_bar' },
          { type: 'chart', kind: 'native_filter', uuid: 'u6', name: 'Filters', from: 'filter_box', to: 'native_filter', filters: 1 },
        ],
      },
    });
    expect(importDoneMessage('Dashboard imported', result)).toBe(
      'Dashboard imported. Created 1; 1 legacy chart migrated to current types, 1 filter box became native filters.',
    );
  });

  it('stays the plain message when the reply says nothing more (the peer\'s {message: "OK"})', () => {
    expect(importResultOf({ message: 'OK' })).toBeNull();
    expect(importResultOf({ message: 'OK', result: { created: [] } })).toBeNull();
    expect(importDoneMessage('Chart imported', importResultOf({ message: 'OK' }))).toBe('Chart imported');
  });
});
