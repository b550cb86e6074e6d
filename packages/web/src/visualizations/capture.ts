/**
 * Whether the page is one a report captures as a picture: a saved chart alone
 * (`/explore/?slice_id=…&standalone=true`, what a chart report opens) or a dashboard in report
 * mode (`standalone=3`). A picture cannot be scrolled or paged, so charts lay everything out in
 * full there (a legend wraps instead of paging "1/2").
 */
export function isCaptureAddress(pathname: string, search: string): boolean {
  const standalone = (new URLSearchParams(search).get('standalone') ?? '').toLowerCase();
  if (/\/explore\/?$/.test(pathname)) return ['true', '1', '2', '3'].includes(standalone);
  if (/\/dashboard\/(p\/)?[^/]+\/?$/.test(pathname)) return standalone === '3';
  return false;
}

/** The form data a chart draws with on a captured page: legends laid out in full ('plain'), not paged. */
export function captureFormData<T extends Record<string, unknown>>(formData: T): T {
  return formData.legendType === 'plain' ? formData : { ...formData, legendType: 'plain' };
}

export function isCapturePage(): boolean {
  return typeof window !== 'undefined' && isCaptureAddress(window.location.pathname, window.location.search);
}
