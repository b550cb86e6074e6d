import { describe, expect, it } from 'vitest';
import { DATASOURCE_DRAG_TYPE } from './types';
import { chipDragIndex, chipDragPayload, DATASOURCE_KIND_TYPES, dragMayFit, parseDragItem } from './dnd';
import { DEFAULT_PICKER_COLOR, rgbaToCss, toRgba } from './colorValue';
import { boundsOf, parseTextValue } from './textValue';

describe('text controls holding numbers', () => {
  it('parses integers and floats, keeping text that is not one so the validator can name the problem', () => {
    expect(parseTextValue('12', { isInt: true })).toBe(12);
    expect(parseTextValue('1.5', { isInt: true })).toBe('1.5');
    expect(parseTextValue('1.5', { isFloat: true })).toBe(1.5);
    expect(parseTextValue('abc', { isFloat: true })).toBe('abc');
    expect(parseTextValue(' ', { isInt: true })).toBeNull();
    expect(parseTextValue(' x ', {})).toBe(' x ');
  });

  it('reads axis bounds as a pair of numbers or nulls', () => {
    expect(boundsOf([0, '10'])).toEqual([0, 10]);
    expect(boundsOf(null)).toEqual([null, null]);
    expect(boundsOf(['', 'x'])).toEqual([null, null]);
  });
});

describe('colour picker value', () => {
  it('defaults to r=0, g=122, b=135, a=1 (spec section 9) and clamps channels', () => {
    expect(toRgba(undefined)).toEqual(DEFAULT_PICKER_COLOR);
    expect(DEFAULT_PICKER_COLOR).toEqual({ r: 0, g: 122, b: 135, a: 1 });
    expect(toRgba({ r: 300, g: 0, b: 0, a: 2 })).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(rgbaToCss({ r: 1, g: 2, b: 3, a: 0.5 })).toBe('rgba(1, 2, 3, 0.5)');
  });
});

describe('drag and drop', () => {
  it('accepts datasource drags whose kind fits, or whose kind is not announced', () => {
    expect(dragMayFit([DATASOURCE_DRAG_TYPE, DATASOURCE_KIND_TYPES.metric], ['column'])).toBe(false);
    expect(dragMayFit([DATASOURCE_DRAG_TYPE, DATASOURCE_KIND_TYPES.column], ['column'])).toBe(true);
    expect(dragMayFit([DATASOURCE_DRAG_TYPE], ['metric'])).toBe(true);
    expect(dragMayFit(['text/plain'], ['column', 'metric'])).toBe(false);
  });

  it('reads the JSON payload of the datasource pane', () => {
    expect(parseDragItem('{"kind":"metric","name":"count"}')).toEqual({ kind: 'metric', name: 'count' });
    expect(parseDragItem('{"kind":"table","name":"x"}')).toBeNull();
    expect(parseDragItem('nope')).toBeNull();
  });

  it('reorders chips only within the same control', () => {
    expect(chipDragIndex(chipDragPayload('metrics', 2), 'metrics')).toBe(2);
    expect(chipDragIndex(chipDragPayload('groupby', 2), 'metrics')).toBeNull();
  });
});
