import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { Sql } from '@tender/platform';
import { CALLEE_LINE, calleeBehaviour, simulatorNumbers } from './simulatedCallee.ts';
import { newSid, SimulatedCall, type CallEnvironment, type CallParty } from './simulatedCall.ts';
import { TwilioRequestValidator, type ApiRequest, type MatchedOperation } from './twilioRequestValidator.ts';

/** A REST answer as Twilio gives it: status and JSON body (none for 204). */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

interface NumberRow {
  sid: string;
  e164: string;
  friendly_name: string | null;
  voice_url: string | null;
  voice_method: string;
  status_callback: string | null;
  status_callback_method: string;
  created_at: Date;
}

export interface SimulatorOptions {
  db: Sql;
  /** Milliseconds of one simulated second (TimeLimit, ringing, hang-up-after; default 1000). */
  secondMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

/** Raised for a request Twilio refuses: its HTTP status, its error code and message. */
export class TwilioRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const form = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');
/** Twilio rings a callee for `Timeout` seconds (60 by default) before no-answer; the simulated ring before an answer. */
const RING_SECONDS = 1;

/**
 * The telephony simulator (dev profile only): Twilio's side of the phone, in this process.
 *
 *  - the REST API's subset the Twilio adapter calls (available local numbers, incoming numbers, calls), every request
 *    validated against Twilio's OpenAPI description and authenticated with the simulator's account (HTTP Basic);
 *  - numbers from the fictional range +1 NPA 555 0150–0199, kept in the database;
 *  - calls: inbound ones placed by `tender phone call` (placeInbound), outbound ones answered by the simulated callee
 *    (simulatedCallee.ts); each runs as SimulatedCall does at Twilio (signed webhooks, TimeLimit, ConversationRelay).
 */
export class TwilioSimulator {
  readonly accountSid = `AC${randomBytes(16).toString('hex')}`;
  readonly authToken = randomBytes(16).toString('hex');
  private validatorInstance: TwilioRequestValidator | null = null;
  private readonly calls = new Map<string, SimulatedCall>();
  private readonly env: CallEnvironment;
  private readonly db: Sql;

  constructor(opts: SimulatorOptions) {
    this.db = opts.db;
    const log = opts.log ?? (() => {});
    this.env = {
      accountSid: this.accountSid,
      authToken: this.authToken,
      secondMs: opts.secondMs ?? 1000,
      log,
      post: (url, params) => this.post(url, params),
      // Ended calls stay readable (fetchCall, reconciliation) for an hour, as Twilio keeps its call log.
      ended: (call) => setTimeout(() => this.calls.delete(call.sid), 3_600_000).unref(),
    };
  }

  /** Twilio's description, read on the first request (not at start: ~100 ms of parsing and schema set-up). */
  get validator(): TwilioRequestValidator {
    return (this.validatorInstance ??= new TwilioRequestValidator());
  }

  /** A signed webhook POST, exactly as Twilio sends it (X-Twilio-Signature over the URL and the sorted params). */
  async post(url: string, params: Record<string, string>): Promise<string> {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(this.authToken, url, params),
        'user-agent': 'TwilioProxy/1.1 (Tender simulator)',
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return text;
  }

  /** Answers one REST request (path under https://api.twilio.com), as Twilio would. */
  async handle(req: ApiRequest, auth: { user: string; password: string } | null): Promise<ApiAnswer> {
    const checked = this.validator.validate(req);
    if (!checked.ok) return refusal(checked.status, checked.status === 400 ? 21_000 : 20_404, checked.message);
    const op = checked.op;
    if (!auth || auth.user !== this.accountSid || auth.password !== this.authToken) {
      return refusal(401, 20_003, 'Authenticate');
    }
    if (op.pathParams.AccountSid !== this.accountSid) {
      return refusal(404, 20_404, `The requested resource ${req.path} was not found`);
    }
    try {
      return await this.operate(op, req);
    } catch (err) {
      if (err instanceof TwilioRefusal) return refusal(err.status, err.code, err.message);
      throw err;
    }
  }

  private async operate(op: MatchedOperation, req: ApiRequest): Promise<ApiAnswer> {
    const f = (k: string) => form(req.form[k]);
    const sid = op.pathParams.Sid ?? '';
    switch (op.operationId) {
      case 'ListAvailablePhoneNumberLocal':
        return { status: 200, body: await this.available(op, req) };
      case 'CreateIncomingPhoneNumber':
        return { status: 201, body: await this.buy(req) };
      case 'FetchIncomingPhoneNumber':
        return { status: 200, body: this.numberResource(await this.number(sid)) };
      case 'DeleteIncomingPhoneNumber':
        await this.number(sid);
        await this.db.query(`delete from agent_phone_simulator_numbers where sid = $1`, [sid]);
        return { status: 204, body: null };
      case 'CreateCall':
        return { status: 201, body: (await this.placeOutbound(req)).resource() };
      case 'FetchCall':
        return { status: 200, body: this.call(sid).resource() };
      case 'UpdateCall': {
        const call = this.call(sid);
        const status = f('Status');
        if (status === 'completed' || status === 'canceled') {
          if (call.final) throw new TwilioRefusal(400, 21_220, 'Call is not in-progress. Cannot redirect.');
          await call.end(call.answeredAt ? 'completed' : 'canceled');
        }
        const limit = f('TimeLimit');
        if (limit !== undefined) call.setTimeLimit(Number(limit));
        return { status: 200, body: call.resource() };
      }
      default:
        return refusal(405, 20_004, `${op.operationId} is not simulated`);
    }
  }

