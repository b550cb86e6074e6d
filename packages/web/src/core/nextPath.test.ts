import { describe, expect, it } from 'vitest';
import { HOME_PATH, safeNextPath } from './nextPath';

const origin = 'http://rama.example:8088';

describe('safeNextPath (login redirect only to same-origin relative paths)', () => {
  it('keeps a relative path with its query', () => {
    expect(safeNextPath('/database/3/?schema=main', origin)).toBe('/database/3/?schema=main');
  });

  it('falls back to the welcome page when next is missing', () => {
    expect(safeNextPath(null, origin)).toBe(HOME_PATH);
    expect(safeNextPath('', origin)).toBe(HOME_PATH);
  });

  it('refuses absolute and protocol-relative URLs', () => {
    expect(safeNextPath('https://evil.example/', origin)).toBe(HOME_PATH);
    expect(safeNextPath('//evil.example/x', origin)).toBe(HOME_PATH);
    expect(safeNextPath('/\\evil.example', origin)).toBe(HOME_PATH);
    expect(safeNextPath('javascript:alert(1)', origin)).toBe(HOME_PATH);
  });

  it('does not loop back to the login page', () => {
    expect(safeNextPath('/login/', origin)).toBe(HOME_PATH);
  });
});
