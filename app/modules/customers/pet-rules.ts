/** Page-safe pet profile vocabulary and form (no server imports): the page and the API share them. */
import { z } from 'zod';

export const PET_TYPES = ['Dog', 'Cat', 'Bird', 'Fish', 'Rabbit', 'Small animal', 'Reptile', 'Other'] as const;
export type PetType = (typeof PET_TYPES)[number];

/**
 * A pet's photo is one of Pantry's drawn portraits (see app/components/PetPortrait.tsx), chosen by key:
 * no uploads to store, scan or serve (decision 0015).
 */
export const PET_PORTRAITS = ['pet-dog', 'pet-cat', 'pet-bird', 'pet-fish', 'pet-rabbit', 'pet-paw'] as const;
export type PetPortraitKey = (typeof PET_PORTRAITS)[number];
export const PORTRAIT_LABELS: Record<PetPortraitKey, string> = {
  'pet-dog': 'Dog portrait',
  'pet-cat': 'Cat portrait',
  'pet-bird': 'Bird portrait',
  'pet-fish': 'Fish portrait',
  'pet-rabbit': 'Rabbit portrait',
  'pet-paw': 'Paw print',
};

/** The portrait a pet type starts with, when the customer does not choose one. */
export function defaultPortrait(type: PetType): PetPortraitKey {
  const byType: Partial<Record<PetType, PetPortraitKey>> = {
    Dog: 'pet-dog',
    Cat: 'pet-cat',
    Bird: 'pet-bird',
    Fish: 'pet-fish',
    Rabbit: 'pet-rabbit',
  };
  return byType[type] ?? 'pet-paw';
}

export const PET_MESSAGES = {
  name: 'Enter your pet’s name.',
  type: 'Choose what kind of pet it is.',
  birthday: 'Enter the birthday as a date, like 2021-04-18.',
  birthdayFuture: 'A birthday cannot be in the future.',
  birthdayPast: 'That birthday is too long ago. Please check the year.',
  photo: 'Choose one of the portraits.',
  added: 'Pet profile added.',
  updated: 'Pet profile updated.',
  deleted: 'Pet profile removed.',
  notFound: 'We could not find that pet profile.',
} as const;

const EARLIEST_BIRTHDAY = '1950-01-01';

/** A real calendar date (2021-02-30 is not), from 1950 up to today. */
function birthdayProblem(value: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return PET_MESSAGES.birthday;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return PET_MESSAGES.birthday;
  if (value > today) return PET_MESSAGES.birthdayFuture;
  if (value < EARLIEST_BIRTHDAY) return PET_MESSAGES.birthdayPast;
  return null;
}

/** Spec section 7, pet profile: name, type, breed, birthday and photo. */
export const petProfileSchema = z
  .object({
    name: z
      .string({ required_error: PET_MESSAGES.name })
      .trim()
      .min(1, PET_MESSAGES.name)
      .max(40, 'Keep the name under 40 characters.'),
    type: z.enum(PET_TYPES, { errorMap: () => ({ message: PET_MESSAGES.type }) }),
    breed: z.string().trim().max(60, 'Keep the breed under 60 characters.').default(''),
    birthday: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z
        .string()
        .nullable()
        .superRefine((value, ctx) => {
          const problem = value === null ? null : birthdayProblem(value, new Date().toISOString().slice(0, 10));
          if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
        }),
    ),
    photo: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(PET_PORTRAITS, { errorMap: () => ({ message: PET_MESSAGES.photo }) }).optional(),
    ),
  })
  .transform((value) => ({ ...value, photo: value.photo ?? defaultPortrait(value.type) }));
export type PetProfileInput = z.infer<typeof petProfileSchema>;

export const petIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
