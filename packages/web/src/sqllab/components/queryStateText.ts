import { t } from '../../i18n';

/** A query's state (`success`, `failed`…) as the user reads it; an unknown state as it is. */
export function queryStateText(state: string): string {
  switch (state) {
    case 'success':
      return t('sqllab:queryState.success');
    case 'failed':
      return t('sqllab:queryState.failed');
    case 'timed_out':
      return t('sqllab:queryState.timedOut');
    case 'stopped':
      return t('sqllab:queryState.stopped');
    case 'running':
      return t('sqllab:queryState.running');
    case 'pending':
      return t('sqllab:queryState.pending');
    case 'fetching':
      return t('sqllab:queryState.fetching');
    case 'started':
      return t('sqllab:queryState.started');
    case 'scheduled':
      return t('sqllab:queryState.scheduled');
    default:
      return state;
  }
}
