// @vitest-environment node
import { createTeamRequestSchema } from '@rally/shared/api/teams';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api';
import {
  applyServerError,
  checkValues,
  failingFields,
  initialFormState,
  issuesToFieldErrors,
  messageKey,
  normalizeServerFieldErrors,
  setValues,
  touchFields,
  visibleError,
  type FormConfig,
} from './state';
import { requestForm } from './request-form';

const t = (key: string) => `t(${key})`;

/** A form like the registration's: values that become a request, one value shown under another field. */
interface Values {
  name: string;
  password: string;
  day: number | null;
  agree: boolean;
}
const schema = requestForm(
  z.object({
    name: z.string().trim().min(1, 'name_required'),
    password: z.string().min(6, 'password_length'),
    birth: z.object({ day: z.number().min(1, 'birthdate_invalid') }),
  }),
  (v: Values) => ({ name: v.name, password: v.password, birth: { day: v.day ?? 0 } }),
  (v) => (v.agree ? [] : [['agree', 'auth:register.termsRequired']]),
);
const config: FormConfig<Values> = { fields: ['name', 'password', 'birth', 'agree'], errorField: { day: 'birth' }, quietWhenEmpty: ['password'] };
const empty: Values = { name: '', password: '', day: null, agree: false };
const valid: Values = { name: ' Ada ', password: 'secret1', day: 3, agree: true };

describe('checkValues (the form schema on the values)', () => {
  it('gives what to submit when every check passes', () => {
    expect(checkValues(schema, valid)).toEqual({ data: { name: 'Ada', password: 'secret1', birth: { day: 3 } }, errors: {} });
  });

  it('gives every field its first message as an i18n key, nested paths under their top-level field', () => {
    expect(checkValues(schema, empty)).toEqual({
      data: null,
      errors: { name: 'errors:name_required', password: 'errors:password_length', birth: 'errors:birthdate_invalid', agree: 'auth:register.termsRequired' },
    });
  });

  it('takes a shared request schema as it is', () => {
    expect(checkValues(createTeamRequestSchema, { name: 'x'.repeat(21) }).errors).toEqual({ name: 'errors:team_name_error_max' });
    expect(checkValues(createTeamRequestSchema, { name: '  Squad ' }).data).toEqual({ name: 'Squad' });
  });

  it('reads codes as errors: keys and full keys as they are', () => {
    expect(messageKey('email_invalid')).toBe('errors:email_invalid');
    expect(messageKey('auth:register.termsRequired')).toBe('auth:register.termsRequired');
    expect(issuesToFieldErrors([{ path: [], message: 'invalid_request' }])).toEqual({ _form: 'invalid_request' });
  });
});

describe('visibleError (what a field shows)', () => {
  const errors = checkValues(schema, empty).errors;

  it('says nothing about a field not touched yet', () => {
    expect(visibleError(initialFormState(empty), config, errors, 'name', t)).toBeNull();
  });

  it("shows the form's own check, translated, once the field was touched", () => {
    const state = touchFields(initialFormState(empty), config, ['name']);
    expect(visibleError(state, config, errors, 'name', t)).toBe('t(errors:name_required)');
  });

  it('keeps a quiet-when-empty field quiet until something is typed', () => {
    let state = touchFields(initialFormState(empty), config, ['password']);
    expect(visibleError(state, config, errors, 'password', t)).toBeNull();
    state = setValues(state, config, { password: 'abc' });
    expect(visibleError(state, config, checkValues(schema, state.values).errors, 'password', t)).toBe('t(errors:password_length)');
  });

  it('touches the field a value is shown under (day → birth)', () => {
    const state = touchFields(initialFormState(empty), config, ['day']);
    expect(state.touched).toEqual({ birth: true });
    expect(setValues(initialFormState(empty), config, { day: 40 }, { touch: true }).touched).toEqual({ birth: true });
  });
});

describe('failingFields (what a disabled submit waits for)', () => {
  it('lists the failing fields in the order of the form, touched or not', () => {
    expect(failingFields(config, checkValues(schema, { ...valid, agree: false, name: ' ' }).errors)).toEqual(['name', 'agree']);
    expect(failingFields(config, checkValues(schema, empty).errors)).toEqual(['name', 'password', 'birth', 'agree']);
    expect(failingFields(config, checkValues(schema, valid).errors)).toEqual([]);
  });

  it('names a value by the field it is shown under (day → birth)', () => {
    expect(failingFields(config, { day: 'errors:birthdate_invalid' })).toEqual(['birth']);
  });
});

describe('server errors (the same mapping for every form)', () => {
  const failed = (fieldErrors: Record<string, string>, message = 'Invalid request', code = 'invalid_request') => new ApiError(400, message, code, fieldErrors);

  it("puts field errors under the form's fields, nested keys under their top-level field, and marks them touched", () => {
    const state = applyServerError(initialFormState(valid), config, failed({ name: 'Name taken', 'birth.day': 'Bad day' }), t);
    expect(state.serverErrors).toEqual({ name: 'Name taken', birth: 'Bad day' });
    expect(state.touched).toEqual({ name: true, birth: true });
    expect(state.formError).toBeNull();
    expect(visibleError(state, config, {}, 'name', t)).toBe('Name taken');
  });

  it("joins errors about fields the form does not show into the form's message", () => {
    const state = applyServerError(initialFormState(valid), config, failed({ name: 'Name taken', nickname: 'Too long', other: 'Nope' }), t);
    expect(state.serverErrors).toEqual({ name: 'Name taken' });
    expect(state.formError).toBe('Too long Nope');
  });

  it("shows an answer without field errors as the form's message, and any other failure as errors:internal", () => {
    expect(applyServerError(initialFormState(valid), config, new ApiError(403, 'You can be in at most 100 teams', 'team_limit_reached'), t).formError).toBe(
      'You can be in at most 100 teams',
    );
    expect(applyServerError(initialFormState(valid), config, new TypeError('boom'), t).formError).toBe('t(errors:internal)');
  });

  it("a server error wins over the form's own check and goes when its field changes", () => {
    let state = applyServerError(initialFormState(empty), config, failed({ birth: 'Too young' }), t);
    expect(visibleError(state, config, checkValues(schema, state.values).errors, 'birth', t)).toBe('Too young');
    state = setValues(state, config, { name: 'Ada' });
    expect(state.serverErrors).toEqual({ birth: 'Too young' });
    state = setValues(state, config, { day: 4 });
    expect(state.serverErrors).toEqual({});
  });

  it("stays when the value is not the user's answer (a captcha reset)", () => {
    const state = applyServerError(initialFormState(valid), config, failed({ name: 'Name taken' }), t);
    expect(setValues(state, config, { name: '' }, { keepServerError: true }).serverErrors).toEqual({ name: 'Name taken' });
  });

  it('keys server field errors by top-level field, first message first', () => {
    expect(normalizeServerFieldErrors({ 'birthdate.year': 'Bad date', 'birthdate.day': 'Later', 'items[0]': 'x', '': 'y' })).toEqual({
      birthdate: 'Bad date',
      items: 'x',
      _form: 'y',
    });
  });
});
