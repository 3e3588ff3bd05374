import '../zod-config.ts';
import {
  buildArticleSlug,
  type TCreateArticleRequest,
  type TKbArticle,
  type TKbCategory,
  type TUpdateArticleRequest,
  ZCreateArticleRequest,
} from '@helpdesk/contracts';
import { ApiRequestError, serverMessage } from '@helpdesk/shared-ui';
import { z } from 'zod';

/** The create request's rules plus "Show as popular", which only the Edit dialog offers. */
export const ZArticleForm = ZCreateArticleRequest.extend({ isPopular: z.boolean().optional() });

// One form for Create and Edit: its fields are the create request's without the slug, which is built
// from the title when the article is created and never changes after.
export type TArticleFormInput = Omit<z.input<typeof ZArticleForm>, 'slug'>;
export type TArticleFormOutput = z.output<typeof ZArticleForm>;
export type TArticleField = keyof TArticleFormInput;

/** Every field but "Show as popular", which an unticked box leaves out (the server keeps or defaults it). */
export type TArticleFormValues = Required<Omit<TArticleFormInput, 'isPopular'>> &
  Pick<TArticleFormInput, 'isPopular'>;

/** A new article: title, content and excerpt empty, status draft; no category or tags yet. */
export const ARTICLE_FORM_DEFAULTS: TArticleFormValues = {
  title: '',
  categoryId: '',
  status: 'draft',
  excerpt: '',
  content: '',
  tags: [],
};

const FIELDS = Object.keys(ARTICLE_FORM_DEFAULTS) as TArticleField[];

/** The Edit Article form, prefilled from the article. */
export function articleFormValues(article: TKbArticle): TArticleFormValues {
  return {
    title: article.title,
    categoryId: article.categoryId,
    status: article.status,
    excerpt: article.excerpt ?? '',
    content: article.content,
    tags: [...article.tags],
    isPopular: article.isMarkedPopular,
  };
}

export type TCategoryChoice = { id: string; name: string };

/**
 * The Category select's options: the active categories in their order, plus the article's own
 * category when it was deactivated since (an article may stay where it is; only a move needs an
 * active category). Undefined while the categories load.
 */
export function categoryChoices(
  categories: readonly TKbCategory[] | undefined,
  current: TCategoryChoice | null,
): TCategoryChoice[] | undefined {
  if (categories === undefined) return undefined;
  const choices = categories.map(({ id, name }) => ({ id, name }));
  return current && !choices.some((choice) => choice.id === current.id) ? [...choices, current] : choices;
}

/** POST /api/kb/articles: the form plus a slug (title, then '-' and the time). */
export function createArticleBody(
  values: TArticleFormOutput,
  now: number = Date.now(),
): TCreateArticleRequest {
  const { slug: _ignored, isPopular: _editOnly, ...fields } = values;
  return { ...fields, tags: fields.tags ?? [], slug: buildArticleSlug(fields.title, now) };
}

/** PUT /api/kb/articles/{id}: the form's fields; the slug stays what it was. */
export function updateArticleBody(values: TArticleFormOutput): TUpdateArticleRequest {
  const { slug: _ignored, ...fields } = values;
  return { ...fields, tags: fields.tags ?? [] };
}

export type TArticleSaveKind = 'create' | 'update';

/** The texts of docs/product.md#error-messages. */
export const ARTICLE_FEEDBACK = {
  create: {
    success: { title: 'Article created successfully', description: 'Your article has been saved.' },
    failure: 'Failed to create article',
  },
  update: {
    success: { title: 'Article updated successfully', description: 'Your changes have been saved.' },
    failure: 'Failed to update article',
  },
} as const;

export type TArticleSaveFailure =
  | { kind: 'fields'; fields: [TArticleField, string][] }
  | { kind: 'toast'; title: string; description: string };

function isField(name: string): name is TArticleField {
  return (FIELDS as string[]).includes(name);
}

// The API names a tag's problem after its position ('tags.2'); the form shows it under Tags.
function formField(name: string): TArticleField | null {
  const root = name.split('.')[0] ?? name;
  return isField(root) ? root : null;
}

/**
 * What a failed save shows: the server's field messages under the fields they name, else the
 * spec's toast with the server's message or 'Please try again later.' (`texts`: in the reader's language).
 */
export function articleSaveFailure(
  kind: TArticleSaveKind,
  error: unknown,
  texts: { title: string; tryLater: string } = {
    title: ARTICLE_FEEDBACK[kind].failure,
    tryLater: 'Please try again later.',
  },
): TArticleSaveFailure {
  const serverFields = error instanceof ApiRequestError ? error.fields : {};
  const fields: [TArticleField, string][] = [];
  for (const [name, message] of Object.entries(serverFields)) {
    const field = formField(name);
    if (field && !fields.some(([taken]) => taken === field)) fields.push([field, message]);
  }
  if (fields.length > 0) return { kind: 'fields', fields };
  return {
    kind: 'toast',
    title: texts.title,
    description: serverMessage(error) ?? texts.tryLater,
  };
}

/**
 * The one line under the Tags field: react-hook-form keeps a problem of the whole list as the
 * error's message (or its `root`), and problems of single tags as an array by position.
 */
export function firstTagError(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  if ('root' in error) {
    const message = firstTagError(error.root);
    if (message) return message;
  }
  if (Array.isArray(error)) {
    for (const item of error) {
      const message = firstTagError(item);
      if (message) return message;
    }
  }
  return null;
}
