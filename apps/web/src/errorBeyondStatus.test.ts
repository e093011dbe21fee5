// The webhook delivery log's error beside the status code: said only when it tells more than "HTTP <status>".
import { describe, expect, it } from 'vitest';
import { errorBeyondStatus } from './app/merchant/dashboard/errorBeyondStatus.ts';

describe('errorBeyondStatus', () => {
  it('drops the error that only repeats the status code', () => {
    expect(errorBeyondStatus('HTTP 500', 500)).toBeNull();
    expect(errorBeyondStatus('HTTP 404', 404)).toBeNull();
  });
  it('keeps an error that says more, or anything when there is no status code', () => {
    expect(errorBeyondStatus('connection closed before the answer was complete', 200)).toBe(
      'connection closed before the answer was complete',
    );
    expect(errorBeyondStatus('redirect (HTTP 302) to https://x.example not followed', 302)).toBe(
      'redirect (HTTP 302) to https://x.example not followed',
    );
    expect(errorBeyondStatus('HTTP 502', 500)).toBe('HTTP 502');
    expect(errorBeyondStatus('timed out after 10000 ms', null)).toBe('timed out after 10000 ms');
    expect(errorBeyondStatus('connect ECONNREFUSED 127.0.0.1:9', null)).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });
  it('has nothing to say without an error', () => {
    expect(errorBeyondStatus(null, 500)).toBeNull();
    expect(errorBeyondStatus('', null)).toBeNull();
  });
});
