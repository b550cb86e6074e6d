import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTemplateRenderer,
  configureTemplateRenderer,
  hasTemplateSyntax,
  MissingTemplateParamsError,
  parseTemplateParams,
  renderSqlTemplate,
  resetTemplateRenderer,
  TemplateError,
  type TemplateContext,
} from './template.js';

type Escaping = TemplateContext['escaping'];

const ctx: TemplateContext = {
  params: {},
  username: "o'brien",
  userId: 7,
  email: 'ob@example.com',
  urlParams: { region: "EU'; DROP TABLE x; --" },
  filters: [],
  escaping: 'standard',
};

const render = (sql: string, extra: Partial<TemplateContext> = {}) => renderSqlTemplate(sql, { ...ctx, ...extra });

/**
 * A small SQL lexer: the single-quoted literals of `sql` (decoded) and the text outside them.
 * 'backslash' decodes MySQL-style escapes (\\ and \' and the rest); both double quotes ('').
 * An unterminated literal is an error: the value broke out of (or never closed) its literal.
 */
function lexLiterals(sql: string, escaping: Escaping): { literals: string[]; outside: string } {
  const literals: string[] = [];
  let outside = '';
  let i = 0;
  while (i < sql.length) {
    if (sql[i] !== "'") {
      outside += sql[i++];
      continue;
    }
    i++;
    let value = '';
    for (;;) {
      if (i >= sql.length) throw new Error(`unterminated literal in ${JSON.stringify(sql)}`);
      const c = sql[i];
      if (escaping === 'backslash' && c === '\\') {
        value += sql[i + 1] ?? '';
        i += 2;
      } else if (c === "'" && sql[i + 1] === "'") {
        value += "'";
        i += 2;
      } else if (c === "'") {
        i++;
        break;
      } else {
        value += c;
        i++;
      }
    }
    literals.push(value);
  }
  return { literals, outside };
}

const HOSTILE = [
  "O'Brien",
  "'; DROP TABLE x; --",
  "\\'; DROP TABLE x; --",
  'back\\slash\\',
  "quote at end'",
  "''",
  '\\',
  "line\nbreak'\r\n--",
  'ünïcødé ✓ 𝔘 "double"',
  "nul\0byte'\0",
  "\\\\''\\'",
];
const FLAVOURS: Escaping[] = ['standard', 'backslash'];
const withoutNul = (s: string) => s.replaceAll('\0', '');

beforeAll(async () => {
  // start the executors (from the TypeScript sources they need a moment to boot)
  expect(await render('SELECT {{ 1 + 1 }}')).toBe('SELECT 2');
}, 60_000);

afterAll(async () => {
  resetTemplateRenderer();
  await closeTemplateRenderer();
});

describe('SQL templates: rendering', () => {
  it('leaves plain SQL untouched and renders nothing when template processing is off', async () => {
    expect(hasTemplateSyntax('SELECT 1')).toBe(false);
    expect(hasTemplateSyntax('SELECT {# c #} 1')).toBe(true);
    expect(await render('SELECT 1')).toBe('SELECT 1');
    const sql = "SELECT '{{ current_username() }}' {% if x %}{% endif %}";
    expect(await renderSqlTemplate(sql, ctx, { enabled: false })).toBe(sql);
    // off means no rendering at all: not even a broken template is looked at
    expect(await renderSqlTemplate('SELECT {% for', ctx, { enabled: false })).toBe('SELECT {% for');
  });

  it('renders parameters and control flow; parameters are substituted as the analyst wrote them', async () => {
    const sql = 'SELECT * FROM t WHERE a = {{ a }}{% if b %} AND b = 1{% endif %}';
    expect(await render(sql, { params: { a: 5, b: true } })).toBe('SELECT * FROM t WHERE a = 5 AND b = 1');
    expect(
      await render("SELECT 1 WHERE {{ cond }} AND c IN ({{ cols|join(', ') }})", { params: { cond: "x = 'y'", cols: ["'a'", "'b'"] } }),
    ).toBe("SELECT 1 WHERE x = 'y' AND c IN ('a', 'b')");
    // newlines after tags stay (Jinja's defaults; SQL needs them)
    expect(await render('SELECT 1{% if true %}\nFROM t{% endif %}\nWHERE 1')).toBe('SELECT 1\nFROM t\nWHERE 1');
  });
});

