import { describe, expect, it } from 'vitest';
import { parseRoles, RoleError } from './roles.ts';

describe('parseRoles', () => {
  it('defaults to every role', () => {
    expect([...parseRoles([]).roles]).toEqual(['api', 'workers', 'realtime']);
  });
  it('reads repeated and comma-separated flags, keeping other arguments', () => {
    const { roles, rest } = parseRoles(['--role', 'api', 'x', '--role=workers,realtime']);
    expect([...roles].sort()).toEqual(['api', 'realtime', 'workers']);
    expect(rest).toEqual(['x']);
    expect([...parseRoles(['--role=workers']).roles]).toEqual(['workers']);
  });
  it('refuses an unknown or missing role', () => {
    expect(() => parseRoles(['--role', 'web'])).toThrow(RoleError);
    expect(() => parseRoles(['--role', 'api,'])).toThrow(/unknown role ""/);
    expect(() => parseRoles(['--role'])).toThrow(/needs a value/);
  });
});
