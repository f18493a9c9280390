/**
 * The bad inputs of the endpoint fuzz test, and the field names it tries them in. Field names are
 * harvested from every zod object schema of packages/shared/src/api, so a new endpoint's fields are
 * fuzzed without anyone listing them.
 */

const MAX_I64 = '9223372036854775807';

/** Values for one JSON field: wrong types, nulls, arrays, control characters, 64-bit bounds, oversized strings. */
export const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  -(2 ** 63) - 1e5,
  1e308,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u202Eevil\u202C',
  '\uD800',
  '\uFEFF',
  MAX_I64,
  '9223372036854775808',
  '99999999999999999999',
  '-9223372036854775809',
  '0',
  '01',
  '1e5',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  'x'.repeat(4_000),
  'é'.repeat(3_000),
  'a@' + 'a.'.repeat(2_000) + '@',
  [],
  [null],
  ['a', 1, null],
  {},
  { a: { b: [1] } },
];

/** Values for a path parameter (already URL-encoded). */
export const BAD_PARAMS: string[] = [
  '0',
  '-1',
  MAX_I64,
  '9223372036854775808',
  '99999999999999999999',
  '18446744073709551616',
  '01',
  '1e3',
  'abc',
  '%00',
  'a%00b',
  '%E2%80%AE',
  '%F0%9F%8E%AE',
  '%20',
  "'",
  '%27%20OR%201%3D1',
  '..%2F..%2F',
  '9'.repeat(99),
];

/** Values for a query parameter (already URL-encoded); also sent twice, as an array. */
export const BAD_QUERY_VALUES: string[] = [
  '',
  '%00',
  'a%00b',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '1e400',
  MAX_I64,
  '9223372036854775808',
  '99999999999999999999',
  'true',
  '%E2%80%AE',
  'x'.repeat(2_000),
];

/** Whole bodies: malformed JSON, wrong top-level types, deep nesting, invalid UTF-8. */
export const BAD_RAW_BODIES: { what: string; payload: string | Buffer; contentType?: string }[] = [
  { what: 'malformed JSON', payload: '{"a":' },
  { what: 'a lone brace', payload: '{' },
  { what: 'null', payload: 'null' },
  { what: 'an array', payload: '[]' },
  { what: 'a string', payload: '"x"' },
  { what: 'a number', payload: '123' },
  { what: 'an empty body', payload: '' },
  { what: 'deep arrays', payload: '['.repeat(5_000) + ']'.repeat(5_000) },
  { what: 'deep objects', payload: '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000) },
  { what: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]) },
  { what: 'a NUL escape in a key', payload: '{"\\u0000":1}' },
  { what: '__proto__', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { what: 'text/plain', payload: 'hello', contentType: 'text/plain' },
  { what: 'a form', payload: 'email=a%40b.c&password=x', contentType: 'application/x-www-form-urlencoded' },
  { what: 'multipart', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
  { what: 'multipart without a boundary', payload: '--x\r\n\r\n', contentType: 'multipart/form-data' },
  { what: 'multipart with a 300-character boundary', payload: `--${'x'.repeat(300)}\r\n`, contentType: `multipart/form-data; boundary=${'x'.repeat(300)}` },
  {
    what: 'multipart cut off inside a file part',
    payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    contentType: 'multipart/form-data; boundary=x',
  },
  { what: 'JSON declared as UTF-16', payload: '{}', contentType: 'application/json; charset=utf-16' },
  { what: 'a bogus content type', payload: '{}', contentType: '%%%/???' },
  { what: 'JSON with a BOM', payload: '\uFEFF{}' },
];

/** Plausible values of known fields, so that a body can pass validation and reach the service; others get 'fuzz'. */
export function baseValue(field: string, ids: Record<string, string>): unknown {
  const known: Record<string, unknown> = {
    email: 'fuzz@example.com',
    password: 'password1',
    username: 'fuzzer',
    birthdate: { day: 1, month: 1, year: 2000 },
    consent: true,
    captchaToken: 'not-a-token',
    content: 'hello',
    name: 'Fuzz team',
    nonce: 'n1',
    maxUses: null,
    expiresAt: null,
    applicationEnabled: false,
    type: 'team',
    profilePicture: null,
  };
  if (field in known) return known[field];
  if (field in ids) return ids[field];
  return undefined;
}

interface ZodInternals {
  _zod: { def: { type: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown; out?: unknown; element?: unknown; options?: unknown[] } };
}

function isZod(value: unknown): value is ZodInternals {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** Every object key of every zod schema among `modules`' exports, nested objects included. */
export function harvestFieldNames(modules: Record<string, unknown>[]): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown) => {
    if (!isZod(schema) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def;
    for (const [key, inner] of Object.entries(def.shape ?? {})) {
      names.add(key);
      walk(inner);
    }
    for (const inner of [def.innerType, def.in, def.out, def.element, ...(def.options ?? [])]) walk(inner);
  };
  for (const module of modules) for (const value of Object.values(module)) walk(value);
  return [...names].sort();
}