describe('SQL templates: macro values are escaped for a single-quoted literal, exactly once', () => {
  it('escapes hostile user names, emails and URL parameters on each escaping flavour; the value stays inside the literal', async () => {
    for (const escaping of FLAVOURS) {
      for (const v of HOSTILE) {
        const c = { username: v, email: v, urlParams: { p: v }, filters: [{ col: 'c', op: 'IN', val: [v] }], escaping };
        for (const macro of [
          'current_username()',
          'current_user_email()',
          "url_param('p')",
          "filter_values('c')[0]",
          "get_filters('c')[0].val[0]",
        ]) {
          const out = await render(`SELECT '{{ ${macro} }}' AS v`, c);
          const lexed = lexLiterals(out, escaping);
          expect(lexed.literals, `${escaping} ${macro} ${JSON.stringify(v)} -> ${out}`).toEqual([withoutNul(v)]);
          expect(lexed.outside).toBe('SELECT  AS v');
        }
      }
    }
  }, 30_000);

  it('escapes the same way, without quotes, when the analyst writes no quotes', async () => {
    expect(await render('SELECT {{ current_username() }}')).toBe("SELECT o''brien");
    expect(await render('{{ current_username() }}', { username: "a\\'b", escaping: 'backslash' })).toBe("a\\\\''b");
    expect(await render('{{ current_username() }}', { username: "a\\'b", escaping: 'standard' })).toBe("a\\''b");
    expect(await render('{{ current_username() }}', { username: 'a\0b' })).toBe('ab');
  });

  it("current_user_id() is a number, NULL without a user; no user name or email renders ''", async () => {
    expect(await render('SELECT {{ current_user_id() }}')).toBe('SELECT 7');
    expect(
      await render("SELECT {{ current_user_id() }}, '{{ current_username() }}', '{{ current_user_email() }}'", {
        userId: null,
        username: null,
        email: null,
      }),
    ).toBe("SELECT NULL, '', ''");
    expect(await render('{% if current_user_id() is none %}anonymous{% endif %}', { userId: null })).toBe('anonymous');
    expect(await render('{{ current_username(add_to_cache_keys=False) }}')).toBe("o''brien");
  });

  it('url_param(name, default): escaped; missing without a default renders nothing (None, not "None")', async () => {
    expect(await render("SELECT '{{ url_param('region') }}'")).toBe("SELECT 'EU''; DROP TABLE x; --'");
    expect(await render("SELECT '{{ url_param('missing') }}'")).toBe("SELECT ''");
    expect(await render("{% if url_param('missing') is none %}none{% endif %}")).toBe('none');
    expect(await render("SELECT '{{ url_param('missing', \"d'x\") }}', {{ url_param('missing', 3) }}")).toBe("SELECT 'd''x', 3");
    await expect(render("{{ url_param('region', escape_result=False) }}")).rejects.toThrow(/unexpected keyword argument 'escape_result'/);
  });

  it('filter_values(column, default): the values of IN and == filters on that column; numbers stay numbers', async () => {
    const filters = [
      { col: 'country', op: 'IN', val: ["O'Brien", 'b\\', 3] },
      { col: 'country', op: '==', val: 'z' },
      { col: 'country', op: 'NOT IN', val: ['excluded'] },
      { col: 'other', op: 'IN', val: ['elsewhere'] },
    ];
    expect(await render("{{ filter_values('country')|length }}", { filters })).toBe('4');
    expect(await render("{% for v in filter_values('country') %}[{{ v }}]{% endfor %}", { filters })).toBe("[O''Brien][b\\][3][z]");
    expect(await render("{{ filter_values('country')[2] + 1 }}", { filters })).toBe('4');
    expect(await render("{{ filter_values('none')|length }}, {{ filter_values('none', 'dflt')[0] }}", { filters })).toBe('0, dflt');
    expect(await render("'{{ filter_values('none', \"it's\")[0] }}'", { filters })).toBe("'it''s'");
  });

  it('where_in(filter_values(...)) is a complete SQL list, escaped once (no double escaping)', async () => {
    const filters = [{ col: 'country', op: 'IN', val: ["O'Brien", 'b\\', 3, null] }];
    expect(await render("WHERE c IN {{ where_in(filter_values('country')) }}", { filters })).toBe(
      "WHERE c IN ('O''Brien', 'b\\', 3, NULL)",
    );
    expect(await render("WHERE c IN {{ where_in(filter_values('country')) }}", { filters, escaping: 'backslash' })).toBe(
      "WHERE c IN ('O''Brien', 'b\\\\', 3, NULL)",
    );
    // and the value alone, quoted by the analyst, is escaped once too
    expect(await render("WHERE c = '{{ filter_values('country')[0] }}'", { filters })).toBe("WHERE c = 'O''Brien'");
    for (const escaping of FLAVOURS) {
      const out = await render("{{ where_in(filter_values('c')) }}", { escaping, filters: [{ col: 'c', op: 'IN', val: HOSTILE }] });
      expect(lexLiterals(out, escaping).literals).toEqual(HOSTILE.map(withoutNul));
      expect(lexLiterals(out, escaping).outside).toBe(`(${HOSTILE.map(() => '').join(', ')})`);
    }
  });

  it('where_in(list, mark): strings quoted, numbers bare, None NULL; an empty list matches nothing', async () => {
    expect(await render("{{ where_in([1, 'a', none, true, 2.5]) }}")).toBe("(1, 'a', NULL, TRUE, 2.5)");
    expect(await render('{{ where_in([]) }}')).toBe('(NULL)');
    expect(await render(`{{ where_in(['a"b', "c'd"], mark='"') }}`)).toBe(`("a""b", "c'd")`);
    await expect(render("{{ where_in(['a'], mark='`') }}")).rejects.toThrow(TemplateError);
    await expect(render("{{ where_in('abc') }}")).rejects.toThrow(/expects a list/);
  });

  it('get_filters(column): the filters on that column as {op, col, val}', async () => {
    const filters = [
      { col: 'country', op: 'IN', val: ["O'Brien"] },
      { col: 'country', op: '!=', val: 'x' },
      { col: 'other', op: '==', val: 1 },
    ];
    expect(
      await render("{% for f in get_filters('country', remove_filter=True) %}{{ f.op }} {{ f.col }} {{ f.val|length }};{% endfor %}", {
        filters,
      }),
    ).toBe('IN country 1;!= country 1;');
    expect(await render("'{{ get_filters('country')[0].val[0] }}'", { filters })).toBe("'O''Brien'");
  });

  it('values computed from macro values are escaped too; |safe does not lift the escaping', async () => {
    const c = { urlParams: { p: "a'b" } };
    expect(await render("'{{ url_param('p')|upper }}'", c)).toBe("'A''B'");
    expect(await render("'{{ url_param('p') ~ 'x' }}'", c)).toBe("'a''bx'");
    expect(await render("'{{ url_param('p').replace('b', 'c') }}'", c)).toBe("'a''c'");
    expect(await render("'{{ url_param('p')|safe }}'", c)).toBe("'a''b'");
    // a slice cannot cut an escape in two: the value is escaped after slicing
    expect(await render("'{{ url_param('p')[:2] }}'", c)).toBe("'a'''");
    expect(await render("'{{ [url_param('p'), 'q']|join(',') }}'", c)).toBe("'a''b,q'");
    expect(
      await render(
        "{% set ns = namespace(s='') %}{% for i in range(2) %}{% set ns.s = ns.s ~ url_param('p') %}{% endfor %}'{{ ns.s }}'",
        c,
      ),
    ).toBe("'a''ba''b'");
    expect(await render("{% set v = url_param('p') %}'{{ v }}'", c)).toBe("'a''b'");
    expect(await render("{% set ns = namespace(s='') %}{% set ns.s = url_param('p') %}{{ ns|tojson }}", c)).toBe('{"s": "a\'\'b"}');
    // a macro's output is SQL already: the values inside were escaped once, the analyst's quotes are kept
    expect(await render("{% macro eq(col, v) %}{{ col }} = '{{ v }}'{% endmacro %}WHERE {{ eq('a', url_param('p')) }}", c)).toBe(
      "WHERE a = 'a''b'",
    );
    expect(await render("{% if url_param('p') %}WHERE a = 'x'{% endif %}", c)).toBe("WHERE a = 'x'");
    // a block holding macro values takes only filters that keep it escaped
    expect(await render("{% filter upper %}'{{ url_param('p') }}'{% endfilter %}", c)).toBe("'A''B'");
    await expect(render("{% filter replace(\"''\", \"'\") %}'{{ url_param('p') }}'{% endfilter %}", c)).rejects.toThrow(
      /cannot be applied to a block/,
    );
  });
});

