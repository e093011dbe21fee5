// A payment link's time to pay is typed in minutes and checked by the API in seconds: the forms say the API's rule in
// the field's unit, and leave every other error as the API wrote it.
import { describe, expect, it } from 'vitest';
import { expiryInMinutes } from './app/merchant/dashboard/expiryInMinutes.ts';
import { ApiError } from './app/shared/apiError.ts';

const refusal = (...details: { path: string; message: string }[]) =>
  new ApiError(400, 'VALIDATION_FAILED', details.map((d) => d.message).join('; '), details);

describe('expiryInMinutes', () => {
  it('says the bounds in minutes, at the field and in the message', () => {
    const shown = expiryInMinutes(
      refusal({ path: 'intent_expires_in_seconds', message: 'intent_expires_in_seconds must be at least 300' }),
    ) as ApiError;
    expect(shown).toBeInstanceOf(ApiError);
    expect(shown.message).toBe('Time to pay must be at least 5 minutes');
    expect(shown.details).toEqual([
      { path: 'intent_expires_in_seconds', message: 'Time to pay must be at least 5 minutes' },
    ]);
    expect(shown.status).toBe(400);
    expect(shown.code).toBe('VALIDATION_FAILED');
    const most = expiryInMinutes(
      refusal({ path: 'intent_expires_in_seconds', message: 'intent_expires_in_seconds must be at most 604800' }),
    ) as ApiError;
    expect(most.message).toBe('Time to pay must be at most 10080 minutes');
    const one = expiryInMinutes(
      refusal({ path: 'intent_expires_in_seconds', message: 'intent_expires_in_seconds must be at least 60' }),
    ) as ApiError;
    expect(one.message).toBe('Time to pay must be at least 1 minute');
  });
  it('says what the field wants for a value that is no number, and keeps the other fields’ words', () => {
    const shown = expiryInMinutes(
      refusal(
        { path: 'name', message: 'Name must not be empty' },
        { path: 'intent_expires_in_seconds', message: 'intent_expires_in_seconds must be an integer' },
      ),
    ) as ApiError;
    expect(shown.message).toBe('Name must not be empty; Time to pay must be a number of minutes');
    expect(shown.details.map((d) => d.message)).toEqual([
      'Name must not be empty',
      'Time to pay must be a number of minutes',
    ]);
  });
  it('returns any other error as it is', () => {
    const other = refusal({ path: 'name', message: 'Name must not be empty' });
    expect(expiryInMinutes(other)).toBe(other);
    const failure = new Error('Cannot reach the server');
    expect(expiryInMinutes(failure)).toBe(failure);
    expect(expiryInMinutes(null)).toBeNull();
  });
});
