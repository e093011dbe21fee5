import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The same value with every object's keys inserted in reverse order. */
function reversed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversed);
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .reverse()
        .map((k) => [k, reversed((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

describe('canonicalJson', () => {
  it('gives the text (and so the stored hashes) both former copies gave', () => {
    // Outputs and hashes recorded from the gateway's and the agents' former implementations, which agreed here.
    const body = { b: 1, a: [1, { d: null, c: 'x\u00e9"' }], é: true, Z: -0.5, e: {}, '10': 's', '9': [] };
    const text = '{"10":"s","9":[],"Z":-0.5,"a":[1,{"c":"xé\\"","d":null}],"b":1,"e":{},"é":true}';
    expect(canonicalJson(body)).toBe(text);
    expect(sha256(canonicalJson(body))).toBe('be856977c61c09de7b2fd47d3b1982a16b977b401f2c2deabd0c587df01b2cfc');
    // The agents' request binding of a GET (no body): the undefined member is omitted.
    const input = { params: { id: 'x' }, query: { q: '1' }, body: undefined };
    expect(sha256(`GET /v1/x/:id\n${canonicalJson(input)}`)).toBe(
      'df1380e93203d2d617544405fa01d276f1f42f11406238e53846a34a2394ce82',
    );
  });

  it('omits undefined members, and writes undefined as null elsewhere', () => {
    expect(canonicalJson({ a: undefined, b: 1, c: () => 1 })).toBe('{"b":1}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(null)).toBe('null');
  });

  it('is JSON of the same value, whatever the key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = canonicalJson(v);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v)));
        expect(canonicalJson(reversed(v))).toBe(text);
      }),
    );
  });
});