describe('SQL templates: errors name the line', () => {
  it('unknown macro, syntax error, names starting with "_"', async () => {
    await expect(render('SELECT 1\nFROM t\nWHERE {{ foo() }}')).rejects.toThrow(/line 3: Unknown function foo/);
    await expect(render('SELECT 1\n{% for x in %}\n{% endfor %}')).rejects.toThrow(/line 2: /);
    await expect(render('SELECT {% for')).rejects.toThrow(TemplateError);
    await expect(render('SELECT 1\n{{ 1 $ 2 }}')).rejects.toThrow(/line 2: Unexpected character/);
    await expect(render("SELECT 1\n\n{{ ''.__class__.__mro__ }}")).rejects.toThrow(/line 3: Names starting with "_" are not allowed/);
    await expect(render('{{ range.constructor("return process")() }}')).rejects.toThrow(TemplateError);
    await expect(render("{{ {}['constructor'] }}x")).resolves.toBe('x');
    await expect(render('{% for x in [1] %}\n{{ x }}\n{{ raise_exception("stop here") }}{% endfor %}')).rejects.toThrow(
      /line 3: stop here/,
    );
  });

  it('template parameters named like a macro or built-in are refused', async () => {
    await expect(render('{{ 1 }}', { params: { range: 1 } })).rejects.toThrow(/name of a built-in/);
    await expect(render('{{ 1 }}', { params: { current_username: 'x' } })).rejects.toThrow(/name of a built-in/);
  });
});

