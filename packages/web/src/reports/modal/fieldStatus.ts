import type { FormItemProps } from 'antd';
import type { ReportFormValues } from '../reportForm';

/** What every section of the report modal gets: the draft, a way to change it, and the messages to show by field. */
export interface SectionProps {
  values: ReportFormValues;
  onChange: (patch: Partial<ReportFormValues>) => void;
  errors: Record<string, string>;
}

/** A field's error state and message (or its usual help when it has no error). */
export function fieldStatus(errors: Record<string, string>, field: string, help?: string): Pick<FormItemProps, 'validateStatus' | 'help'> {
  const message = errors[field];
  return message ? { validateStatus: 'error', help: message } : { help };
}
