import { z } from 'zod';
import {
  isRealMonthDay,
  MONTH_NAMES,
  OCCASIONS,
  type MonthDay,
  type Occasion,
  type OccasionDates,
} from './special-occasion-rules';

/** The profile's birthday and anniversary form (flag enableSpecialOccasion), apart from the rules the page's JavaScript uses. */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const monthField = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ invalid_type_error: 'Choose a month.' })
    .int('Choose a month.')
    .min(1, 'Choose a month.')
    .max(12, 'Choose a month.')
    .optional(),
);
const dayField = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ invalid_type_error: 'Enter a day from 1 to 31.' })
    .int('Enter a day from 1 to 31.')
    .min(1, 'Enter a day from 1 to 31.')
    .max(31, 'Enter a day from 1 to 31.')
    .optional(),
);

/** One occasion's month and day: both or neither (neither clears it), and a day the month has. */
function occasionFields(occasion: Occasion) {
  const noun = occasion === 'birthday' ? 'birthday' : 'anniversary';
  return z
    .object({ month: monthField, day: dayField })
    .superRefine((value, ctx) => {
      if (value.month === undefined && value.day !== undefined)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['month'], message: `Choose the month of your ${noun}.` });
      else if (value.month !== undefined && value.day === undefined)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['day'], message: `Enter the day of your ${noun}.` });
      else if (
        value.month !== undefined &&
        value.day !== undefined &&
        // Only a month and a day each in range can make a day the month lacks (else their own message says it).
        isRealMonthDay(value.month, 1) &&
        isRealMonthDay(1, value.day) &&
        !isRealMonthDay(value.month, value.day)
      )
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['day'],
          message: `${MONTH_NAMES[value.month - 1]} has no day ${value.day}.`,
        });
    })
    .transform((value): MonthDay | null =>
      value.month !== undefined && value.day !== undefined ? { month: value.month, day: value.day } : null,
    );
}

/** The profile's occasions form: birthdayMonth, birthdayDay, anniversaryMonth, anniversaryDay (blank clears). */
export const occasionsFormSchema = z
  .object({
    intent: z.literal('occasions'),
    birthdayMonth: z.unknown(),
    birthdayDay: z.unknown(),
    anniversaryMonth: z.unknown(),
    anniversaryDay: z.unknown(),
  })
  .transform((form, ctx) => {
    const result: OccasionDates = { birthday: null, anniversary: null };
    for (const occasion of OCCASIONS) {
      const parsed = occasionFields(occasion).safeParse({
        month: form[`${occasion}Month`],
        day: form[`${occasion}Day`],
      });
      if (parsed.success) result[occasion] = parsed.data;
      else
        for (const issue of parsed.error.issues) {
          const field = `${occasion}${issue.path[0] === 'month' ? 'Month' : 'Day'}`;
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: issue.message });
        }
    }
    return result;
  });
