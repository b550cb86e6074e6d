/** The refresh interval dialog's choices and its load warning. */

/** A number of seconds as the interval list words it ("90 seconds", "2 minutes", "1 hour"). */
export function intervalLabel(seconds: number): string {
  if (seconds <= 0) return "Don't refresh";
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds % 86400 === 0) return unit(seconds / 86400, 'day');
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

/** The BI server's intervals, plus the current one when it is not among them (set in the JSON metadata). */
export function refreshIntervalOptions(
  intervals: readonly (readonly [number, string])[],
  current: number,
): { value: number; label: string }[] {
  const options = intervals.map(([value, label]) => ({ value, label }));
  if (current > 0 && !options.some((o) => o.value === current)) {
    options.push({ value: current, label: intervalLabel(current) });
    options.sort((a, b) => a.value - b.value);
  }
  return options;
}

/** Worth a warning: at least one chart query per second on average. */
export function isShortInterval(seconds: number, chartCount: number): boolean {
  return seconds > 0 && chartCount > 0 && chartCount / seconds >= 1;
}
