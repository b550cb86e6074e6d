/** A time range, bound or shift that cannot be read. The message names the part that failed. */
export class TimeRangeError extends Error {
  constructor(
    message: string,
    /** the whole text that was being read */
    readonly timeRange: string,
    /** the side or phrase that failed, when one did */
    readonly part: string | null = null,
  ) {
    super(message);
    this.name = 'TimeRangeError';
  }
}

/**
 * Thrown inside the readers of one bound; `parseTimeRange` turns it into a TimeRangeError that
 * quotes the whole range and the bound. `reason` completes the sentence `"<bound>" <reason>`.
 */
export class BoundError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'BoundError';
  }
}

export const NOT_A_DATE = 'is not a valid date or expression';
export const OUT_OF_RANGE = 'is outside the dates that can be represented';
