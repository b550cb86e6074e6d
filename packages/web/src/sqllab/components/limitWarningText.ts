import { limitWarning, type LimitingFactor } from '@rama/shared';
import { currentLocale, t } from '../../i18n';

/** The limit warning of `limitWarning` (packages/shared), in the current language; null when rows were not limited. */
export function limitWarningText(factor: LimitingFactor | null | undefined, rows: number | null | undefined): string | null {
  if (limitWarning(factor, rows) === null) return null;
  const count = (rows ?? 0).toLocaleString(currentLocale());
  switch (factor) {
    case 'QUERY':
      return t('sqllab:limit.query', { rows: count });
    case 'DROPDOWN':
      return t('sqllab:limit.dropdown', { rows: count });
    case 'QUERY_AND_DROPDOWN':
      return t('sqllab:limit.queryAndDropdown', { rows: count });
    case 'BYTES':
      return t('sqllab:limit.bytes', { rows: count });
    default:
      return limitWarning(factor, rows);
  }
}
