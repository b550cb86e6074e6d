import { getCsrfToken } from '../core/api';

/**
 * Open SQL in SQL Lab the way the BI server does (spec section 2): a form posted to /sqllab/ with
 * datasourceKey and sql, in a new browser tab; the server keeps the values and SQL Lab reads them.
 */
export async function openInSqlLab(datasourceKey: string, sql: string): Promise<void> {
  const token = await getCsrfToken();
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = '/sqllab/';
  form.target = '_blank';
  const fields: [string, string][] = [
    ['datasourceKey', datasourceKey],
    ['sql', sql],
  ];
  if (token) fields.push(['csrf_token', token]);
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