  private async available(op: MatchedOperation, req: ApiRequest) {
    const country = op.pathParams.CountryCode!;
    const areaCode = form(req.query.AreaCode);
    const pageSize = Math.min(Number(form(req.query.PageSize) ?? 50), 1000);
    let offered: string[] = [];
    if ((country === 'US' || country === 'CA') && areaCode && /^[2-9]\d{2}$/.test(areaCode)) {
      const taken = new Set(
        (await this.db.query<{ e164: string }>(`select e164 from agent_phone_simulator_numbers`)).map((r) => r.e164),
      );
      offered = simulatorNumbers(areaCode).filter((n) => !taken.has(n));
    }
    const uri = `/2010-04-01/Accounts/${this.accountSid}/AvailablePhoneNumbers/${country}/Local.json`;
    const page = offered.slice(0, pageSize).map((n) => ({
      friendly_name: `(${n.slice(2, 5)}) ${n.slice(5, 8)}-${n.slice(8)}`,
      phone_number: n,
      lata: null,
      locality: 'Fictional',
      rate_center: null,
      latitude: null,
      longitude: null,
      region: null,
      postal_code: null,
      iso_country: country,
      address_requirements: 'none',
      beta: false,
      capabilities: { voice: true, SMS: false, MMS: false },
    }));
    return {
      available_phone_numbers: page,
      end: Math.max(0, page.length - 1),
      first_page_uri: uri,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri,
    };
  }

  private async buy(req: ApiRequest) {
    const phoneNumber = form(req.form.PhoneNumber) ?? '';
    const m = /^\+1([2-9]\d{2})55501(\d{2})$/.exec(phoneNumber);
    if (!m || Number(m[2]) < 50) {
      throw new TwilioRefusal(400, 21_422, `PhoneNumber ${phoneNumber} is not available.`);
    }
    const rows = await this.db.query<NumberRow>(
      `insert into agent_phone_simulator_numbers (sid, e164, friendly_name, voice_url, voice_method,
         status_callback, status_callback_method)
       values ($1, $2, $3, $4, coalesce($5, 'POST'), $6, coalesce($7, 'POST'))
       on conflict (e164) do nothing returning *`,
      [
        newSid('PN'),
        phoneNumber,
        form(req.form.FriendlyName) ?? phoneNumber,
        form(req.form.VoiceUrl) ?? null,
        form(req.form.VoiceMethod) ?? null,
        form(req.form.StatusCallback) ?? null,
        form(req.form.StatusCallbackMethod) ?? null,
      ],
    );
    if (!rows[0]) throw new TwilioRefusal(400, 21_422, `PhoneNumber ${phoneNumber} is not available.`);
    return this.numberResource(rows[0]);
  }

  private async number(sid: string): Promise<NumberRow> {
    const row = (
      await this.db.query<NumberRow>(`select * from agent_phone_simulator_numbers where sid = $1`, [sid])
    )[0];
    if (!row) throw new TwilioRefusal(404, 20_404, `The requested resource IncomingPhoneNumbers/${sid} was not found`);
    return row;
  }

  async numberByE164(e164: string): Promise<NumberRow | null> {
    return (
      (await this.db.query<NumberRow>(`select * from agent_phone_simulator_numbers where e164 = $1`, [e164]))[0] ?? null
    );
  }

  private call(sid: string): SimulatedCall {
    const call = this.calls.get(sid);
    if (!call) throw new TwilioRefusal(404, 20_404, `The requested resource Calls/${sid} was not found`);
    return call;
  }

