import { describe, expect, it } from 'vitest';
import { webVizList } from '../registry';

const decode = (url: string) => decodeURIComponent(url.slice(url.indexOf(',') + 1));

describe('gallery thumbnails', () => {
  it('each is an inline SVG the browser can draw (a repeated attribute makes the whole picture fail)', () => {
    for (const { definition, thumbnail: url } of webVizList()) {
      const name = definition.meta.key;
      expect(url.startsWith('data:image/svg+xml'), name).toBe(true);
      const svg = decode(url);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), name).toBe(true);
      expect(svg.endsWith('</svg>'), name).toBe(true);
      for (const tag of svg.match(/<[a-z]+[^>]*>/g) ?? []) {
        const attrs = [...tag.matchAll(/\s([a-z-]+)="/g)].map((m) => m[1]);
        expect(new Set(attrs).size, `${name}: ${tag}`).toBe(attrs.length);
      }
    }
  });
});
