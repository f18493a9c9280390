import { describe, expect, it } from 'vitest';
import { checkValues } from '../../lib/form/state';
import { birthdateFormSchema, EMPTY_BIRTHDATE } from './birthdate-form';

describe('birthdate prompt form', () => {
  it('needs a whole, existing date of someone at least 13', () => {
    expect(checkValues(birthdateFormSchema, EMPTY_BIRTHDATE).data).toBeNull();
    expect(checkValues(birthdateFormSchema, { day: 31, month: 4, year: 2000 }).errors).toMatchObject({ dateOfBirth: 'errors:birthdate_invalid' });
    const thisYear = new Date().getUTCFullYear();
    expect(checkValues(birthdateFormSchema, { day: 1, month: 1, year: thisYear - 3 }).errors).toMatchObject({ dateOfBirth: 'errors:birthdate_too_young' });
    expect(checkValues(birthdateFormSchema, { day: 15, month: 6, year: 1995 }).data).toEqual({ dateOfBirth: { day: 15, month: 6, year: 1995 } });
  });
});