describe('SQL templates: budgets (one user cannot take the server down)', () => {
  const hostile: Array<[string, RegExp]> = [
    ['SELECT 1 {% for i in range(100000000) %}{% endfor %}', /range\(\) is limited to 10000 items/],
    ["SELECT '{{ range(20000000)|join(',') }}'", /range\(\) is limited to 10000 items/],
    ['{% for a in range(10000) %}{% for b in range(10000) %}x{% endfor %}{% endfor %}', /more than 20000 loop iterations/],
    ["{{ 'x' * 1000000000 }}", /Unknown operator/],
    ['{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}', /nests too deeply/],
    ['{% set ns = namespace(l=[1]) %}{% for i in range(40) %}{% set ns.l = ns.l + ns.l %}{% endfor %}', /more than 100000 items/],
    ["{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}", /longer than 2000000 characters/],
    ["{% set s = range(3000)|join('-') %}{{ range(5000)|join(s) }}", /longer than 2000000 characters/],
    ["{% set s = range(3000)|join('-') %}{{ s.replace('-', s) }}", /longer than 2000000 characters/],
    ["{% set s = range(3000)|join('-') %}{{ s|replace('', s) }}", /longer than 2000000 characters/],
    [
      "{% set s = range(10000)|join('') %}{{ (s ~ s ~ s ~ s ~ s ~ s ~ s ~ s ~ s ~ s)|join(',')|length }}{{ s.split('')|length }}",
      /longer than|empty separator/,
    ],
    [
      "{% set s = range(3000)|join('-') %}{% set l = [s, s, s, s, s, s, s, s, s, s] %}{% set ll = [l, l, l, l, l, l, l, l, l, l] %}{{ [ll, ll, ll, ll, ll]|tojson }}",
      /longer than 2000000 characters/,
    ],
    [
      "{% set s = range(3000)|join('-') %}{% set l = [s, s, s, s, s, s, s, s, s, s] %}{% set ll = [l, l, l, l, l, l, l, l, l, l] %}{{ [ll, ll, ll] ~ '' }}",
      /longer than 2000000 characters/,
    ],
    ["{{ 'a\nb'|indent(1000000000) }}", /limited to a width of 1000/],
    ['{% for i in range(10000) %}{% for j in range(10000) %}{% if i == j %}{% endif %}{% endfor %}{% endfor %}', /loop iterations|steps/],
  ];

  it('large values within the budgets render', async () => {
    const val = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const out = await render(
      "{{ filter_values('c')|length }} {{ where_in(filter_values('c'))|length }} {{ (filter_values('c') ~ '')|length }}",
      {
        filters: [{ col: 'c', op: 'IN', val }],
      },
    );
    expect(out.split(' ').map(Number)).toEqual([
      100_000,
      2 + val.reduce((n, v) => n + v.length + 2, 0) + (val.length - 1) * 2,
      val.reduce((n, v) => n + v.length + 1, 0) - 1,
    ]);
  }, 20_000);

  it('each runaway is a TemplateError and the next render is fine', async () => {
    for (const [sql, message] of hostile) {
      const t0 = Date.now();
      const error = await render(sql).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, sql).toBeInstanceOf(TemplateError);
      expect((error as Error).message, sql).toMatch(message);
      expect(Date.now() - t0, sql).toBeLessThan(5000);
      expect(await render('SELECT {{ 40 + 2 }}')).toBe('SELECT 42');
    }
  }, 60_000);
});

