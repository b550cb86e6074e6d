/** The "Schedule query" dialog's model (issue 26 item 6): the schedule_info it sends, where messages go. */
import type { ReportRecipientBody } from '@rama/shared';
import type { ReportFormValues } from '../../reports/reportForm';

/** The schedule as the dialog sends it in extra_json.schedule_info. */
export function scheduleInfoOf(values: ReportFormValues, includeTable: boolean): Record<string, unknown> {
  const recipients: ReportRecipientBody[] = values.recipients.map((r) => ({
    type: r.type,
    recipient_config_json: {
      target: r.target.trim(),
      ...(r.type === 'Email' && r.ccTarget.trim() && { ccTarget: r.ccTarget.trim() }),
      ...(r.type === 'Email' && r.bccTarget.trim() && { bccTarget: r.bccTarget.trim() }),
    },
  }));
  return { crontab: values.crontab.trim(), timezone: values.timezone, recipients, include_table: includeTable, active: true };
}

/** A message keyed `schedule_info.x` (the server's and the shared rules') is shown at the dialog's field `x`. */
export function dialogErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^schedule_info\./, ''), v.join(' ')]));
}
