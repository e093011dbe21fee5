// What a string must look like, in words, for the patterns the two APIs' schemas use. A pattern is a regex: echoing
// it (or the field's documentation, written for another purpose) tells a person nothing. A pattern not listed here
// reads "is not in the expected format"; add a phrase when adding a pattern to a schema.

const PHRASES: Record<string, string> = {
  '^[0-9]{1,12}(\\.[0-9]{1,6})?$':
    'must be an amount such as 12.50: up to 12 digits, optionally a dot and up to 6 decimals',
  '^[a-z0-9-]{2,40}$': 'must be a network id such as base-sepolia: 2 to 40 lowercase letters, digits or hyphens',
  '^0x[0-9a-fA-F]{40}$': 'must be an address: 0x followed by 40 hex digits',
  '^0x[0-9a-fA-F]{64}$': 'must be a transaction hash: 0x followed by 64 hex digits',
  '^0x[0-9a-fA-F]+$': 'must be hex: 0x followed by hex digits',
  '^[Hh][Tt][Tt][Pp][Ss]?://': 'must be an http(s) URL',
  Z$: 'must be a UTC date and time ending in Z, such as 2026-01-31T12:00:00Z',
  '^\\+[1-9]\\d{1,14}$': 'must be a phone number in E.164 form, such as +14155550123',
  '^\\+[1-9][0-9]{1,14}$': 'must be a phone number in E.164 form, such as +14155550123',
  '^\\d{3}$': 'must be a three-digit area code such as 415',
  '^[2-9][0-9]{2}$': 'must be a three-digit area code such as 415 (not starting with 0 or 1)',
  '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$': 'must be a language tag such as en-US',
  '^ldt_[0-9A-Za-z]{40}$': 'must be a login device token: ldt_ followed by 40 letters or digits',
  '^[0-9]{1,18}$': 'must be a number of 1 to 18 digits',
  '^at_v1_': 'must be an access token starting with at_v1_',
};

/** The phrase for a failed `pattern`: "must be an http(s) URL". */
export function patternPhrase(pattern: string): string {
  if (PHRASES[pattern]) return PHRASES[pattern];
  // Email address patterns (the agents' pragmatic addr-spec and any like it) end in a dotted host after an @.
  if (pattern.includes('@') && pattern.endsWith('+$')) return 'must be an email address such as name@example.com';
  return 'is not in the expected format';
}
