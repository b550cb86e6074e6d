import { describe, expect, it } from 'vitest';
import { NO_SAVED_QUERY_FILTERS, savedQueryListFilters } from './savedQueryList';

describe('saved query list filters', () => {
  it('sends nothing when no filter is set', () => {
    expect(savedQueryListFilters(NO_SAVED_QUERY_FILTERS)).toEqual([]);
  });

  it("maps the search, the database and a tag to the server's filters (a tag is saved_query_tag_id)", () => {
    expect(savedQueryListFilters({ search: 'delays', databaseId: 3, tagId: 9 })).toEqual([
      { col: 'label', opr: 'all_text', value: 'delays' },
      { col: 'database', opr: 'rel_o_m', value: 3 },
      { col: 'tags', opr: 'saved_query_tag_id', value: 9 },
    ]);
  });
});
