/** "3 minutes ago"-style text for changed_on_delta_humanized. */
export function humanizeDelta(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return '';
  const units: [number, string][] = [
    [365 * 24 * 3600, 'year'],
    [30 * 24 * 3600, 'month'],
    [24 * 3600, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.floor(Math.abs(seconds) / size);
    if (n >= 1) {
      const label = n === 1 ? `${n === 1 && name === 'hour' ? 'an' : 'a'} ${name}` : `${n} ${name}s`;
      return seconds >= 0 ? `${label} ago` : `in ${label}`;
    }
  }
  return seconds >= 0 ? 'a few seconds ago' : 'in a few seconds';
}
