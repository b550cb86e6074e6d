import { expect, test } from '@playwright/test';
import { apiFor, chooseNavEntry } from './support';

interface LogRow {
  action: string;
  json: string;
  user: { username: string } | null;
}

interface NavigationEvent {
  path: string;
  event_name: string;
  event_type: string;
  event_id: string;
  impression_id: string;
  version: string;
  visibility: string;
  ts: number;
}

test.describe('event log', () => {
  test('moving between pages logs spa_navigation events, sent in a beacon batch', async ({ page }) => {
    const since = new Date(Date.now() - 1000).toISOString();
    const beacons: { contentType: string; url: string }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rama/log/')) {
        beacons.push({ contentType: request.headers()['content-type'] ?? '', url: request.url() });
      }
    });

    await page.goto('/rama/welcome/');
    await chooseNavEntry(page, 'Data', 'Datasets', /\/tablemodelview\/list\/$/);
    await expect(page.getByRole('heading', { name: 'Datasets', exact: true })).toBeVisible();
    await chooseNavEntry(page, 'SQL', 'Saved queries', /\/savedqueryview\/list\/$/);
    await expect(page.getByRole('heading', { name: 'Saved queries', exact: true })).toBeVisible();

    // one batch, about a second after the last navigation, as multipart form data
    await expect.poll(() => beacons.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(beacons[0].url).toMatch(/\/rama\/log\/\?explode=events$/);
    expect(beacons[0].contentType).toContain('multipart/form-data');

    const api = await apiFor(page);
    const q = encodeURIComponent(`(filters:!((col:action,opr:eq,value:spa_navigation),(col:dttm,opr:gt,value:'${since}')),page_size:100)`);
    const eventsOf = async () =>
      (await api.get<{ result: LogRow[] }>(`/api/v1/log/?q=${q}`)).result
        .filter((row) => row.user?.username === 'admin')
        .map((row) => JSON.parse(row.json) as NavigationEvent);
    await expect
      .poll(async () => (await eventsOf()).map((e) => e.path).sort(), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['/rama/welcome/', '/savedqueryview/list/', '/tablemodelview/list/']));

    // this page load is one impression: its events in order are welcome → datasets → saved queries
    // (other pages of earlier tests may flush their own events meanwhile, under other impressions)
    const byImpression = new Map<string, NavigationEvent[]>();
    for (const event of await eventsOf()) byImpression.set(event.impression_id, [...(byImpression.get(event.impression_id) ?? []), event]);
    const ours = [...byImpression.values()]
      .map((events) => events.sort((a, b) => a.ts - b.ts))
      .find((events) => events.map((e) => e.path).join(' ') === '/rama/welcome/ /tablemodelview/list/ /savedqueryview/list/');
    expect(ours, JSON.stringify([...byImpression.values()])).toBeDefined();
    for (const event of ours ?? []) {
      expect(event).toMatchObject({ event_name: 'spa_navigation', event_type: 'user', version: 'v2', visibility: 'visible' });
      expect(typeof event.ts).toBe('number');
    }
    expect(new Set(ours?.map((e) => e.event_id)).size).toBe(3);
  });
});
