/**
 * Unsaved edits survive a reload (issue 11 part 3): after the first change the form data is stored
 * under a key per browser tab (POST, then PUT /api/v1/explore/form_data), debounced, and the key
 * goes into the address without a page load.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { parseDatasourceKey, type QueryFormData } from '@rama/shared';
import { useAppDispatch } from '../core/hooks';
import { usePostFormDataMutation, usePutFormDataMutation } from './exploreApi';
import { exploreActions } from './exploreSlice';
import { browserTabId, exploreUrl } from './exploreUrl';

const DEBOUNCE_MS = 1000;

export function useFormDataSync(
  formData: QueryFormData,
  edited: boolean,
  formDataKey: string | null,
  sliceId: number | null,
  /** called with the address the page replaced itself with, so it is not loaded again */
  onOwnUrl: (url: string) => void,
): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [postFormData] = usePostFormDataMutation();
  const [putFormData] = usePutFormDataMutation();
  const lastStored = useRef('');
  const tabId = useRef(0);
  if (tabId.current === 0) tabId.current = browserTabId();
  // a store that answers after the chart was saved (or the page left) must not put back an older
  // address: it reads the chart's id as it is then, and does nothing once Explore is gone
  const latestSliceId = useRef(sliceId);
  latestSliceId.current = sliceId;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!edited) return;
    const ds = parseDatasourceKey(formData.datasource);
    if (!ds) return;
    const text = JSON.stringify(formData);
    if (text === lastStored.current) return;
    const timer = setTimeout(() => {
      lastStored.current = text;
      const payload = { datasource_id: ds.id, datasource_type: ds.type, chart_id: sliceId, form_data: text };
      const save = formDataKey
        ? putFormData({ key: formDataKey, tabId: tabId.current, payload })
            .unwrap()
            .then((r) => r.key ?? formDataKey)
        : postFormData({ tabId: tabId.current, payload })
            .unwrap()
            .then((r) => r.key);
      save
        .then((key) => {
          if (!mounted.current) return;
          if (key !== formDataKey) dispatch(exploreActions.formDataKeyChanged(key));
          const url = exploreUrl({ formDataKey: key, sliceId: latestSliceId.current });
          if (`${window.location.pathname}${window.location.search}` !== url) {
            onOwnUrl(url);
            void navigate(url, { replace: true });
          }
        })
        // keeping the edits across a reload is a convenience: a failure leaves the page as it is
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [formData, edited, formDataKey, sliceId, postFormData, putFormData, dispatch, navigate, onOwnUrl]);
}
