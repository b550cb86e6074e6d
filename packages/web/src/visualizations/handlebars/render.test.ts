import { afterEach, describe, expect, it } from 'vitest';
import DOMPurify from 'dompurify';
import Handlebars from 'handlebars';
import { renderTemplate, sanitizeTemplateHtml, scopedTemplateCss } from './render';
import { momentToD3 } from './helpers';

const SCRIPT = '<script>globalThis.__pwned = 1</script><img src=x onerror="globalThis.__pwned = 2">';
const rows = [{ country: 'Niger', pop: 12162856, note: SCRIPT, when: Date.UTC(2005, 6, 1) }];
const run = (template: string) => renderTemplate(template, { data: rows });
const pwned = () => (globalThis as { __pwned?: unknown }).__pwned;

afterEach(() => {
  delete (globalThis as { __pwned?: unknown }).__pwned;
});

describe('handlebars template stage', () => {
  it('renders the rows with the helpers', () => {
    expect(
      run('{{#each data}}<b>{{country}}</b>: {{formatNumber pop format=",d"}} on {{dateFormat when format="YYYY-MM-DD"}}{{/each}}'),
    ).toBe('<b>Niger</b>: 12,162,856 on 2005-07-01');
    expect(run('{{#each data}}{{stringify this}}{{/each}}')).toContain('&quot;country&quot;:&quot;Niger&quot;');
    expect(run('{{#groupBy data by="country"}}{{value}}={{count items}};{{/groupBy}}')).toBe('Niger=1;');
    expect(run('{{#each data}}{{#if (gt pop 1000)}}big{{/if}}{{/each}}')).toBe('big');
  });

  it('a value that holds a script is escaped into inert text', () => {
    const html = run('{{#each data}}<p>{{note}}</p>{{/each}}');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(pwned()).toBeUndefined();
  });

  it('the prototype cannot be reached: constructor, __proto__ and lookup tricks give nothing', () => {
    const attempts = [
      '{{constructor}}',
      '{{constructor.constructor}}',
      '{{constructor.name}}',
      '{{#with __proto__}}[{{constructor}}]{{/with}}',
      '{{this.__proto__.constructor.name}}',
      '{{lookup this "constructor"}}',
      '{{#with (lookup this "constructor")}}[{{name}}]{{/with}}',
      '{{#each data}}{{lookup this "__proto__"}}{{lookup (lookup this "constructor") "name"}}{{/each}}',
      '{{#each data}}{{__defineGetter__}}{{hasOwnProperty}}{{toString}}{{valueOf}}{{/each}}',
      '{{#each data}}{{#each __proto__}}{{@key}}{{/each}}{{/each}}',
      '{{#with "s" as |s|}}{{s.constructor.name}}{{s.sub}}{{/with}}',
    ];
    for (const template of attempts) {
      const html = run(template);
      expect(html, template).not.toMatch(/function|Object|String|native code/);
      expect(html.replace(/\[\]/g, '').trim(), template).toBe('');
    }
  });

  it('the known RCE payload is refused: calling anything but a helper is an error', () => {
    const rce = `{{#with "s" as |string|}}{{#with "e"}}{{#with split as |conslist|}}{{this.pop}}{{this.push (lookup string.sub "constructor")}}{{this.pop}}{{#with string.split as |codelist|}}{{this.pop}}{{this.push "globalThis.__pwned = 9"}}{{this.pop}}{{#each conslist}}{{#with (string.sub.apply 0 codelist)}}{{this}}{{/with}}{{/each}}{{/with}}{{/with}}{{/with}}{{/with}}`;
    // `split` is no own property of a string: the blocks never open, nothing is called
    expect(run(rce).trim()).toBe('');
    expect(() => run('{{#with "s" as |s|}}{{#with (s.sub.apply 0 s)}}{{this}}{{/with}}{{/with}}')).toThrow(/Missing helper/);
    expect(() => run('{{this.push "x"}}')).toThrow(/Missing helper/);
    expect(pwned()).toBeUndefined();
  });

  it('only own properties are read: what a row inherits stays hidden (Handlebars with access opened would show it)', () => {
    const row = Object.create({ secret: 'inherited' }) as Record<string, unknown>;
    row.shown = 'own';
    expect(renderTemplate('{{#each data}}{{shown}}{{secret}}{{lookup this "secret"}}{{/each}}', { data: [row] })).toBe('own');
    // the check means something: the same template compiled with prototype access opened reaches it
    const open = Handlebars.create().compile('{{#each data}}{{secret}}{{/each}}')({ data: [row] }, { allowProtoPropertiesByDefault: true });
    expect(open).toBe('inherited');
  });

  it('partials and decorators are refused; functions in the data are never called', () => {
    expect(() => run('{{> evil}}')).toThrow(/not supported/);
    expect(() => run('{{#> layout}}x{{/layout}}')).toThrow(/not supported/);
    const data = [{ f: () => 'called' }] as unknown as Record<string, unknown>[];
    expect(renderTemplate('{{#each data}}[{{f}}]{{/each}}', { data })).toBe('[]');
  });

  it('where no DOM can sanitize the HTML it is shown as text (fail closed)', () => {
    // vitest runs in Node: DOMPurify has no window here, so nothing may pass as HTML
    expect(DOMPurify.isSupported).toBe(false);
    const out = sanitizeTemplateHtml(run(`${SCRIPT}{{#each data}}{{{note}}}{{/each}}`), {
      isSupported: DOMPurify.isSupported,
      sanitize: (h, c) => String(DOMPurify.sanitize(h, c)),
    });
    expect(out).toEqual({ text: expect.stringContaining('<script>') });
    expect('html' in out).toBe(false);
  });
});

describe('handlebars CSS', () => {
  it('drops @import and external url(), keeps data: images, scopes every rule to the chart', () => {
    const css = scopedTemplateCss(
      '@import url("https://evil.example/x.css");\n.data-list { color: red; background: url(https://evil.example/t.png); }\n' +
        'body .card { border: 1px solid; background-image: url(data:image/png;base64,AAAA); }\n@media (min-width: 10px) { h1 { font-size: 2em } }',
      'rama-handlebars-r1',
    );
    expect(css).not.toMatch(/@import|evil\.example/);
    expect(css).toContain('.rama-handlebars-r1 .data-list');
    expect(css).toContain('color: red');
    expect(css).toContain('.rama-handlebars-r1 .card');
    expect(css).toContain('url(data:image/png;base64,AAAA)');
    expect(css).toContain('.rama-handlebars-r1 h1');
    expect(scopedTemplateCss('x</style><script>alert(1)</script>{}', 'r')).not.toContain('</style>');
    expect(scopedTemplateCss(undefined, 'r')).toBe('');
  });
});

describe('date formats', () => {
  it('moment tokens become d3 directives; d3 formats pass as they are', () => {
    expect(momentToD3('YYYY-MM-DD')).toBe('%Y-%m-%d');
    expect(momentToD3('MMMM YYYY')).toBe('%B %Y');
    expect(momentToD3('DD MMM YY HH:mm:ss')).toBe('%d %b %y %H:%M:%S');
    expect(momentToD3('%d/%m')).toBe('%d/%m');
  });
});
