import { t } from '../i18n';

/**
 * Pure rules of the annotation form: stored times (UTC, 'YYYY-MM-DDTHH:MM:SS') to and from the
 * form's date-time inputs, how a time is shown in the list, and what keeps the form from saving.
 */

/** A stored time as a `datetime-local` input's value ('YYYY-MM-DDTHH:MM'). */
export const toInputDttm = (stored: string | null | undefined): string => (stored ? stored.slice(0, 16) : '');

/** A `datetime-local` value as the API takes it (seconds added; no zone: UTC, as chart times are). */
export const fromInputDttm = (value: string): string => (value.length === 16 ? `${value}:00` : value);

/** A stored time as the list shows it: '2024-03-01 08:00' (seconds only when not zero). */
export function shownDttm(stored: string): string {
  const [date, time = '00:00:00'] = stored.split('T');
  return `${date} ${time.endsWith(':00') ? time.slice(0, 5) : time}`;
}

export interface AnnotationFormValues {
  short_descr: string;
  start: string;
  end: string;
  long_descr: string;
  json_metadata: string;
}

/** Errors by field, as the form shows them under each input (empty: the form can be saved). */
export function annotationFormErrors(v: AnnotationFormValues): Partial<Record<keyof AnnotationFormValues, string>> {
  const errors: Partial<Record<keyof AnnotationFormValues, string>> = {};
  if (!v.short_descr.trim()) errors.short_descr = t('annotations:enterName');
  if (!v.start) errors.start = t('annotations:chooseStart');
  if (!v.end) errors.end = t('annotations:chooseEnd');
  if (v.start && v.end && v.end < v.start) errors.end = t('annotations:endBeforeStart');
  if (v.json_metadata.trim()) {
    try {
      JSON.parse(v.json_metadata);
    } catch {
      errors.json_metadata = t('annotations:jsonInvalid');
    }
  }
  return errors;
}
