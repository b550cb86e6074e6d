import { describe, expect, it } from 'vitest';
import { EditUiStore } from './editUiStore';

describe('edit-mode UI store: the drop indicator and its message', () => {
  it('notifies when the refusal reason or the note changes at the same place, and not when nothing changed', () => {
    const store = new EditUiStore();
    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    store.setIndicator({ id: 'ROW-1', position: 'RIGHT', forbidden: true, reason: 'This row is full: its widths add up to 12.' });
    store.setIndicator({ id: 'ROW-1', position: 'RIGHT', forbidden: true, reason: 'This row is full: its widths add up to 12.' });
    expect(calls).toBe(1);
    store.setIndicator({ id: 'ROW-1', position: 'RIGHT', forbidden: true, reason: 'This row has 2 columns free; this component needs 4.' });
    expect(calls).toBe(2);
    store.setIndicator({ id: 'ROW-1', position: 'RIGHT', forbidden: false, note: 'Top-level tabs' });
    store.setIndicator({ id: 'ROW-1', position: 'RIGHT', forbidden: false, note: 'Top-level tabs', inside: true });
    expect(calls).toBe(4);
    expect(store.get().indicator).toMatchObject({ note: 'Top-level tabs', inside: true });
  });
});
