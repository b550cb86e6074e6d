import { describe, expect, it } from 'vitest';
import { sanitizeDashboardCss, scopeDashboardCss } from './css.js';

const squash = (css: string) => css.replace(/\s+/g, ' ').trim();

describe('dashboard CSS is user text: sanitizeDashboardCss', () => {
  it('drops @import in every spelling, and @charset / @namespace', () => {
    const css =
      '@import url("https://evil/x.css"); @IMPORT "y.css"; @\\69mport "z.css"; @charset "utf-8"; @namespace svg url(http://www.w3.org/2000/svg); .a { color: red }';
    expect(squash(sanitizeDashboardCss(css))).toBe('.a { color: red; }');
  });

  it('drops declarations whose url() targets anything but a data: URL, keeps data: ones (with ; inside)', () => {
    const css = `.a { background: url(https://evil/t.png); color: red }
      .b { background: url('/relative.png') } .c { background-image: url("data:image/png;base64,AA;BB") }`;
    expect(squash(sanitizeDashboardCss(css))).toBe(
      '.a { color: red; } .b { } .c { background-image: url("data:image/png;base64,AA;BB"); }',
    );
  });

  it('sees through comments, escapes and spacing used to hide url() and expression()', () => {
    const css =
      '.a { background: u\\72l(//evil/x); width: expression (alert(1)); color: green; list-style: URL( "http://e/x" ); b: e/**/xpression(1) }';
    expect(squash(sanitizeDashboardCss(css))).toBe('.a { color: green; }');
  });

  it('drops javascript: URLs, -moz-binding, behavior and image-set() with external addresses', () => {
    const css =
      '.a { cursor: url(javascript:alert(1)); -moz-binding: url(x.xml#y); behavior: url(x.htc); background: image-set("https://e/a.png" 1x); color: red }';
    expect(squash(sanitizeDashboardCss(css))).toBe('.a { color: red; }');
  });

  it('@font-face: an external src is dropped, and a face left without a source goes whole', () => {
    const css = `@font-face { font-family: Evil; src: url(https://evil/font.woff2) format("woff2") }
      @font-face { font-family: Ok; src: url(data:font/woff2;base64,AAAA) format("woff2"), local("Arial") }`;
    expect(squash(sanitizeDashboardCss(css))).toBe(
      '@font-face { font-family: Ok; src: url(data:font/woff2;base64,AAAA) format("woff2"), local("Arial"); }',
    );
  });

  it('keeps nested @media / @supports and @keyframes, cleaning inside them', () => {
    const css =
      '@media (max-width: 600px) { @supports (display: grid) { .a { background: url(http://e/x); gap: 4px } } } @keyframes spin { from { transform: rotate(0) } to { transform: rotate(360deg) } }';
    expect(squash(sanitizeDashboardCss(css))).toBe(
      '@media (max-width: 600px) { @supports (display: grid) { .a { gap: 4px; } } } @keyframes spin { from { transform: rotate(0); } to { transform: rotate(360deg); } }',
    );
  });

  it('strings stay whole (braces and semicolons inside them are text) and cannot close the style element', () => {
    const css = '.a::before { content: "a;b}c" } .y { content: "</style><script>alert(1)</script>" } .z { content: "<\\/STYLE" }';
    const clean = sanitizeDashboardCss(css);
    expect(squash(clean)).toContain('content: "a;b}c";');
    expect(clean.toLowerCase()).not.toContain('</style');
  });

  it('drops @document, repairs unbalanced braces and unterminated comments, and empty input gives empty output', () => {
    expect(squash(sanitizeDashboardCss('@-moz-document url-prefix(http://e) { .a { color: red } } } .b { color: blue'))).toBe(
      '.b { color: blue; }',
    );
    expect(squash(sanitizeDashboardCss('.a { color: red } /* never closed .b { color: blue }'))).toBe('.a { color: red; }');
    expect(sanitizeDashboardCss('   ')).toBe('');
  });
});

describe('dashboard CSS applies to its dashboard only: scopeDashboardCss', () => {
  const scope = '.rama-dashboard-7';

  it('prefixes every selector of a list', () => {
    expect(squash(scopeDashboardCss('.a, .b > .c:not(.d, .e), * { color: red }', scope))).toBe(
      '.rama-dashboard-7 .a, .rama-dashboard-7 .b > .c:not(.d, .e), .rama-dashboard-7 * { color: red; }',
    );
  });

  it('body, html and :root stand for the scope itself, keeping their qualifiers', () => {
    expect(
      squash(
        scopeDashboardCss('body { margin: 0 } html body .card { color: red } :root { --gap: 4px } body.dark > .x { color: white }', scope),
      ),
    ).toBe(
      '.rama-dashboard-7 { margin: 0; } .rama-dashboard-7 .card { color: red; } .rama-dashboard-7 { --gap: 4px; } .rama-dashboard-7.dark > .x { color: white; }',
    );
  });

  it('prefixes inside nested @media and @supports', () => {
    expect(squash(scopeDashboardCss('@media print { @supports (display: grid) { .grid { display: grid } } }', scope))).toBe(
      '@media print { @supports (display: grid) { .rama-dashboard-7 .grid { display: grid; } } }',
    );
  });

  it('leaves keyframe selectors, @font-face and @page alone', () => {
    const css =
      '@keyframes pulse { from { opacity: 0 } 50% { opacity: .5 } to { opacity: 1 } } @font-face { font-family: X; src: local("X") } @page { margin: 1cm }';
    expect(squash(scopeDashboardCss(css, scope))).toBe(
      '@keyframes pulse { from { opacity: 0; } 50% { opacity: .5; } to { opacity: 1; } } @font-face { font-family: X; src: local("X"); } @page { margin: 1cm; }',
    );
  });

  it('selectors already in the scope, and comments, are handled', () => {
    expect(squash(scopeDashboardCss('/* header */ .rama-dashboard-7 .a { color: red } .rama-dashboard-70 { color: blue }', scope))).toBe(
      '.rama-dashboard-7 .a { color: red; } .rama-dashboard-7 .rama-dashboard-70 { color: blue; }',
    );
  });

  it('a selector starting with a combinator hangs from the scope', () => {
    expect(squash(scopeDashboardCss('> .direct { color: red }', scope))).toBe('.rama-dashboard-7 > .direct { color: red; }');
  });
});
