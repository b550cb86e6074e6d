import { describe, expect, it } from 'vitest';
import type { DashboardLayout, ReportDetail } from '@rama/shared';
import {
  ALL_TABS,
  DEFAULT_SCHEDULE,
  anchorOfTabChoice,
  byFormField,
  clearedServerErrors,
  creationMethodOf,
  isFormField,
  newRecipient,
  newReportForm,
  reportBody,
  reportFormErrors,
  reportFormFromDetail,
  reportModalTitle,
  tabChoiceOf,
  type DashboardSnapshot,
  type ReportContext,
} from './reportForm';

const snapshot: DashboardSnapshot = {
  dataMask: {
    'NATIVE_FILTER-origin': { id: 'NATIVE_FILTER-origin', filterState: { value: ['JFK'] }, extraFormData: { filters: [] } },
  },
  activeTabs: ['TAB-1'],
  filterNames: { 'NATIVE_FILTER-origin': 'Origin' },
};
const fromDashboard: ReportContext = { kind: 'dashboard', id: 5, title: 'Flights overview', snapshot };
const fromChart: ReportContext = { kind: 'chart', id: 12, title: 'Daily delays' };
const opts = { userId: 3, timezone: 'Europe/Paris' };

function withRecipient(context: ReportContext) {
  const values = newReportForm(context, opts);
  return { ...values, recipients: [{ ...values.recipients[0], target: 'team@example.com' }] };
}

const detail: ReportDetail = {
  id: 9,
  type: 'Report',
  name: 'Weekly flights',
  description: null,
  context_markdown: null,
  crontab: '15 7 * * 2',
  timezone: 'UTC',
  active: false,
  creation_method: 'dashboards',
  chart: null,
  dashboard: { id: 5, dashboard_title: 'Flights overview' },
  database: null,
  sql: null,
  owners: [{ id: 3, first_name: 'Ada', last_name: 'L' }],
  validator_type: null,
  validator_config_json: null,
  log_retention: 30,
  grace_period: 14_400,
  working_timeout: 600,
  recipients: [
    { id: 1, type: 'Email', recipient_config_json: { target: 'a@example.com', ccTarget: 'b@example.com', bccTarget: '' } },
    { id: 2, type: 'Email', recipient_config_json: { target: 'eu@example.com', dataMask: snapshot.dataMask } },
  ],
  report_format: 'PDF',
  force_screenshot: false,
  custom_width: null,
  extra: { dashboard: { activeTabs: ['TAB-2'], dataMask: snapshot.dataMask } },
  last_eval_dttm: null,
  last_state: null,
  last_value: null,
};

