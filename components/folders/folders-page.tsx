import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { queryFolders, type Folder } from '@/lib/folders/folders';
import { FOLDER_LIMITS, FOLDER_TYPES, type FolderType } from '@/lib/folders/limits';
import { queryFolderMaterialLines } from '@/lib/folders/placements';
import { buildTree, pathTo, subtreeIds, type TreeNode } from '@/lib/folders/tree';
import { pageNumber, pickWord } from '@/lib/input/query-words';
import { MAX_PAGE_SIZE, parseId } from '@/lib/input/schemas';
import { pathFor, pathForRoute } from '@/lib/routing/localized-routes';
import { searchParamsSchema, searchParamsToObject } from '@/lib/search/params';
import { searchMaterialIds } from '@/lib/search/search';
import {
  AddSearchForm,
  CreateFolderForm,
  FolderNotice,
  FolderToolbar,
  FolderMaterialList,
  MaterialFolders,
  type FolderOption,
} from './folder-actions';
import styles from './folders.module.css';

/** A search's parameters as the search page's address had them (`add=q%3Dbruch%26subject%3D3`), checked. */
function searchOf(value: unknown) {
  if (typeof value !== 'string' || value.length > 2_000) return null;
  const raw = searchParamsToObject(new URLSearchParams(value));
  delete raw.page;
  const parsed = searchParamsSchema.safeParse(raw);
  return parsed.success ? { raw, params: parsed.data } : null;
}

/**
 * The folders of the cabinet (route `cabinet-folders`, `/de/konto/ordner`): one tree per kind of
 * material (favourites, bought, own; `?type=`), the materials of the folder chosen (`?folder=`) or
 * of the whole kind with the folders each is in, the archive, and (`?add=` with a search's
 * parameters, from the search page) adding all materials of that search to a folder. Rendered
 * from the stored folders on every request; the controls call the folder API and render again.
 */