describe('SQL templates: isolated executors', () => {
  it("a runaway over the time limit fails alone: another user's concurrent render succeeds", async () => {
    // lift the budgets so the template really runs away (to the time limit)
    configureTemplateRenderer({ timeLimitMs: 1500, limits: { maxLoopIterations: 1e12, maxSteps: 1e12 } });
    try {
      const runaway = render('{% for a in range(10000) %}{% for b in range(10000) %}{% endfor %}{% endfor %}');
      const normal = render("SELECT '{{ current_username() }}'", { username: 'another user' });
      await expect(runaway).rejects.toThrow(/took longer than 1.5 s/);
      expect(await normal).toBe("SELECT 'another user'");
    } finally {
      resetTemplateRenderer();
    }
    // the killed executor was replaced
    const again = await Promise.all([render('SELECT {{ 1 }}'), render('SELECT {{ 2 }}'), render('SELECT {{ 3 }}')]);
    expect(again).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3']);
  }, 60_000);

  it("a runaway that exhausts its executor's memory fails alone; the server process and other renders go on", async () => {
    // budgets lifted and time to spare: the executor's heap runs out (an abort, which would end a worker thread's whole process)
    configureTemplateRenderer({ timeLimitMs: 30_000, limits: { maxListItems: 1e12, maxLoopIterations: 1e12, maxSteps: 1e12 } });
    try {
      const runaway = render(
        '{% set ns = namespace(l=[1]) %}{% for i in range(40) %}{% set ns.l = ns.l + ns.l %}{% endfor %}{{ ns.l|length }}',
      );
      const normal = render('SELECT {{ current_user_id() }}');
      await expect(runaway).rejects.toThrow('The template used too much memory and was stopped.');
      expect(await normal).toBe('SELECT 7');
    } finally {
      resetTemplateRenderer();
    }
    expect(await render('SELECT {{ 6 * 7 }}')).toBe('SELECT 42');
  }, 60_000);

  it('renders beyond the pool wait in the queue and succeed once an executor is free', async () => {
    configureTemplateRenderer({ timeLimitMs: 800, limits: { maxLoopIterations: 1e12, maxSteps: 1e12 } });
    try {
      const loop = '{% for a in range(10000) %}{% for b in range(10000) %}{% endfor %}{% endfor %}';
      const runaways = [render(loop), render(loop)];
      const normal = render('SELECT {{ 1 }}');
      for (const r of runaways) await expect(r).rejects.toThrow(TemplateError);
      expect(await normal).toBe('SELECT 1');
    } finally {
      resetTemplateRenderer();
    }
  }, 60_000);

  it('a normal render takes a few milliseconds once the executors are warm', async () => {
    const sql =
      "SELECT * FROM t WHERE u = '{{ current_username() }}' AND c IN {{ where_in(filter_values('c')) }}{% if a %} AND a = {{ a }}{% endif %}";
    const c = { params: { a: 1 }, filters: [{ col: 'c', op: 'IN', val: ['x', 'y'] }] };
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      expect(await render(sql, c)).toBe("SELECT * FROM t WHERE u = 'o''brien' AND c IN ('x', 'y') AND a = 1");
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    expect(times[10]).toBeLessThan(50);
  });
});

