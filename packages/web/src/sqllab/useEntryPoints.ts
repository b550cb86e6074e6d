import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { openFormData, openPermalink, openQueryById, openRequestedQuery, openSavedQuery, type RequestedQuery } from './state/entryThunks';

function isRequestedQuery(v: unknown): v is RequestedQuery {
  return typeof v === 'object' && v !== null && typeof (v as { sql?: unknown }).sql === 'string';
}

const positiveInt = (v: string | null): number | null => (v && /^\d{1,12}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * Open what the URL asks for once SQL Lab is loaded: navigation state (requestedQuery), a form
 * post's key, ?savedQueryId=, ?queryId=, or a permalink (/sqllab/p/:key). The URL is then
 * cleaned to /sqllab/, so a reload does not open it again.
 */
export function useEntryPoints(): void {
  const ready = useAppSelector((s) => s.sqlLab.status === 'ready');
  const dispatch = useAppDispatch();
  const location = useLocation();
  const navigate = useNavigate();
  const { key: permalinkKey } = useParams();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || handled.current === location.key) return;
    handled.current = location.key;
    const params = new URLSearchParams(location.search);
    const state: unknown = location.state;
    const requested = typeof state === 'object' && state !== null ? (state as { requestedQuery?: unknown }).requestedQuery : undefined;
    const formKey = params.get('form_key');
    const savedQueryId = positiveInt(params.get('savedQueryId'));
    const queryId = positiveInt(params.get('queryId'));

    let opened = true;
    if (permalinkKey) void dispatch(openPermalink(permalinkKey));
    else if (isRequestedQuery(requested)) void dispatch(openRequestedQuery(requested));
    else if (formKey) void dispatch(openFormData(formKey));
    else if (savedQueryId !== null) void dispatch(openSavedQuery(savedQueryId));
    else if (queryId !== null) void dispatch(openQueryById(queryId));
    else opened = false;

    if (opened) {
      for (const k of ['form_key', 'savedQueryId', 'queryId']) params.delete(k);
      const rest = params.toString();
      void navigate(`/sqllab/${rest ? `?${rest}` : ''}`, { replace: true, state: null });
    }
  }, [ready, location, permalinkKey, dispatch, navigate]);
}
