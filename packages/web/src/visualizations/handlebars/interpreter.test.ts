import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render';

const data = [
  { country: 'China', region: 'Asia', pop: 1303, count: 7, tags: ['big', 'old'] },
  { country: 'Niger', region: 'Africa', pop: 12, count: 0, tags: [] },
];
const run = (template: string, rows: Record<string, unknown>[] = data) => renderTemplate(template, { data: rows });

describe('handlebars semantics of the interpreter', () => {
  it('each with @index, @first, @last, @root, else, and ../ to the enclosing context', () => {
    expect(run('{{#each data}}{{@index}}:{{country}}{{#if @first}}(first){{/if}}{{#if @last}}(last){{/if}};{{/each}}')).toBe(
      '0:China(first);1:Niger(last);',
    );
    expect(run('{{#each data}}{{#each tags}}{{this}}<{{../country}}>{{else}}none of {{../country}}{{/each}};{{/each}}')).toBe(
      // as in Handlebars: the else block keeps the row as its context, so ../ is the root
      'big<China>old<China>;none of ;',
    );
    expect(run('{{#each data}}{{#if pop}}{{country}}/{{../data.length}} {{/if}}{{/each}}')).toBe('China/2 Niger/2 ');
    expect(run('{{#each missing}}x{{else}}empty{{/each}}')).toBe('empty');
    expect(run('{{#each data}}{{@root.data.length}}{{/each}}')).toBe('22');
  });

  it('each over an object gives @key; block params name the item and its index', () => {
    expect(run('{{#each data.[0]}}{{@key}}={{this}},{{/each}}', data).startsWith('country=China,region=Asia,pop=1303,')).toBe(true);
    expect(run('{{#each data as |row i|}}{{i}}-{{row.country}} {{/each}}')).toBe('0-China 1-Niger ');
  });

  it('if / unless / else if chains, includeZero, with and sections', () => {
    expect(run('{{#each data}}{{#if count}}some{{else if pop}}none but people{{else}}nothing{{/if}};{{/each}}')).toBe(
      'some;none but people;',
    );
    expect(run('{{#each data}}{{#if count includeZero=true}}y{{else}}n{{/if}}{{/each}}')).toBe('yy');
    expect(run('{{#each data}}{{#unless count}}zero{{/unless}}{{/each}}')).toBe('zero');
    expect(run('{{#with data.[1]}}{{country}} in {{region}}{{/with}}')).toBe('Niger in Africa');
    expect(run('{{#with nothing}}x{{else}}no context{{/with}}')).toBe('no context');
    expect(run('{{#data}}{{country}},{{/data}}')).toBe('China,Niger,');
    expect(run('{{^nothing}}inverted{{/nothing}}')).toBe('inverted');
  });

  it('a bare name the row holds is its value even where a helper has that name; helpers with arguments run', () => {
    expect(run('{{#each data}}{{count}} {{/each}}')).toBe('7 0 ');
    expect(run('{{count data}}')).toBe('2');
    expect(run('{{#each data}}{{uppercase country}}{{#if (gt pop 100)}}!{{/if}} {{/each}}')).toBe('CHINA! NIGER ');
    expect(() => run('{{nosuchhelper country}}')).toThrow('Missing helper: "nosuchhelper"');
  });

  it('escapes {{ }}, not {{{ }}}; whitespace control trims', () => {
    const rows = [{ html: '<b>&</b>' }];
    expect(run('{{#each data}}{{html}}|{{{html}}}{{/each}}', rows)).toBe('&lt;b&gt;&amp;&lt;/b&gt;|<b>&</b>');
    expect(run('{{#each data}}\n  {{~country~}}  \n{{/each}}')).toBe('ChinaNiger');
    expect(run('{{#each data}}{{newLineToBr note}}{{/each}}', [{ note: 'a<\n>b' }])).toBe('a&lt;<br>&gt;b');
  });
});