describe('template parameters', () => {
  it('must be a JSON object, nested at most 32 levels', async () => {
    expect(parseTemplateParams('{"a": 1}')).toEqual({ a: 1 });
    expect(parseTemplateParams('')).toEqual({});
    expect(parseTemplateParams(null)).toEqual({});
    expect(() => parseTemplateParams('[1]')).toThrow('must be a JSON object');
    expect(() => parseTemplateParams('"a"')).toThrow('must be a JSON object');
    expect(() => parseTemplateParams('{bad')).toThrow('not valid JSON');
    const nested = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    expect(parseTemplateParams(nested(32))).toBeTruthy();
    expect(() => parseTemplateParams(nested(33))).toThrow('The template parameters are nested too deeply.');
    expect(() => parseTemplateParams(`{"a": ${'['.repeat(100000)}`)).toThrow('nested too deeply');
    // brackets inside strings do not count
    expect(parseTemplateParams(`{"a": "${'[{'.repeat(100)}"}`)).toEqual({ a: '[{'.repeat(100) });
    // parameters given as an object are checked too
    await expect(render('{{ a }}', { params: JSON.parse(nested(40)) as Record<string, unknown> })).rejects.toThrow('nested too deeply');
  });
});

describe('undefined template parameters (MISSING_TEMPLATE_PARAMS_ERROR)', () => {
  const missing = async (sql: string, extra: Partial<TemplateContext> = {}): Promise<MissingTemplateParamsError> => {
    const e = await render(sql, extra).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e, sql).toBeInstanceOf(MissingTemplateParamsError);
    return e as MissingTemplateParamsError;
  };

  it('a name written without a value is refused, named in the BI server wording', async () => {
    const one = await missing('SELECT * FROM t WHERE a = {{ foo }}');
    expect(one.undefinedParameters).toEqual(['foo']);
    expect(one.message).toBe(
      'The parameter "foo" in your query is undefined. Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters. Then, try running your query again.',
    );
    expect(one).toBeInstanceOf(TemplateError);
    const two = await missing("SELECT {{ b }}, {{ a }}, {{ b }}, '{{ 'x' ~ c }}'", { params: { d: 1 } });
    expect(two.undefinedParameters).toEqual(['b', 'a', 'c']);
    expect(two.message).toMatch(/^The following parameters in your query are undefined: "b", "a", "c"\. Please check/);
  });

  it('inside blocks, loops and macros too', async () => {
    expect((await missing('{% if true %}{{ x }}{% endif %}')).undefinedParameters).toEqual(['x']);
    expect((await missing('{% for i in [1] %}{{ i }}{{ y }}{% endfor %}')).undefinedParameters).toEqual(['y']);
    expect((await missing('{% macro m() %}{{ z }}{% endmacro %}{{ m() }}')).undefinedParameters).toEqual(['z']);
  });

  it('parameters, macros, globals, loop variables, set targets and macro arguments are defined', async () => {
    const sql = [
      '{% set s = 3 %}{{ s }}',
      '{% for i in [1, 2] %}{{ i }}{{ loop.index }}{% endfor %}',
      '{% macro m(arg) %}{{ arg }}{% endmacro %}{{ m(4) }}',
      '{{ p }}',
      "{{ url_param('nope') }}{{ current_user_id() }}",
      '{{ from_dttm }}{{ to_dttm }}',
      '{{ none }}{{ true }}',
    ].join('|');
    expect(await render(sql, { params: { p: 'P' } })).toBe('3|1122|4|P|7||true');
  });

  it('a default, an is-defined test or a truth test is not a use', async () => {
    expect(await render("SELECT {{ x | default('a') }}")).toBe('SELECT a');
    expect(await render('{% if x is defined %}{{ x }}{% else %}none{% endif %}')).toBe('none');
    expect(await render('{% if x is not defined %}n{% endif %}{% if x %}y{% endif %}')).toBe('n');
    expect(await render('{{ x }}', { params: { x: '' } })).toBe('');
    expect(await render('{{ x }}', { params: { x: null } })).toBe('');
  });
});
