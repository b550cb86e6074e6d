/**
 * The report modal's model (issue 14 part 5): what the form holds, how a new or a saved report
 * fills it, the body it sends, and where each validation message goes. Pure, so the rules are
 * tested without a browser; the fields themselves are in ReportModal and its sections.
 */
import {
  REPORT_DEFAULTS,
  SCHEDULE_PRESETS,
  allTabsAnchor,
  isTabListAnchor,
  reportErrors,
  type DashboardLayout,
  type ReportCreate,
  type ReportCreationMethod,
  type ReportDetail,
  type ReportFormat,
  type ReportOperator,
  type ReportRecipientBody,
  type ReportRecipientConfig,
  type ReportRecipientType,
  type ReportType,
  type ReportValidatorType,
} from '@rama/shared';
import { sharedText, t } from '../i18n';

/** A dashboard's filter values as a report stores them: data masks by filter id (or chart id for a cross-filter). */
export type ReportDataMask = NonNullable<ReportRecipientConfig['dataMask']>;

/** What the dashboard shows when the modal opens from its header: what "current filter values" means. */
export interface DashboardSnapshot {
  dataMask: ReportDataMask;
  activeTabs: string[];
  /** native filter id → its name, to say which filters have a value */
  filterNames: Record<string, string>;
}

/** Where the modal was opened: a dashboard's or a chart's menu (the target is fixed), or the list page. */
export type ReportContext =
  | { kind: 'dashboard'; id: number; title: string; snapshot: DashboardSnapshot }
  | { kind: 'chart'; id: number; title: string }
  | { kind: 'list'; type: ReportType };

export type TargetKind = 'dashboard' | 'chart';

/** Filter values a capture starts from: none, the ones saved with the report, or the dashboard's current ones. */
export type FilterValues = { kind: 'none' } | { kind: 'saved'; dataMask: ReportDataMask; activeTabs: string[] } | { kind: 'current' };

export interface RecipientDraft {
  /** React key; not sent */
  key: string;
  type: ReportRecipientType;
  /** Email: To; Slack: channels; Webhook: URL */
  target: string;
  ccTarget: string;
  bccTarget: string;
  /** Rama's per-recipient filter values (dashboard reports) */
  filterValues: FilterValues;
}

export interface ReportFormValues {
  type: ReportType;
  name: string;
  description: string;
  active: boolean;
  owners: number[];
  targetKind: TargetKind;
  dashboard: number | null;
  chart: number | null;
  database: number | null;
  sql: string;
  validatorType: ReportValidatorType;
  op: ReportOperator;
  threshold: number | null;
  crontab: string;
  /** the cron field is shown (a schedule none of the presets is) */
  customSchedule: boolean;
  timezone: string;
  reportFormat: ReportFormat;
  filterValues: FilterValues;
  recipients: RecipientDraft[];
  workingTimeout: number;
  gracePeriod: number;
  logRetention: number;
  customWidth: number | null;
  forceScreenshot: boolean;
  /**
   * a dashboard's tab to capture: one TAB id, a JSON list of TAB ids ("all tabs": each captured),
   * or null (the dashboard as it opens)
   */
  anchor: string | null;
}

/** The schedule a new report starts with. */
export const DEFAULT_SCHEDULE = SCHEDULE_PRESETS[1].crontab;

const NONE: FilterValues = { kind: 'none' };

let nextKey = 0;
const recipientKey = () => `recipient-${++nextKey}`;

/** An empty recipient of this kind. */
export function newRecipient(type: ReportRecipientType = 'Email'): RecipientDraft {
  return { key: recipientKey(), type, target: '', ccTarget: '', bccTarget: '', filterValues: NONE };
}

export const isPresetSchedule = (crontab: string): boolean => SCHEDULE_PRESETS.some((p) => p.crontab === crontab.trim());

/** A new report or alert, as the modal opens it. */
export function newReportForm(context: ReportContext, opts: { userId: number; timezone: string }): ReportFormValues {
  const type = context.kind === 'list' ? context.type : 'Report';
  const targetKind: TargetKind = context.kind === 'chart' ? 'chart' : 'dashboard';
  return {
    type,
    name: context.kind === 'list' ? '' : t('reports:defaultName', { title: context.title }),
    description: '',
    active: true,
    owners: [opts.userId],
    targetKind,
    dashboard: context.kind === 'dashboard' ? context.id : null,
    chart: context.kind === 'chart' ? context.id : null,
    database: null,
    sql: '',
    validatorType: 'not null',
    op: '>',
    threshold: null,
    crontab: DEFAULT_SCHEDULE,
    customSchedule: false,
    timezone: opts.timezone,
    reportFormat: REPORT_DEFAULTS.report_format,
    filterValues: NONE,
    recipients: [newRecipient()],
    workingTimeout: REPORT_DEFAULTS.working_timeout,
    gracePeriod: REPORT_DEFAULTS.grace_period,
    logRetention: REPORT_DEFAULTS.log_retention,
    customWidth: null,
    forceScreenshot: false,
    anchor: null,
  };
}

