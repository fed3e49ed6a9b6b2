import { z } from 'zod';
import { idSchema, MAX_PAGE_SIZE, textSchema } from '@/lib/input/schemas';
import { searchParamsSchema } from '@/lib/search/params';
import { FOLDER_LIMITS, FOLDER_TYPES } from './limits';

/**
 * The folder calls' bodies (SPEC §7: "query filters"). Each names the caller's own folders by
 * id; a filter narrows what the server reads for the caller, it can never reach another account.
 */
export const folderTypeSchema = z.enum(FOLDER_TYPES, { message: 'folder_type is purchased, own or favorite' });

const titleSchema = textSchema(FOLDER_LIMITS.titleLength).pipe(z.string().min(1, 'A folder needs a title'));
const idsSchema = z.array(idSchema).min(1).max(FOLDER_LIMITS.idsPerCall);
const paging = {
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  page: z.number().int().min(1).max(10_000).default(1),
};

/** `v3/folders/public/query`: one page of the caller's folders, all of them when no filter. */
export const folderQuerySchema = z
  .object({
    filter: z
      .object({
        folder_type: folderTypeSchema.optional(),
        is_archive: z.boolean().optional(),
        /** null: the top level. */
        parent_id: idSchema.nullable().optional(),
        ids: idsSchema.optional(),
      })
      .strict()
      .default({}),
    ...paging,
  })
  .strict();
export type FolderQuery = z.infer<typeof folderQuerySchema>;

/** `v3/folders/create`. */
export const folderCreateSchema = z
  .object({ title: titleSchema, folder_type: folderTypeSchema, parent_id: idSchema.nullable().default(null) })
  .strict();
export type FolderCreate = z.infer<typeof folderCreateSchema>;

/** The folders a by-query call acts on. */
const byIdsSchema = z.object({ ids: idsSchema }).strict();

/** `v3/folders/update-by-query`: rename and/or move (parent_id null: to the top). */
export const folderUpdateSchema = z
  .object({
    filter: byIdsSchema,
    update: z
      .object({ title: titleSchema.optional(), parent_id: idSchema.nullable().optional() })
      .strict()
      .refine((u) => u.title !== undefined || u.parent_id !== undefined, { message: 'Nothing to change' }),
  })
  .strict();
export type FolderUpdate = z.infer<typeof folderUpdateSchema>;

/** `delete-by-query`, `archive/add-by-query`, `archive/delete-by-query`. */
export const folderIdsQuerySchema = z.object({ filter: byIdsSchema }).strict();

/**
 * `v3/folders/materials/query`: the materials in one folder, or (no folder_id) every material of
 * the kind, each with the folders of that kind it is in.
 */
export const folderMaterialsQuerySchema = z
  .object({
    filter: z.object({ folder_type: folderTypeSchema, folder_id: idSchema.optional() }).strict(),
    ...paging,
  })
  .strict();
export type FolderMaterialsQuery = z.infer<typeof folderMaterialsQuerySchema>;

/**
 * `v3/folders/materials/add-by-query`: materials named by id, or a search of the call's world
 * (its URL parameters as the search page reads them, without page), into one or more folders.
 */
export const addByQuerySchema = z
  .object({
    folder_ids: z.array(idSchema).min(1).max(20),
    queryFilter: z.union([
      z.object({ material_ids: z.array(idSchema).min(1).max(FOLDER_LIMITS.materialsPerAddByQuery) }).strict(),
      z
        .object({ search: z.record(z.string(), z.union([z.string().max(400), z.array(z.string().max(400)).max(20)])) })
        .strict()
        .transform((value, ctx) => {
          const { page: _page, ...rest } = value.search;
          void _page;
          const parsed = searchParamsSchema.safeParse(rest);
          if (!parsed.success) {
            for (const issue of parsed.error.issues)
              ctx.addIssue({ ...issue, path: ['search', ...issue.path] } as never);
            return z.NEVER;
          }
          return { search: parsed.data };
        }),
    ]),
  })
  .strict();
export type AddByQuery = z.infer<typeof addByQuerySchema>;

/** `v3/folders/materials/{id}/sync`: exactly these folders of the kind hold the material afterwards. */
export const syncSchema = z
  .object({ folder_ids: z.array(idSchema).max(FOLDER_LIMITS.idsPerCall), folder_type: folderTypeSchema })
  .strict();
export type FolderSync = z.infer<typeof syncSchema>;
