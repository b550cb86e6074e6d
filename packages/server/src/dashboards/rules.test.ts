import { describe, expect, it } from 'vitest';
import { lastModifiedTime } from './rules.js';
import { isPublishOnly } from './update.js';
import { withSliceId } from './copy.js';

describe('last_modified_time (spec section 4, overwrite check)', () => {
  it('is changed_on as epoch seconds, milliseconds kept', () => {
    expect(lastModifiedTime('2024-05-01T10:00:00.250Z')).toBe(1714557600.25);
  });
});

describe('publishing (spec section 6)', () => {
  it('a body of published alone is a publish or hide, which has its own refusal message', () => {
    expect(isPublishOnly({ published: true })).toBe(true);
    expect(isPublishOnly({ published: false, dashboard_title: 'x' })).toBe(false);
    expect(isPublishOnly({})).toBe(false);
  });
});

describe('duplicated charts', () => {
  it('name their own id in the form data and query context they carry', () => {
    expect(JSON.parse(withSliceId('{"slice_id":3,"viz_type":"pie"}', 9) as string)).toEqual({ slice_id: 9, viz_type: 'pie' });
    expect(JSON.parse(withSliceId('{"form_data":{"slice_id":3},"queries":[]}', 9) as string)).toEqual({
      form_data: { slice_id: 9 },
      queries: [],
    });
    expect(withSliceId(null, 9)).toBeNull();
    expect(withSliceId('not json', 9)).toBe('not json');
  });
});
