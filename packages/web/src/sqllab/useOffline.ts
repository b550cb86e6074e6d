import { useEffect } from 'react';
import { OFFLINE_PROBE_MS } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { connectivityEvent, pollQueries } from './state/queryThunks';

/**
 * SQL Lab's offline state from the browser's side: its `offline` event is offline at once; its
 * `online` event asks the server straight away. While offline the server is asked every few
 * seconds (a query poll), and the first answer brings SQL Lab back online.
 */
export function useOfflineDetection(): boolean {
  const dispatch = useAppDispatch();
  const offline = useAppSelector((s) => s.sqlLab.offline);

  useEffect(() => {
    const handleOffline = () => dispatch(connectivityEvent('browser-offline'));
    const handleOnline = () => {
      dispatch(connectivityEvent('browser-online'));
      void dispatch(pollQueries());
    };
    window.addEventListener('offline', handleOffline);
    window.addEventListener('online', handleOnline);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) handleOffline();
    return () => {
      window.removeEventListener('offline', handleOffline);
      window.removeEventListener('online', handleOnline);
    };
  }, [dispatch]);

  useEffect(() => {
    if (!offline) return;
    const t = window.setInterval(() => void dispatch(pollQueries()), OFFLINE_PROBE_MS);
    return () => window.clearInterval(t);
  }, [offline, dispatch]);

  return offline;
}
