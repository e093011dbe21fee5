import RequestClient from 'twilio/lib/base/RequestClient.js';

/** Twilio's refusal of a request, as its REST API answers it: HTTP status and the body with its own error code. */
export interface TwilioRefusalBody {
  status: number;
  code: number;
  message: string;
}

/**
 * What Twilio answers with test credentials (https://www.twilio.com/docs/iam/test-credentials): a call to a number
 * it will not dial is HTTP 400 with error 21211. The library's own HTTP client, answering every request so, without
 * a network: the adapter sees exactly the RestException the library raises for Twilio's real answer.
 */
export const TEST_CREDENTIALS_INVALID_TO: TwilioRefusalBody = {
  status: 400,
  code: 21211,
  message: "The 'To' number +15005550001 is not a valid phone number.",
};

export class TwilioRefuses extends RequestClient {
  constructor(private readonly answer: TwilioRefusalBody = TEST_CREDENTIALS_INVALID_TO) {
    super({ autoRetry: false });
  }

  override async request<T>(_o: RequestClient.RequestOptions<T>) {
    const body = { ...this.answer, more_info: `https://www.twilio.com/docs/errors/${this.answer.code}` };
    return { statusCode: this.answer.status, body: JSON.stringify(body), headers: {} } as never;
  }
}
