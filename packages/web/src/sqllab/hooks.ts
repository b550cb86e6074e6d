import { useEffect, useRef, useState, type RefObject } from 'react';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { selectAnyQueryInProgress } from './state/selectors';
import { pollQueries } from './state/queryThunks';
import { syncRequested } from './state/actions';
import { saveLocalSnapshot } from './state/localStore';
import { useStore } from 'react-redux';
import type { RootState } from '../core/state';

/** The current time, ticking while `active` (the live elapsed timer of a running query). */
export function useNow(active: boolean, intervalMs = 100): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(t);
  }, [active, intervalMs]);
  return now;
}

/** The pixel height of an element (for the virtualized result grid). */
export function useElementHeight<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver((entries) => setHeight(Math.floor(entries[0]?.contentRect.height ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, height];
}

const POLL_MS = 1000;

/** Poll query changes every second while any query is in progress. */
export function useQueryPolling(): void {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectAnyQueryInProgress);
  useEffect(() => {
    if (!busy) return;
    const t = window.setInterval(() => void dispatch(pollQueries()), POLL_MS);
    return () => window.clearInterval(t);
  }, [busy, dispatch]);
}

/** Never lose work: when the page is hidden or closed, write the browser copy and sync at once. */
export function useFlushOnHide(): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    const handleHide = () => {
      saveLocalSnapshot(store.getState().sqlLab);
      dispatch(syncRequested());
    };
    const handleVisibility = () => {
      if (document.visibilityState === 'hidden') handleHide();
    };
    document.addEventListener('visibilitychange', handleVisibility);
    window.addEventListener('pagehide', handleHide);
    return () => {
      document.removeEventListener('visibilitychange', handleVisibility);
      window.removeEventListener('pagehide', handleHide);
    };
  }, [dispatch, store]);
}