  private numberResource(r: NumberRow) {
    const uri = `/2010-04-01/Accounts/${this.accountSid}/IncomingPhoneNumbers/${r.sid}.json`;
    return {
      account_sid: this.accountSid,
      address_sid: null,
      address_requirements: 'none',
      api_version: '2010-04-01',
      beta: false,
      capabilities: { voice: true, sms: false, mms: false, fax: false },
      date_created: rfc2822(r.created_at),
      date_updated: rfc2822(r.created_at),
      friendly_name: r.friendly_name,
      identity_sid: null,
      phone_number: r.e164,
      origin: 'twilio',
      sid: r.sid,
      sms_application_sid: null,
      sms_fallback_method: 'POST',
      sms_fallback_url: null,
      sms_method: 'POST',
      sms_url: null,
      status_callback: r.status_callback,
      status_callback_method: r.status_callback_method,
      trunk_sid: null,
      uri,
      voice_receive_mode: 'voice',
      voice_application_sid: null,
      voice_caller_id_lookup: false,
      voice_fallback_method: 'POST',
      voice_fallback_url: null,
      voice_method: r.voice_method,
      voice_url: r.voice_url,
      emergency_status: 'Inactive',
      emergency_address_sid: null,
      emergency_address_status: 'unregistered',
      bundle_sid: null,
      status: 'in-use',
      type: 'local',
    };
  }

  /**
   * calls.create: From must be a number of this account (Twilio error 21210 otherwise); the callee then behaves
   * as its number says (simulatedCallee.ts). The call executes its Twiml (or the TwiML fetched from Url) once
   * answered.
   */
  private async placeOutbound(req: ApiRequest): Promise<SimulatedCall> {
    const from = form(req.form.From) ?? '';
    const to = form(req.form.To) ?? '';
    const number = await this.numberByE164(from);
    if (!number) {
      throw new TwilioRefusal(
        400,
        21_210,
        `The source phone number provided, ${from}, is not yet verified for your account.`,
      );
    }
    if (!/^\+[1-9]\d{1,14}$/.test(to))
      throw new TwilioRefusal(400, 21_211, `The 'To' number ${to} is not a valid phone number.`);
    const twiml = form(req.form.Twiml);
    const url = form(req.form.Url);
    if (!twiml && !url) throw new TwilioRefusal(400, 21_205, 'Url or Twiml or ApplicationSid is required.');
    const party = new SimulatedCallee(this.env.secondMs);
    const call = this.track(
      new SimulatedCall(this.env, 'outbound-api', from, to, form(req.form.StatusCallback) ?? null, party, number.sid),
    );
    const limit = form(req.form.TimeLimit);
    if (limit !== undefined) call.setTimeLimit(Number(limit));
    const timeout = Number(form(req.form.Timeout) ?? 60);
    const behaviour = calleeBehaviour(to);
    call.later(0, () => call.ring());
    const { secondMs } = this.env;
    if (behaviour.kind === 'busy') call.later(RING_SECONDS * secondMs, () => call.end('busy'));
    else if (behaviour.kind === 'failed') call.later(RING_SECONDS * secondMs, () => call.end('failed'));
    else if (behaviour.kind === 'no-answer') call.later(timeout * secondMs, () => call.end('no-answer'));
    else {
      party.hangUpAfterSeconds = behaviour.hangUpAfterSeconds;
      call.later(RING_SECONDS * secondMs, async () => {
        call.answer();
        await call.execute(twiml ?? (await this.post(url!, call.params())));
      });
    }
    return call;
  }

  /**
   * An inbound call to one of the simulator's numbers from `from` (any E.164): the number's voice webhook is asked
   * for TwiML (signed), which the call executes; `party` is the caller. Refused when no such number is held.
   */
  async placeInbound(from: string, to: string, party: CallParty): Promise<SimulatedCall> {
    const number = await this.numberByE164(to);
    if (!number?.voice_url) throw new TwilioRefusal(404, 20_404, `${to} is not a number of the telephony simulator`);
    const call = this.track(
      new SimulatedCall(this.env, 'inbound', from, to, number.status_callback, party, number.sid),
    );
    call.ring();
    call.later(0, async () => call.execute(await this.post(number.voice_url!, call.params())));
    return call;
  }

  private track(call: SimulatedCall): SimulatedCall {
    this.calls.set(call.sid, call);
    return call;
  }

  /** Ends every live call (the process stops: Twilio would see the application go away). */
  async close(): Promise<void> {
    await Promise.all([...this.calls.values()].map((c) => c.end(c.answeredAt ? 'completed' : 'canceled')));
  }
}

/** The callee of an outbound call: speaks one line once connected, hangs up after N seconds when so numbered. */
class SimulatedCallee implements CallParty {
  hangUpAfterSeconds: number | null = null;
  private heardUntil = 0;
  constructor(private readonly secondMs: number) {}
  hears(_text: string, playMs: number) {
    this.heardUntil = Date.now() + playMs;
  }
  digits() {}
  connected(call: SimulatedCall) {
    // Speaks once the greeting has played (interrupting no one), then listens.
    call.later(Math.max(0, this.heardUntil - Date.now()) + 50, () => call.say(CALLEE_LINE));
    if (this.hangUpAfterSeconds != null) {
      const ms = this.hangUpAfterSeconds * this.secondMs - (Date.now() - call.answeredAt!.getTime());
      call.later(Math.max(0, ms), () => call.end('completed'));
    }
  }
  ended() {}
}

function refusal(status: number, code: number, message: string): ApiAnswer {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}
