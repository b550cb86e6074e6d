import { templateParamsError } from '@rama/shared';
import { t } from '../../i18n';

const INVALID_JSON = 'Invalid JSON: ';

/** What is wrong with template parameters (`templateParamsError`, packages/shared), in the current language; null when nothing is. */
export function templateParamsErrorText(text: string | null | undefined): string | null {
  const error = templateParamsError(text);
  if (error === null) return null;
  // the parser's own detail stays as the browser wrote it
  if (error.startsWith(INVALID_JSON)) return t('sqllab:params.invalidJson', { detail: error.slice(INVALID_JSON.length) });
  return t('sqllab:params.notObject', { example: '{"limit": 10}' });
}