export const FoldersPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId, query }) {
    const t = await getTranslations('favorites.folders');
    const lists = await getTranslations('favorites');
    const meta = await getTranslations('meta');
    const here = pathFor(world.code, route.id);
    if (userId === null)
      return (
        <section className={styles.page} data-route={route.id}>
          <h1>{meta(`routes.${route.id}.title`)}</h1>
          <p>
            <Link href={`${pathFor(world.code, 'login')}?next=${encodeURIComponent(here)}`}>
              {meta('routes.login.title')}
            </Link>
          </p>
        </section>
      );

    // The kind asked for, favourites unless the address names another of ours.
    const type: FolderType = pickWord(query.type, FOLDER_TYPES) ?? 'favorite';
    const all = (
      await queryFolders(userId, {
        filter: { folder_type: type },
        limit: FOLDER_LIMITS.foldersPerAccount,
        page: 1,
      })
    ).items;
    const requested = typeof query.folder === 'string' ? parseId(query.folder) : null;
    const selected = all.find((folder) => folder.id === requested) ?? null;
    const page = pageNumber(query.page);
    const materials = await queryFolderMaterialLines(userId, {
      filter: { folder_type: type, ...(selected ? { folder_id: selected.id } : {}) },
      limit: MAX_PAGE_SIZE,
      page,
    });
    const pages = Math.max(1, Math.ceil(materials.total / MAX_PAGE_SIZE));
    const active = all.filter((folder) => !folder.is_archive);
    const archived = all.filter((folder) => folder.is_archive);
    const label = (folder: Folder) =>
      pathTo(all, folder.id)
        .map((step) => step.title)
        .join(' › ');
    const options = (folders: Folder[]): FolderOption[] =>
      folders.map((folder) => ({ id: folder.id, label: label(folder) })).sort((a, b) => a.label.localeCompare(b.label));
    const activeOptions = options(active);
    const link = (next: { type?: FolderType; folder?: number | null; page?: number }) => {
      const params = new URLSearchParams();
      const nextType = next.type ?? type;
      if (nextType !== 'favorite') params.set('type', nextType);
      if (next.folder) params.set('folder', String(next.folder));
      if (next.page && next.page > 1) params.set('page', String(next.page));
      const text = params.toString();
      return text ? `${here}?${text}` : here;
    };
    const search = type === 'favorite' ? searchOf(query.add) : null;
    const searchCount = search
      ? (await searchMaterialIds(world.code, search.params, FOLDER_LIMITS.materialsPerAddByQuery)).length
      : 0;
    const failed = t('failed');

    const tree = (nodes: TreeNode<Folder>[]) => (
      <ul className={styles.tree}>
        {nodes.map((node) => (
          <li key={node.id}>
            <Link
              href={link({ folder: node.id })}
              aria-current={selected?.id === node.id ? 'page' : undefined}
              data-testid="folder-link"
              data-folder-id={node.id}
            >
              {node.title}
            </Link>{' '}
            <span className={styles.count}>{t('count', { count: node.materials_count })}</span>
            {node.children.length ? tree(node.children) : null}
          </li>
        ))}
      </ul>
    );

    return (
      <section className={styles.page} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('intro')}</p>
        <nav className={styles.tabs} aria-label={t('tree')}>
          {FOLDER_TYPES.map((kind) => (
            <Link
              key={kind}
              href={link({ type: kind, folder: null })}
              aria-current={kind === type ? 'page' : undefined}
            >
              {t(`types.${kind}`)}
            </Link>
          ))}
        </nav>
        <FolderNotice />
        {search ? (
          <section className={styles.addSearch}>
            <h2>{t('addSearch.title')}</h2>
            {active.length ? (
              <AddSearchForm
                search={search.raw}
                folders={activeOptions}
                texts={{
                  folder: t('addSearch.folder'),
                  submit: t('addSearch.submit'),
                  added: t.raw('notice.added') as string,
                  skipped: t.raw('notice.skipped') as string,
                  failed,
                }}
              >
                <p data-testid="folder-add-search-count">
                  {t('addSearch.text', { count: searchCount, query: search.params.q || t('addSearch.allQuery') })}
                </p>
              </AddSearchForm>
            ) : (
              <p>{t('addSearch.none')}</p>
            )}
          </section>
        ) : null}
        <div className={styles.layout}>
          <aside className={styles.side}>
            <h2>{t('tree')}</h2>
            <p>
              <Link href={link({ folder: null })} aria-current={selected === null ? 'page' : undefined}>
                {t('all')}
              </Link>
            </p>
            {active.length ? tree(buildTree(active)) : <p data-testid="folders-empty">{t('empty')}</p>}
            <CreateFolderForm
              key={`${type}-${selected?.id ?? 0}`}
              folderType={type}
              parents={activeOptions}
              preselected={selected && !selected.is_archive ? selected.id : null}
              texts={{
                title: t('create.title'),
                name: t('create.name'),
                parent: t('create.parent'),
                top: t('create.top'),
                submit: t('create.submit'),
                created: t.raw('notice.created') as string,
                failed,
              }}
            />
            <details className={styles.archive} open={Boolean(selected?.is_archive)} data-testid="folder-archive-list">
              <summary>
                {t('archived')} ({archived.length})
              </summary>
              {archived.length ? tree(buildTree(archived)) : <p>{t('archivedEmpty')}</p>}
            </details>
          </aside>
          <div className={styles.main}>
            <h2 data-testid="folder-heading">
              {selected ? label(selected) : t('allOf', { type: t(`types.${type}`) })}
            </h2>
            {selected ? (
              <FolderToolbar
                key={selected.id}
                folder={{ id: selected.id, title: selected.title, parentId: selected.parent_id }}
                moveTargets={options(
                  (() => {
                    const under = subtreeIds(all, selected.id);
                    return (selected.is_archive ? all : active).filter((folder) => !under.has(folder.id));
                  })(),
                )}
                archived={selected.is_archive}
                leavePath={link({ folder: null })}
                texts={{
                  renameLabel: t('rename.label'),
                  renameSubmit: t('rename.submit'),
                  moveLabel: t('move.label'),
                  moveSubmit: t('move.submit'),
                  top: t('create.top'),
                  archive: t('archive'),
                  restore: t('restore'),
                  delete: t('delete'),
                  deleteConfirm: t.raw('deleteConfirm') as string,
                  renamed: t.raw('notice.renamed') as string,
                  moved: t('notice.moved'),
                  archived: t('notice.archived'),
                  restored: t('notice.restored'),
                  deleted: t('notice.deleted'),
                  failed,
                }}
              />
            ) : null}
            <p className={styles.count} data-testid="folder-materials-total">
              {t('count', { count: materials.total })}
            </p>
            {materials.items.length === 0 ? (
              <p data-testid="folder-materials-empty">{selected ? t('folderEmpty') : t('typeEmpty')}</p>
            ) : (
              <FolderMaterialList
                folderType={type}
                folders={activeOptions}
                folderId={selected?.id ?? null}
                texts={{
                  choose: t('choose'),
                  save: t('save'),
                  saved: t.raw('notice.saved') as string,
                  removeFromFolder: t('removeFromFolder'),
                  removed: t.raw('notice.removed') as string,
                  failed,
                }}
              >
                {materials.items.map((material) => (
                  <li key={material.id} data-material-id={material.id}>
                    {material.available ? (
                      <Link
                        href={pathForRoute(material.world, 'material', {
                          id: String(material.id),
                          slug: material.slug,
                        })}
                        prefetch={false}
                      >
                        {material.title}
                      </Link>
                    ) : (
                      <span>
                        {material.title} <small>({t('unavailable')})</small>
                      </span>
                    )}
                    <MaterialFolders materialId={material.id} title={material.title} placedIn={material.folder_ids} />
                  </li>
                ))}
              </FolderMaterialList>
            )}
            {pages > 1 ? (
              <nav className="pager" aria-label={lists('pages', { page, pages })} data-testid="folder-pager">
                <p>{lists('pages', { page, pages })}</p>
                {page > 1 ? (
                  <Link href={link({ folder: selected?.id ?? null, page: page - 1 })} rel="prev">
                    {lists('previous')}
                  </Link>
                ) : null}{' '}
                {page < pages ? (
                  <Link href={link({ folder: selected?.id ?? null, page: page + 1 })} rel="next">
                    {lists('next')}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
        </div>
      </section>
    );
  },
};