describe('report modal: a new report', () => {
  it('opened from a dashboard sends that dashboard as a picture, every day at 09:00 in the user’s zone, to one email recipient', () => {
    const values = newReportForm(fromDashboard, opts);
    expect(values).toMatchObject({
      type: 'Report',
      name: 'Flights overview report',
      targetKind: 'dashboard',
      dashboard: 5,
      chart: null,
      crontab: DEFAULT_SCHEDULE,
      customSchedule: false,
      timezone: 'Europe/Paris',
      reportFormat: 'PNG',
      owners: [3],
      active: true,
    });
    expect(values.recipients).toHaveLength(1);
    expect(values.recipients[0].type).toBe('Email');
  });

  it('files it by where it was set up: charts, dashboards, or the list page', () => {
    expect(creationMethodOf(fromDashboard)).toBe('dashboards');
    expect(creationMethodOf(fromChart)).toBe('charts');
    expect(creationMethodOf({ kind: 'list', type: 'Alert' })).toBe('alerts_reports');
  });

  it('sends the POST body of the contract: the chart target, no filters, no alert fields', () => {
    const body = reportBody(withRecipient(fromChart), fromChart, 'charts');
    expect(body).toMatchObject({
      type: 'Report',
      name: 'Daily delays report',
      creation_method: 'charts',
      chart: 12,
      dashboard: null,
      crontab: DEFAULT_SCHEDULE,
      timezone: 'Europe/Paris',
      extra: {},
      recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com', ccTarget: '', bccTarget: '' } }],
    });
    expect(body).not.toHaveProperty('sql');
    expect(body).not.toHaveProperty('grace_period');
  });

  it('"Send with the current filter values" stores the dashboard’s data mask and open tabs in extra.dashboard', () => {
    const values = { ...withRecipient(fromDashboard), filterValues: { kind: 'current' as const } };
    expect(reportBody(values, fromDashboard, 'dashboards').extra).toEqual({
      dashboard: { dataMask: snapshot.dataMask, activeTabs: ['TAB-1'] },
    });
  });

  it('a recipient with "Use the current filter values" gets them in recipient_config_json.dataMask; the others do not', () => {
    const values = withRecipient(fromDashboard);
    values.recipients = [
      { ...values.recipients[0], filterValues: { kind: 'current' } },
      { ...newRecipient('Slack'), target: '#flights' },
    ];
    const recipients = reportBody(values, fromDashboard, 'dashboards').recipients ?? [];
    expect(recipients[0]?.recipient_config_json.dataMask).toEqual(snapshot.dataMask);
    expect(recipients[1]).toEqual({ type: 'Slack', recipient_config_json: { target: '#flights' } });
  });

  it('an alert sends its database, query and condition (operator with threshold; not null without one)', () => {
    const list: ReportContext = { kind: 'list', type: 'Alert' };
    const values = { ...withRecipient(list), chart: 12, targetKind: 'chart' as const, database: 1, sql: 'SELECT 1' };
    const operator = reportBody({ ...values, validatorType: 'operator', op: '>=', threshold: 10 }, list, 'alerts_reports');
    expect(operator).toMatchObject({
      type: 'Alert',
      database: 1,
      sql: 'SELECT 1',
      validator_type: 'operator',
      validator_config_json: { op: '>=', threshold: 10 },
      grace_period: 14_400,
    });
    const notNull = reportBody({ ...values, validatorType: 'not null' }, list, 'alerts_reports');
    expect(notNull.validator_config_json).toBeNull();
  });
});

describe('report modal: editing a saved report', () => {
  it('reads the saved report: a schedule that is no preset opens the cron field; saved filter values stay saved', () => {
    const values = reportFormFromDetail(detail);
    expect(values).toMatchObject({ crontab: '15 7 * * 2', customSchedule: true, active: false, reportFormat: 'PDF', owners: [3] });
    expect(values.filterValues).toEqual({ kind: 'saved', dataMask: snapshot.dataMask, activeTabs: ['TAB-2'] });
    expect(values.recipients.map((r) => r.filterValues.kind)).toEqual(['none', 'saved']);
    expect(values.recipients[0].ccTarget).toBe('b@example.com');
  });

  it('saving again without touching the filters keeps the saved values, not the dashboard’s current ones', () => {
    const body = reportBody(reportFormFromDetail(detail), fromDashboard, 'dashboards');
    expect(body.extra).toEqual({ dashboard: { dataMask: snapshot.dataMask, activeTabs: ['TAB-2'] } });
    expect(body.recipients?.[1].recipient_config_json.dataMask).toEqual(snapshot.dataMask);
  });

  it('from the list page a saved dashboard’s filters are kept, and unticking drops them', () => {
    const list: ReportContext = { kind: 'list', type: 'Report' };
    const values = reportFormFromDetail(detail);
    expect(reportBody(values, list, 'dashboards').extra?.dashboard?.dataMask).toEqual(snapshot.dataMask);
    expect(reportBody({ ...values, filterValues: { kind: 'none' } }, list, 'dashboards').extra).toEqual({});
  });
});

describe('report modal: validation', () => {
  it('uses the shared rules, by form field: name, cron, target, condition, each recipient', () => {
    const values = newReportForm({ kind: 'list', type: 'Alert' }, opts);
    const errors = reportFormErrors({ ...values, name: ' ', crontab: '61 * * * *', validatorType: 'operator', threshold: null });
    expect(Object.keys(errors).sort()).toEqual(['condition', 'crontab', 'database', 'name', 'recipients.0', 'sql', 'target']);
  });

  it('asks for at least one recipient', () => {
    expect(reportFormErrors({ ...withRecipient(fromChart), recipients: [] })).toEqual({ recipients: 'Add at least one recipient.' });
    expect(reportFormErrors(withRecipient(fromChart))).toEqual({});
  });

  it('places the server’s 400 messages on the fields (chart or dashboard on the target)', () => {
    expect(byFormField({ name: ['Name must be unique'], dashboard: ['Not found'], validator_config_json: ['Bad'] })).toEqual({
      name: 'Name must be unique',
      target: 'Not found',
      condition: 'Bad',
    });
    expect(isFormField('recipients.2')).toBe(true);
    expect(isFormField('_schema')).toBe(false);
  });

  it('a change clears the server’s message on its field only', () => {
    const errors = { name: 'Name must be unique', crontab: 'Bad', 'recipients.1': 'Bad address' };
    expect(clearedServerErrors(errors, ['name'])).toEqual({ crontab: 'Bad', 'recipients.1': 'Bad address' });
    expect(clearedServerErrors(errors, ['recipients'])).toEqual({ name: 'Name must be unique', crontab: 'Bad' });
    expect(clearedServerErrors(errors, ['customSchedule'])).toEqual({ name: 'Name must be unique', 'recipients.1': 'Bad address' });
  });
});

