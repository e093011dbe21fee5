// Validation messages are written for people: each failing field named once, in words, never Ajv's wording, a regex
// or a schema description; the envelopes render each as a sentence naming its field.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaValidationError } from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  detailSentence,
  fieldLabel,
  renderedDetails,
  validationDetails,
  validationMessage,
} from './validationDetails.ts';

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
addFormats.default(ajv);

const Body = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320 }),
    password: Type.String({ minLength: 12, maxLength: 200, description: '12 to 200 characters' }),
    amount: Type.Optional(Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,6})?$', description: 'a decimal amount' })),
    success_url: Type.Optional(
      Type.String({
        format: 'uri',
        maxLength: 2000,
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
        description: 'Where the checkout page sends the customer after paying: an http:// or https:// URL',
      }),
    ),
    networks: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z0-9-]{2,40}$' }), { minItems: 1, maxItems: 8, uniqueItems: true }),
    ),
    checkout_methods: Type.Optional(Type.Array(Type.Unsafe<string>({ type: 'string', enum: ['WALLET', 'ADDRESS'] }))),
    expires_in_seconds: Type.Optional(Type.Integer({ minimum: 300, maximum: 2592000 })),
    memo: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Null()])),
    metadata: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        type: 'object',
        propertyNames: { maxLength: 4 },
        additionalProperties: { type: 'string', maxLength: 500 },
        maxProperties: 20,
      }),
    ),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const check = ajv.compile(Body);

function details(value: unknown, context = 'body') {
  expect(check(value)).toBe(false);
  return validationDetails(check.errors as FastifySchemaValidationError[], context);
}

describe('validation details', () => {
  it('says what each field must be, once per field, in words', () => {
    const d = details({
      email: 'nope',
      password: 'short',
      amount: '1.2345678',
      success_url: 'ftp://example.com',
      networks: ['Base!', 'base'],
      checkout_methods: ['CARD'],
      expires_in_seconds: 12.5,
      memo: 'far too long',
      metadata: { longkey: 'x' },
      active: 'yes',
      extra: 1,
    });
    expect(d).toEqual([
      { path: 'extra', message: 'is not a recognised field' },
      { path: 'email', message: 'must be an email address such as name@example.com' },
      { path: 'password', message: 'must be at least 12 characters' },
      {
        path: 'amount',
        message: 'must be an amount such as 12.50: up to 12 digits, optionally a dot and up to 6 decimals',
      },
      { path: 'success_url', message: 'must be an http(s) URL' },
      {
        path: 'networks[0]',
        message: 'must be a network id such as base-sepolia: 2 to 40 lowercase letters, digits or hyphens',
      },
      { path: 'checkout_methods[0]', message: 'must be one of WALLET, ADDRESS' },
      { path: 'expires_in_seconds', message: 'must be a whole number' },
      { path: 'memo', message: 'must be at most 5 characters' },
      { path: 'metadata.longkey', message: 'is a key that must be at most 4 characters' },
      { path: 'active', message: 'must be true or false' },
    ]);
    for (const x of d) {
      expect(x.message).not.toMatch(/must NOT|must match|Where the checkout|\^|\$|should/);
    }
  });

  it('names a missing field, bounds, lists and a value of none of a union’s types', () => {
    expect(details({})).toEqual([
      { path: 'email', message: 'is required' },
      { path: 'password', message: 'is required' },
    ]);
    const d = details({
      email: 'a@example.com',
      password: 'x'.repeat(201),
      expires_in_seconds: 10,
      networks: [],
      memo: 5,
    });
    expect(d).toEqual([
      { path: 'password', message: 'must be at most 200 characters' },
      { path: 'networks', message: 'must list at least one item' },
      { path: 'expires_in_seconds', message: 'must be at least 300' },
      { path: 'memo', message: 'must be a string or null' },
    ]);
    expect(details({ email: 'a@example.com', password: 'x'.repeat(12), networks: ['ab', 'ab'] })).toEqual([
      { path: 'networks', message: 'must not list the same item twice' },
    ]);
  });

  it('names headers and the whole body', () => {
    const h = ajv.compile(
      Type.Object(
        { 'idempotency-key': Type.Optional(Type.String({ maxLength: 200 })) },
        { additionalProperties: true },
      ),
    );
    h({ 'idempotency-key': 'k'.repeat(201) });
    const [d] = validationDetails(h.errors as FastifySchemaValidationError[], 'headers');
    expect(d).toEqual({ path: 'header:idempotency-key', message: 'must be at most 200 characters' });
    expect(detailSentence(d!)).toBe('The idempotency-key header must be at most 200 characters');
    expect(details('text')).toEqual([{ path: '(body)', message: 'must be an object' }]);
  });
});

describe('sentences', () => {
  it('capitalises a plain word, keeps an API name as the API spells it', () => {
    expect(detailSentence({ path: 'password', message: 'must be at least 12 characters' })).toBe(
      'Password must be at least 12 characters',
    );
    expect(detailSentence({ path: 'success_url', message: 'must be an http(s) URL' })).toBe(
      'success_url must be an http(s) URL',
    );
    expect(detailSentence({ path: 'to', message: 'must be later than from' })).toBe('to must be later than from');
    expect(fieldLabel('line_items[0].unit_amount')).toBe('line_items[0].unit_amount');
    expect(fieldLabel('(body)')).toBe('The request body');
  });

  it('keeps a message already written as a sentence', () => {
    const d = { path: 'business_name', message: 'Enter a business name of 2 to 120 characters' };
    expect(detailSentence(d)).toBe(d.message);
    const total = { path: 'line_items', message: 'the total must be greater than 0' };
    expect(detailSentence(total)).toBe(total.message);
    expect(detailSentence({ path: 'id', message: 'not found' })).toBe('id not found');
    expect(renderedDetails([d, { path: 'amount', message: 'is required' }])).toEqual([
      d,
      { path: 'amount', message: 'Amount is required' },
    ]);
  });

  it('makes the top-level message of the first three problems', () => {
    expect(validationMessage([{ path: 'password', message: 'must be at least 12 characters' }])).toBe(
      'Password must be at least 12 characters',
    );
    const four = ['a', 'b', 'c', 'd'].map((path) => ({ path, message: 'is required' }));
    expect(validationMessage(four)).toBe('A is required; B is required; C is required; and 1 more problem');
  });
});
