import type { Db } from '../db/postgres.ts';

/** What serving an image needs: the stored name and what to tell the browser. */
export type KbImageFile = { fileName: string; fileType: string; filePath: string };

export async function insertKbImage(
  db: Db,
  image: { fileName: string; fileSize: number; fileType: string; filePath: string; uploadedById: string },
): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into kb_images (file_name, file_size, file_type, file_path, uploaded_by_id)
    values (${image.fileName}, ${image.fileSize}, ${image.fileType}, ${image.filePath}, ${image.uploadedById})
    returning id`;
  if (!row) throw new Error('kb image insert returned no row');
  return row.id;
}

/**
 * An image the reader may see: any image for staff (`isStaff`), else only one that a published
 * article in an active category shows (kb_article_images).
 */
export async function selectVisibleKbImage(
  db: Db,
  id: string,
  isStaff: boolean,
): Promise<KbImageFile | null> {
  const [row] = await db<KbImageFile[]>`
    select i.file_name as "fileName", i.file_type as "fileType", i.file_path as "filePath"
    from kb_images i
    where i.id = ${id}
      and (${isStaff}::boolean or exists (
        select 1 from kb_article_images ai
        join kb_articles a on a.id = ai.article_id
        join kb_categories c on c.id = a.category_id
        where ai.image_id = i.id and a.status = 'published' and c.is_active
      ))`;
  return row ?? null;
}

/** The bytes of article images a user uploaded (their storage quota; kb_images_uploaded_by_size_idx). */
export async function selectKbImageUsage(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ bytes: number }[]>`
    select coalesce(sum(file_size), 0)::float8 as bytes from kb_images where uploaded_by_id = ${userId}`;
  return row?.bytes ?? 0;
}

/** Makes the article's image links exactly the given ids (those that are images; unknown ids are skipped). */
export async function replaceArticleImages(
  db: Db,
  articleId: string,
  imageIds: readonly string[],
): Promise<void> {
  await db`
    delete from kb_article_images
    where article_id = ${articleId} and not (image_id = any(${imageIds}::uuid[]))`;
  if (imageIds.length === 0) return;
  await db`
    insert into kb_article_images (article_id, image_id)
    select ${articleId}, i.id from kb_images i where i.id = any(${imageIds}::uuid[])
    on conflict do nothing`;
}
