import { useEffect, useState } from 'react';
import { request, toClientError } from '../../core/api';
import { useDebouncedValue } from '../../components/useDebouncedValue';

interface TimeRangeReply {
  result: { since: string; until: string; timeRange: string }[];
}

export interface TimeRangeBoundsState {
  /** the range the answer below is for */
  timeRange: string;
  since: string | null;
  until: string | null;
  error: string | null;
  pending: boolean;
}

/**
 * The actual bounds of a time range as the server will apply them (GET /api/v1/time_range/),
 * asked once typing pauses; an expression that does not parse answers with the server's message.
 */
export function useTimeRangeBounds(timeRange: string): TimeRangeBoundsState {
  const asked = useDebouncedValue(timeRange, 300);
  const [answer, setAnswer] = useState<Omit<TimeRangeBoundsState, 'pending'> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    request<TimeRangeReply>({ url: '/api/v1/time_range/', q: asked, signal: controller.signal }).then(
      (reply) => {
        const first = reply.result[0];
        setAnswer({ timeRange: asked, since: first?.since || null, until: first?.until || null, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ timeRange: asked, since: null, until: null, error: toClientError(error).message });
      },
    );
    return () => controller.abort();
  }, [asked]);

  if (!answer || answer.timeRange !== timeRange) return { timeRange, since: null, until: null, error: null, pending: true };
  return { ...answer, pending: false };
}