function savedFilterValues(dataMask: ReportDataMask | undefined, activeTabs: string[] = []): FilterValues {
  return dataMask && Object.keys(dataMask).length > 0 ? { kind: 'saved', dataMask, activeTabs } : NONE;
}

/** A saved report, as the modal edits it. */
export function reportFormFromDetail(detail: ReportDetail): ReportFormValues {
  const dashboardExtra = detail.extra.dashboard;
  return {
    type: detail.type,
    name: detail.name,
    description: detail.description ?? '',
    active: detail.active,
    owners: detail.owners.map((o) => o.id),
    targetKind: detail.chart ? 'chart' : 'dashboard',
    dashboard: detail.dashboard?.id ?? null,
    chart: detail.chart?.id ?? null,
    database: detail.database?.id ?? null,
    sql: detail.sql ?? '',
    validatorType: detail.validator_type ?? 'not null',
    op: detail.validator_config_json?.op ?? '>',
    threshold: detail.validator_config_json?.threshold ?? null,
    crontab: detail.crontab,
    customSchedule: !isPresetSchedule(detail.crontab),
    timezone: detail.timezone,
    reportFormat: detail.report_format,
    filterValues: savedFilterValues(dashboardExtra?.dataMask, dashboardExtra?.activeTabs),
    recipients: detail.recipients.map((r) => ({
      key: recipientKey(),
      type: r.type,
      target: r.recipient_config_json.target,
      ccTarget: r.recipient_config_json.ccTarget ?? '',
      bccTarget: r.recipient_config_json.bccTarget ?? '',
      filterValues: savedFilterValues(r.recipient_config_json.dataMask),
    })),
    workingTimeout: detail.working_timeout,
    gracePeriod: detail.grace_period,
    logRetention: detail.log_retention,
    customWidth: detail.custom_width,
    forceScreenshot: detail.force_screenshot,
    anchor: dashboardExtra?.anchor ?? null,
  };
}

/** The "Tab to capture" choice that stands for every top-level tab. */
export const ALL_TABS = 'ALL_TABS';

/** The "Tab to capture" choice an anchor is: a tab id, ALL_TABS for a list, null for none. */
export const tabChoiceOf = (anchor: string | null): string | null => (isTabListAnchor(anchor) ? ALL_TABS : anchor);

/** The anchor a "Tab to capture" choice stores: ALL_TABS as the layout's top-level tabs (the BI server's JSON list). */
export function anchorOfTabChoice(choice: string | null | undefined, layout: DashboardLayout): string | null {
  if (!choice) return null;
  return choice === ALL_TABS ? allTabsAnchor(layout) : choice;
}

/**
 * The modal's title: on the list page "Add report" / "Add alert" (or "Edit …"); from a dashboard's
 * or a chart's menu it follows the channel the recipients use ("Set up an email report", "… a
 * webhook report"), "Set up a report" when they use several.
 */
export function reportModalTitle(
  context: ReportContext,
  editing: boolean,
  isAlert: boolean,
  recipients: { type: ReportRecipientType }[],
): string {
  if (context.kind === 'list') {
    const kind = isAlert ? 'alert' : 'report';
    return editing ? t('reports:modalTitle.edit', { kind }) : t('reports:modalTitle.add', { kind });
  }
  const channels = [...new Set(recipients.map((r) => r.type))];
  // the channel's name as the message's select takes it: Email, Slack, Webhook, or several
  const channel = channels.length === 1 ? channels[0] : 'several';
  return editing ? t('reports:modalTitle.editChannel', { channel }) : t('reports:modalTitle.setUp', { channel });
}

/** Where a report set up here is filed (spec section 3 "Report": charts or dashboards; the list page is the BI server's third). */
export function creationMethodOf(context: ReportContext): ReportCreationMethod {
  return context.kind === 'dashboard' ? 'dashboards' : context.kind === 'chart' ? 'charts' : 'alerts_reports';
}

/** The data mask a choice stands for: the current one comes from the dashboard as the modal opened on it. */
function maskOf(choice: FilterValues, snapshot: DashboardSnapshot | null): { dataMask: ReportDataMask; activeTabs: string[] } | null {
  if (choice.kind === 'saved') return { dataMask: choice.dataMask, activeTabs: choice.activeTabs };
  if (choice.kind === 'current' && snapshot) return { dataMask: snapshot.dataMask, activeTabs: snapshot.activeTabs };
  return null;
}

function recipientBody(r: RecipientDraft, snapshot: DashboardSnapshot | null, onDashboard: boolean): ReportRecipientBody {
  const config: ReportRecipientConfig = { target: r.target.trim() };
  if (r.type === 'Email') {
    config.ccTarget = r.ccTarget.trim();
    config.bccTarget = r.bccTarget.trim();
  }
  const own = onDashboard ? maskOf(r.filterValues, snapshot) : null;
  if (own) config.dataMask = own.dataMask;
  return { type: r.type, recipient_config_json: config };
}

