import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, timestampedFileName } from './download';

describe('the name of a downloaded file', () => {
  it('reads the quoted, the bare and the encoded filename of Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="dashboard_export_20260102T030405.zip"', 'x.zip')).toBe(
      'dashboard_export_20260102T030405.zip',
    );
    expect(fileNameFromDisposition('attachment; filename=export.zip', 'x.zip')).toBe('export.zip');
    expect(fileNameFromDisposition(`attachment; filename="a.zip"; filename*=UTF-8''caf%C3%A9%20sales.zip`, 'x.zip')).toBe('café sales.zip');
  });

  it('keeps no folder part, so a reply cannot name a path', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x.zip')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\temp\\a.zip"', 'x.zip')).toBe('a.zip');
    expect(fileNameFromDisposition('attachment; filename=".."', 'x.zip')).toBe('x.zip');
  });

  it('falls back when the header is missing, names nothing or is malformed', () => {
    expect(fileNameFromDisposition(null, 'x.zip')).toBe('x.zip');
    expect(fileNameFromDisposition('attachment', 'x.zip')).toBe('x.zip');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.zip')).toBe('x.zip');
  });

  it('stamps a generated name with the UTC time, as the BI server names its exports', () => {
    expect(timestampedFileName('dashboard_export', 'zip', new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe(
      'dashboard_export_20260102T030405.zip',
    );
  });
});
