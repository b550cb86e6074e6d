import { describe, expect, it } from 'vitest';
import { addToast, createToast, removeToast } from './toasts.js';
import { TOAST_DURATION_MS, ToastType } from './constants.js';

describe('toasts (sql-editor.md sections 3 and 9)', () => {
  it('uses the spec durations: info 4 s, success 4 s, warning 6 s, danger 8 s', () => {
    expect(createToast('a', ToastType.INFO, 'x').duration).toBe(4000);
    expect(createToast('a', ToastType.SUCCESS, 'x').duration).toBe(4000);
    expect(createToast('a', ToastType.WARNING, 'x').duration).toBe(6000);
    expect(createToast('a', ToastType.DANGER, 'x').duration).toBe(8000);
    expect(TOAST_DURATION_MS.danger).toBe(8000);
  });

  it('keeps an explicit duration and defaults noDuplicate to false', () => {
    const toast = createToast('a', ToastType.INFO, 'x', { duration: 100 });
    expect(toast.duration).toBe(100);
    expect(toast.noDuplicate).toBe(false);
  });

  it('prepends new toasts', () => {
    const first = createToast('1', ToastType.INFO, 'first');
    const second = createToast('2', ToastType.DANGER, 'second');
    const toasts = addToast(addToast([], first), second);
    expect(toasts.map((t) => t.id)).toEqual(['2', '1']);
  });

  it('suppresses a noDuplicate toast whose text is already shown', () => {
    const shown = [createToast('1', ToastType.WARNING, 'Network error')];
    const dup = createToast('2', ToastType.DANGER, 'Network error', { noDuplicate: true });
    expect(addToast(shown, dup).map((t) => t.id)).toEqual(['1']);
  });

  it('adds a toast with the same text when noDuplicate is not set', () => {
    const shown = [createToast('1', ToastType.INFO, 'Saved')];
    expect(addToast(shown, createToast('2', ToastType.INFO, 'Saved')).map((t) => t.id)).toEqual(['2', '1']);
  });

  it('adds a noDuplicate toast with a new text', () => {
    const shown = [createToast('1', ToastType.INFO, 'Saved')];
    const other = createToast('2', ToastType.INFO, 'Deleted', { noDuplicate: true });
    expect(addToast(shown, other)).toHaveLength(2);
  });

  it('removes a toast by id and leaves the others', () => {
    const toasts = [createToast('1', ToastType.INFO, 'a'), createToast('2', ToastType.INFO, 'b')];
    expect(removeToast(toasts, '1').map((t) => t.id)).toEqual(['2']);
    expect(removeToast(toasts, 'missing')).toHaveLength(2);
  });
});