describe('report modal: the tab to capture', () => {
  const layout = {
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-1'] },
    'TABS-1': { type: 'TABS', id: 'TABS-1', children: ['TAB-a', 'TAB-b'], parents: ['ROOT_ID'] },
    'TAB-a': { type: 'TAB', id: 'TAB-a', children: [], meta: { text: 'A' }, parents: ['ROOT_ID', 'TABS-1'] },
    'TAB-b': { type: 'TAB', id: 'TAB-b', children: [], meta: { text: 'B' }, parents: ['ROOT_ID', 'TABS-1'] },
  } as unknown as DashboardLayout;

  it('stores one tab as its id and "All tabs" as the JSON list of the top-level tabs, and reads them back', () => {
    expect(anchorOfTabChoice('TAB-b', layout)).toBe('TAB-b');
    expect(anchorOfTabChoice(ALL_TABS, layout)).toBe('["TAB-a","TAB-b"]');
    expect(anchorOfTabChoice(undefined, layout)).toBeNull();
    expect(tabChoiceOf('TAB-b')).toBe('TAB-b');
    expect(tabChoiceOf('["TAB-a","TAB-b"]')).toBe(ALL_TABS);
    expect(tabChoiceOf(null)).toBeNull();
  });

  it('sends the chosen tab as extra.dashboard.anchor, with the filter values kept', () => {
    const values = { ...withRecipient(fromDashboard), anchor: 'TAB-b', filterValues: { kind: 'current' as const } };
    expect(reportBody(values, fromDashboard, 'dashboards').extra).toEqual({
      dashboard: { dataMask: snapshot.dataMask, activeTabs: ['TAB-1'], anchor: 'TAB-b' },
    });
    expect(reportFormFromDetail({ ...detail, extra: { dashboard: { anchor: 'TAB-b' } } }).anchor).toBe('TAB-b');
  });

  it("shows the server's invalid tab message on the tab field, cleared by a new choice", () => {
    const errors = byFormField({ extra: ['Invalid tab ids: TAB-x'] });
    expect(errors).toEqual({ tab: 'Invalid tab ids: TAB-x' });
    expect(isFormField('tab')).toBe(true);
    expect(clearedServerErrors(errors, ['anchor'])).toEqual({});
  });
});

describe('report modal: the title follows the channel', () => {
  const email = { type: 'Email' as const };
  const webhook = { type: 'Webhook' as const };
  const slack = { type: 'Slack' as const };

  it('names the one channel the recipients use, from a dashboard or a chart', () => {
    expect(reportModalTitle(fromDashboard, false, false, [email])).toBe('Set up an email report');
    expect(reportModalTitle(fromDashboard, false, false, [webhook])).toBe('Set up a webhook report');
    expect(reportModalTitle(fromChart, false, false, [slack, slack])).toBe('Set up a Slack report');
    expect(reportModalTitle(fromChart, true, false, [webhook])).toBe('Edit webhook report');
  });

  it('says "report" alone for several channels or none, and keeps the list page wording', () => {
    expect(reportModalTitle(fromDashboard, false, false, [email, webhook])).toBe('Set up a report');
    expect(reportModalTitle(fromDashboard, true, false, [])).toBe('Edit report');
    expect(reportModalTitle({ kind: 'list', type: 'Alert' }, false, true, [email])).toBe('Add alert');
    expect(reportModalTitle({ kind: 'list', type: 'Report' }, true, false, [webhook])).toBe('Edit report');
  });
});
