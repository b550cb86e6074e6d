import { describe, expect, it } from 'vitest';
import { checkTagName, distinctNames, MAX_TAG_NAME, objectTypeName } from './rules.js';

describe('tag rules', () => {
  it('names object types by the peer number or by name, and nothing else', () => {
    expect(objectTypeName(1)).toBe('query');
    expect(objectTypeName('2')).toBe('chart');
    expect(objectTypeName('dashboard')).toBe('dashboard');
    expect(objectTypeName(4)).toBe('dataset');
    expect(objectTypeName(5)).toBeNull();
    expect(objectTypeName('slice')).toBeNull();
    expect(objectTypeName('toString')).toBeNull();
  });

  it('trims a tag name and refuses empty, too long and reserved system names', () => {
    expect(checkTagName('  finance ')).toEqual({ name: 'finance' });
    expect(checkTagName('   ')).toEqual({ error: 'Tag name cannot be empty.' });
    expect(checkTagName('x'.repeat(MAX_TAG_NAME))).toEqual({ name: 'x'.repeat(MAX_TAG_NAME) });
    expect(checkTagName('x'.repeat(MAX_TAG_NAME + 1))).toHaveProperty('error');
    expect(checkTagName('owner:1')).toHaveProperty('error');
    expect(checkTagName('type:chart')).toHaveProperty('error');
    expect(checkTagName('team:sales')).toEqual({ name: 'team:sales' });
  });

  it('keeps distinct names in first-seen order', () => {
    expect(distinctNames(['b', ' a', 'b ', 'a', 'c'])).toEqual(['b', 'a', 'c']);
  });
});
