import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { ZKbCategory } from './kb.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';

/**
 * The icons a category may name (lucide names). The server accepts only these; the UI maps each to its
 * component (mf-kb/src/kb/category-icons.ts), so this list and that map stay the same set.
 */
export const KB_CATEGORY_ICONS = [
  'BookOpen',
  'Cloud',
  'Database',
  'FileText',
  'Globe',
  'Headphones',
  'KeyRound',
  'Laptop',
  'Lightbulb',
  'Lock',
  'Mail',
  'Monitor',
  'Network',
  'Printer',
  'Rocket',
  'Server',
  'Settings',
  'Shield',
  'Smartphone',
  'Users',
  'Wifi',
  'Wrench',
] as const;
export type TKbCategoryIcon = (typeof KB_CATEGORY_ICONS)[number];
export const DEFAULT_KB_CATEGORY_ICON: TKbCategoryIcon = 'BookOpen';

export const KB_CATEGORY_LIMITS = {
  nameMax: 100,
  descriptionMax: 500,
  /** sortOrder bounds: room for any reasonable ordering, far from integer overflow. */
  sortOrderMax: 100_000,
} as const;

export const KB_CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required',
  nameTooLong: `Category name must be at most ${KB_CATEGORY_LIMITS.nameMax} characters`,
  nameExists: 'A category with this name already exists',
  descriptionTooLong: `Description must be at most ${KB_CATEGORY_LIMITS.descriptionMax} characters`,
  unknownIcon: 'Please choose one of the offered icons',
  invalidSortOrder: `Position must be a whole number from 0 to ${KB_CATEGORY_LIMITS.sortOrderMax}`,
  nothingToChange: 'Nothing to change',
  hasArticles: (count: number) =>
    `This category still has ${count === 1 ? '1 article' : `${count} articles`} (drafts and archived ones count too). Move or delete them first, or deactivate the category instead.`,
  created: 'Category created',
  updated: 'Category saved',
  deleted: 'Category deleted',
} as const;

const ZCategoryName = z
  .string()
  .trim()
  .min(1, KB_CATEGORY_MESSAGES.nameRequired)
  .max(KB_CATEGORY_LIMITS.nameMax, KB_CATEGORY_MESSAGES.nameTooLong)
  .regex(VISIBLE_LINE, invisibleCharactersMessage('Category name'));

const ZCategoryDescription = z
  .string()
  .trim()
  .max(KB_CATEGORY_LIMITS.descriptionMax, KB_CATEGORY_MESSAGES.descriptionTooLong)
  .nullable();

export const ZKbCategoryIcon = z.enum(KB_CATEGORY_ICONS, { error: KB_CATEGORY_MESSAGES.unknownIcon });

const ZSortOrder = z
  .number({ error: KB_CATEGORY_MESSAGES.invalidSortOrder })
  .int(KB_CATEGORY_MESSAGES.invalidSortOrder)
  .min(0, KB_CATEGORY_MESSAGES.invalidSortOrder)
  .max(KB_CATEGORY_LIMITS.sortOrderMax, KB_CATEGORY_MESSAGES.invalidSortOrder);

/**
 * POST /api/kb/categories (staff): 201 with the category. The slug is made from the name (a clash gets
 * -2, -3 ...); names are unique whatever their case (409). Without a sortOrder it goes last.
 */
export const ZCreateKbCategoryRequest = z.strictObject({
  name: ZCategoryName,
  description: ZCategoryDescription.optional(),
  icon: ZKbCategoryIcon.optional(),
  sortOrder: ZSortOrder.optional(),
});
export type TCreateKbCategoryRequest = z.input<typeof ZCreateKbCategoryRequest>;

/** PATCH /api/kb/categories/{id} (staff): any of the fields, at least one. A rename keeps the slug. */
export const ZUpdateKbCategoryRequest = z
  .strictObject({
    name: ZCategoryName.optional(),
    description: ZCategoryDescription.optional(),
    icon: ZKbCategoryIcon.optional(),
    sortOrder: ZSortOrder.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: KB_CATEGORY_MESSAGES.nothingToChange,
  });
export type TUpdateKbCategoryRequest = z.input<typeof ZUpdateKbCategoryRequest>;

export const ZKbCategoryIdParams = z.strictObject({ id: z.uuid({ error: 'Invalid category ID format' }) });

/** A category as staff manage it: inactive ones too, and every article it holds whatever the status. */
export const ZKbManagedCategory = ZKbCategory.extend({ totalArticleCount: z.number().int() });
export type TKbManagedCategory = z.infer<typeof ZKbManagedCategory>;

/** GET /api/kb/categories/manage (staff): every category in sortOrder, inactive ones included. */
export const ZKbManagedCategoryListResponse = z.array(ZKbManagedCategory);

export const kbCategoryPath = (categoryId: string) => `${API_PATHS.kbCategories}/${categoryId}`;
