import { describe, expect, it } from 'vitest';
import { bundleName, safeFileName } from './export.js';

describe('bundle file names', () => {
  it('keep safe ASCII, spaces as underscores, no path separators or leading dots', () => {
    expect(safeFileName('My Sales Data')).toBe('My_Sales_Data');
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('Café déjà')).toBe('Cafe_deja');
    expect(safeFileName('日本')).toBe('');
    expect(bundleName('日本', '7')).toBe('7');
  });
});
