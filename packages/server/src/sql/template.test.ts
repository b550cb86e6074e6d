import { describe, expect, it } from 'vitest';
import { parseTemplateParams, renderSqlTemplate, TemplateError } from './template.js';

const ctx = { params: {}, username: "o'brien", userId: 7, email: 'ob@example.com', urlParams: { region: "EU'; DROP TABLE x; --" } };

describe('SQL templates (sandboxed, allow-listed macros)', () => {
  it('leaves plain SQL untouched', async () => {
    expect(await renderSqlTemplate('SELECT 1', ctx)).toBe('SELECT 1');
  });

  it('renders parameters and control flow', async () => {
    const sql = "SELECT * FROM t WHERE a = {{ a }}{% if b %} AND b = 1{% endif %}";
    expect(await renderSqlTemplate(sql, { ...ctx, params: { a: 5, b: true } })).toBe('SELECT * FROM t WHERE a = 5 AND b = 1');
  });

  it('macro values are quoted SQL literals, never spliced', async () => {
    expect(await renderSqlTemplate('SELECT {{ current_username() }}, {{ current_user_id() }}, {{ current_user_email() }}', ctx)).toBe(
      "SELECT 'o''brien', 7, 'ob@example.com'",
    );
    expect(await renderSqlTemplate("SELECT {{ url_param('region') }}", ctx)).toBe("SELECT 'EU''; DROP TABLE x; --'");
    expect(await renderSqlTemplate("SELECT {{ url_param('missing', 'dflt') }}", ctx)).toBe("SELECT 'dflt'");
  });

  it('hostile templates fail with a clear message', async () => {
    await expect(renderSqlTemplate("{{ ''.__class__.__mro__ }}", ctx)).rejects.toThrow(TemplateError);
    await expect(renderSqlTemplate('{{ range.constructor("return process")() }}', ctx)).rejects.toThrow(TemplateError);
    await expect(renderSqlTemplate('{% for', ctx)).rejects.toThrow(/could not be rendered/);
  });

  it('a runaway template is stopped and the renderer keeps working', async () => {
    const t0 = Date.now();
    await expect(renderSqlTemplate('{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}', ctx)).rejects.toThrow(
      TemplateError,
    );
    expect(Date.now() - t0).toBeLessThan(6000);
    expect(await renderSqlTemplate('SELECT {{ 1 + 1 }}', ctx)).toBe('SELECT 2');
  }, 15000);

  it('template parameters must be a JSON object', () => {
    expect(parseTemplateParams('{"a": 1}')).toEqual({ a: 1 });
    expect(parseTemplateParams('')).toEqual({});
    expect(() => parseTemplateParams('[1]')).toThrow('must be a JSON object');
    expect(() => parseTemplateParams('{bad')).toThrow('not valid JSON');
  });
});
