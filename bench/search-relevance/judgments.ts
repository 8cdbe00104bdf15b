/**
 * The judged query set's shape: each query says what a shopper who typed it means, as graded rules over a
 * product's name, aisle, department and dietary tags. Pure: the bench, its tests and the catalogue check
 * share it.
 */
import { z } from 'zod';
import { foldText } from '~/modules/search/query';

export const QUERY_CLASSES = [
  'generic',
  'synonym',
  'abbreviation',
  'regional',
  'typo',
  'attribute',
  'compound',
  'non-food',
  'multi-word',
  'brand',
  'nothing',
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

/** 3: exactly what was meant; 2: relevant; 1: related; 0: a veto (this is not it, whatever else matches). */
export type Grade = 0 | 1 | 2 | 3;

/** The highest grade counted as relevant for precision and dead ends. */
export const RELEVANT_GRADE = 2;

export const DIETARY_TAG_IDS = [
  'organic',
  'gluten-free',
  'vegan',
  'dairy-free',
  'kosher',
  'low-sodium',
  'sugar-free',
  'keto',
] as const;
export type DietaryTagId = (typeof DIETARY_TAG_IDS)[number];

/**
 * One rule: every condition it names must hold. `name` and `nameNot` are matched against the product's name
 * folded to lower case without accents ("Jalapeño" reads "jalapeno"), so patterns are written in lower case.
 */
export interface RelevanceRule {
  grade: Grade;
  name?: RegExp;
  nameNot?: RegExp;
  /** Aisle slugs (any of them). */
  aisle?: string[];
  /** Department slugs (any of them). */
  department?: string[];
  /** Dietary tags (all of them). */
  tags?: DietaryTagId[];
}

export interface JudgedQuery {
  q: string;
  class: QueryClass;
  /** Empty for a query that must find nothing. */
  rules: RelevanceRule[];
  /** What the shopper means, in words, for whoever reads a bad score. */
  means: string;
}

/** What a judgment reads of a product. */
export interface JudgedProduct {
  name: string;
  aisle: string;
  department: string;
  tags: string[];
}

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const lowerCasePattern = z
  .instanceof(RegExp)
  .refine((pattern) => !/[A-Z]/.test(pattern.source.replace(/\\[A-Za-z]/g, '')), 'patterns are written in lower case')
  // A global or sticky pattern remembers where it stopped, and would judge the next product from there.
  .refine((pattern) => !pattern.global && !pattern.sticky, 'patterns have no g or y flag');

export const relevanceRuleSchema = z
  .object({
    grade: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    name: lowerCasePattern.optional(),
    nameNot: lowerCasePattern.optional(),
    aisle: z.array(slug).min(1).optional(),
    department: z.array(slug).min(1).optional(),
    tags: z.array(z.enum(DIETARY_TAG_IDS)).min(1).optional(),
  })
  .strict()
  .refine((rule) => rule.name || rule.aisle || rule.department || rule.tags, 'a rule names a condition');

export const judgedQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(100),
    class: z.enum(QUERY_CLASSES),
    rules: z.array(relevanceRuleSchema),
    means: z.string().min(3),
  })
  .strict()
  .refine((query) => (query.class === 'nothing') === (query.rules.length === 0), {
    message: 'a query must find nothing exactly when it has no rules',
  })
  .refine((query) => query.class === 'nothing' || query.rules.some((rule) => rule.grade >= RELEVANT_GRADE), {
    message: 'a query that should find something has a rule of grade 2 or more',
  });

function matches(rule: RelevanceRule, product: JudgedProduct, name: string): boolean {
  if (rule.name && !rule.name.test(name)) return false;
  if (rule.nameNot && rule.nameNot.test(name)) return false;
  if (rule.aisle && !rule.aisle.includes(product.aisle)) return false;
  if (rule.department && !rule.department.includes(product.department)) return false;
  if (rule.tags && !rule.tags.every((tag) => product.tags.includes(tag))) return false;
  return true;
}

/** A product's grade for a query: 0 when a veto (grade 0) rule matches, else the highest matching rule's, else 0. */
export function gradeOf(rules: RelevanceRule[], product: JudgedProduct): Grade {
  const name = foldText(product.name);
  let grade: Grade = 0;
  for (const rule of rules) {
    if (!matches(rule, product, name)) continue;
    if (rule.grade === 0) return 0;
    if (rule.grade > grade) grade = rule.grade;
  }
  return grade;
}

/** Tags as the catalogue stores them (",organic,vegan,") → a list. */
export const tagsOf = (commaWrapped: string) => commaWrapped.split(',').filter(Boolean);
