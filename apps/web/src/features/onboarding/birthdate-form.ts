import { setBirthdateSchema } from '@rally/shared/api/onboarding';
import { requestForm } from '../../lib/form/request-form';

export interface BirthdateValues {
  day: number | null;
  month: number | null;
  year: number | null;
}

export const EMPTY_BIRTHDATE: BirthdateValues = { day: null, month: null, year: null };

/** The prompt's one field: day, month and year show their error under it. */
export const BIRTHDATE_FIELDS = ['dateOfBirth'] as const;
export const BIRTHDATE_ERROR_FIELDS = { day: 'dateOfBirth', month: 'dateOfBirth', year: 'dateOfBirth' } as const;

/** The birthdate prompt's check: the request schema (the registration's birthdate rules). */
export const birthdateFormSchema = requestForm(setBirthdateSchema, (v: BirthdateValues) => ({
  dateOfBirth: { day: v.day ?? 0, month: v.month ?? 0, year: v.year ?? 0 },
}));
