import { describe, expect, it } from 'vitest';
import { parse } from 'lossless-json';
import { jsonNumber, parseResultJson } from './resultJson';

describe('parseResultJson: safe integers → number, unsafe → bigint, others → number', () => {
  it('keeps 9007199254740993 exact as a bigint', () => {
    const parsed = parseResultJson(
      '{"data":[{"big":9007199254740993,"safe":9007199254740991,"f":1.5,"e":1e3,"neg":-9007199254740993}]}',
    ) as {
      data: Record<string, unknown>[];
    };
    expect(parsed.data[0]).toEqual({ big: 9007199254740993n, safe: 9007199254740991, f: 1.5, e: 1000, neg: -9007199254740993n });
    expect(typeof parsed.data[0].safe).toBe('number');
  });

  it('parses ordinary JSON like JSON.parse', () => {
    const text = '{"a":[1,2.25,"x",null,true,{"b":"1234567890123456789"}]}';
    expect(parseResultJson(text)).toEqual(JSON.parse(text));
  });

  it('a long decimal stays a number', () => {
    expect(parseResultJson('[0.12345678901234567890, 12345678901234567890.5, 1e400]')).toEqual([
      0.12345678901234568,
      12345678901234567000,
      Infinity,
    ]);
  });

  it('the number rule: beyond ±(2^53 − 1) an integer is a bigint, anything else a number', () => {
    expect(jsonNumber('9007199254740992')).toBe(9007199254740992n);
    expect(jsonNumber('-9007199254740993')).toBe(-9007199254740993n);
    expect(jsonNumber('-9007199254740991')).toBe(-9007199254740991);
    expect(jsonNumber('1e21')).toBe(1e21);
    expect(jsonNumber('2.5')).toBe(2.5);
  });
});

describe('parseResultJson agrees with lossless-json on tricky text', () => {
  const cases = [
    String.raw`{"s":"quote \" 12345678901234567890 inside","n":12345678901234567890}`,
    String.raw`["back\\", 9999999999999999, "\\", -12345678901234567890, "tab\t", 1.2345678901234567890e5]`,
    String.raw`{"9007199254740993": 9007199254740993, "a": [{"b": [-9007199254740993, 0.5]}], "e": 12345678901234567e3}`,
    '{"plain": 9007199254740991, "x": "90071992547409931"}',
    '[]',
  ];
  for (const text of cases) {
    it(text.slice(0, 60), () => {
      expect(parseResultJson(text)).toEqual(parse(text, null, jsonNumber));
    });
  }

  it('text that already holds the marker still parses exactly', () => {
    const text = String.raw`{"s":"\u0000rama-bigint:1","n":12345678901234567890}`;
    expect(parseResultJson(text)).toEqual({ s: '\u0000rama-bigint:1', n: 12345678901234567890n });
  });

  it('invalid JSON throws', () => {
    expect(() => parseResultJson('{"a": 12345678901234567890')).toThrow();
    expect(() => parseResultJson('{"a": "12345678901234567890')).toThrow();
  });
});