/**
 * The `POST` body of a new report, or the full `PUT` body of an edit (`creationMethod`: the
 * report's own, kept on an edit). Fields that do not apply (a chart's filters, a report's SQL)
 * are left out or null.
 */
export function reportBody(values: ReportFormValues, context: ReportContext, creationMethod: ReportCreationMethod): ReportCreate {
  const onDashboard = values.targetKind === 'dashboard';
  const snapshot = context.kind === 'dashboard' ? context.snapshot : null;
  const mask = onDashboard ? maskOf(values.filterValues, snapshot) : null;
  const isAlert = values.type === 'Alert';
  const dashboardExtra = {
    ...(mask && { dataMask: mask.dataMask, ...(mask.activeTabs.length > 0 && { activeTabs: mask.activeTabs }) }),
    ...(onDashboard && values.anchor && { anchor: values.anchor }),
  };
  return {
    type: values.type,
    name: values.name.trim(),
    description: values.description.trim() || null,
    crontab: values.crontab.trim(),
    timezone: values.timezone,
    active: values.active,
    creation_method: creationMethod,
    dashboard: onDashboard ? values.dashboard : null,
    chart: onDashboard ? null : values.chart,
    owners: values.owners,
    report_format: values.reportFormat,
    recipients: values.recipients.map((r) => recipientBody(r, snapshot, onDashboard)),
    working_timeout: values.workingTimeout,
    log_retention: values.logRetention,
    custom_width: values.customWidth,
    force_screenshot: values.forceScreenshot,
    extra: Object.keys(dashboardExtra).length > 0 ? { dashboard: dashboardExtra } : {},
    ...(isAlert && {
      database: values.database,
      sql: values.sql,
      validator_type: values.validatorType,
      validator_config_json: values.validatorType === 'operator' ? { op: values.op, threshold: values.threshold } : null,
      grace_period: values.gracePeriod,
    }),
  };
}

/** The form's field an API or rule key belongs to (the target is one field; so is the condition). */
export function formFieldOf(key: string): string {
  if (key === 'chart' || key === 'dashboard') return 'target';
  if (key === 'validator_type' || key === 'validator_config_json') return 'condition';
  if (key === 'recipient_config_json') return 'recipients';
  // the server checks the anchor and active tabs against the dashboard: the "Tab to capture" field
  if (key === 'extra') return 'tab';
  return key;
}

/** Messages by form field (API keys mapped with formFieldOf), messages of one field joined. */
export function byFormField(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) (out[formFieldOf(key)] ??= []).push(...messages);
  return Object.fromEntries(Object.entries(out).map(([field, messages]) => [field, messages.join(' ')]));
}

/** The shared rules (reportErrors, which the server applies too) on the form, by form field, in the user's language. */
export function reportFormErrors(values: ReportFormValues): Record<string, string> {
  const body = reportBody(values, { kind: 'list', type: values.type }, 'alerts_reports');
  const errors = Object.entries(reportErrors(body)).map(([key, messages]) => [key, messages.map((m) => sharedText('messages', m))]);
  return byFormField(Object.fromEntries(errors) as Record<string, string[]>);
}

/** The form fields the modal shows; an error on another key is shown above the form. */
export const FORM_FIELDS = [
  'name',
  'description',
  'owners',
  'target',
  'database',
  'sql',
  'condition',
  'crontab',
  'timezone',
  'report_format',
  'tab',
  'recipients',
  'working_timeout',
  'grace_period',
  'log_retention',
  'custom_width',
] as const;

export function isFormField(key: string): boolean {
  return (FORM_FIELDS as readonly string[]).includes(key) || /^recipients\.\d+$/.test(key);
}

/** The form field each value is shown in: a change there clears that field's message from the server. */
export const FIELD_OF_VALUE: Record<keyof ReportFormValues, string | null> = {
  type: null,
  name: 'name',
  description: 'description', // i18n-ignore: a form field's name, not a text
  active: null,
  owners: 'owners',
  targetKind: 'target',
  dashboard: 'target',
  chart: 'target',
  database: 'database',
  sql: 'sql',
  validatorType: 'condition',
  op: 'condition',
  threshold: 'condition',
  crontab: 'crontab',
  customSchedule: 'crontab',
  timezone: 'timezone',
  reportFormat: 'report_format',
  filterValues: null,
  recipients: 'recipients',
  workingTimeout: 'working_timeout',
  gracePeriod: 'grace_period',
  logRetention: 'log_retention',
  customWidth: 'custom_width',
  forceScreenshot: null,
  anchor: 'tab',
};

/** The server's messages left once the user changed these values (a recipient's change clears all of theirs). */
export function clearedServerErrors(errors: Record<string, string>, changed: (keyof ReportFormValues)[]): Record<string, string> {
  const fields = new Set(changed.map((k) => FIELD_OF_VALUE[k]).filter((f): f is string => f !== null));
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => !fields.has(field) && !(fields.has('recipients') && field.startsWith('recipients.'))),
  );
}
