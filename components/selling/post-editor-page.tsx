import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import styles from '@/components/cabinet/cabinet.module.css';
import { cabinetTexts } from '@/components/pages/cabinet-settings-pages';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { isSellerAccount } from '@/lib/accounts/accounts';
import { AppError } from '@/lib/errors/app-error';
import { parseId } from '@/lib/input/schemas';
import { pathFor } from '@/lib/routing/localized-routes';
import { getSellerPost, listSellerPosts, SELLER_POSTS_PAGE_SIZE, type SellerPost } from '@/lib/selling/posts';
import { TableRegion } from '@/components/cabinet/table-region';
import { NewPostButton, PostEditor } from './post-editor';
import own from './author-pages.module.css';

/**
 * The post editor (route `cabinet-post-editor/{postId?}`): without an id, the author's posts
 * (drafts included) and the way to a new one; with an id, that post's editor, which saves as
 * the author types. Someone else's post is not found. Only sellers have a blog: anyone else is
 * sent to their materials, where selling starts.
 */
export const PostEditorPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId, params, query }) {
    const meta = await getTranslations('meta');
    const texts = cabinetTexts(world);
    const t = texts.posts;
    const basePath = pathFor(world.code, 'cabinet-post-editor');
    if (!(await isSellerAccount(userId)))
      return (
        <section className={styles.section} data-route={route.id}>
          <h1>{meta(`routes.${route.id}.title`)}</h1>
          <p data-testid="posts-not-seller">{t.notSeller}</p>
          <p>
            <a className={styles.primaryLink} href={pathFor(world.code, 'cabinet-materials')}>
              {t.notSellerLink}
            </a>
          </p>
        </section>
      );

    const rawId = typeof params.postId === 'string' ? params.postId : null;
    if (rawId !== null) {
      const postId = parseId(rawId);
      if (postId === null) notFound();
      let post: SellerPost;
      try {
        post = await getSellerPost(userId!, postId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') notFound();
        throw error;
      }
      return (
        <section className={styles.section} data-route={route.id}>
          <h1>{post.title || meta(`routes.${route.id}.title`)}</h1>
          <PostEditor key={post.id} initial={post} texts={t} locale={world.locale} listPath={basePath} />
          <p>
            <a href={basePath}>{t.back}</a>
          </p>
        </section>
      );
    }

    const page = Math.min(Math.max(Number.parseInt(String(query.page ?? '1'), 10) || 1, 1), 10_000);
    const { items, total } = await listSellerPosts(userId!, { page });
    const date = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const pageLink = (p: number) => (p > 1 ? `${basePath}?page=${p}` : basePath);
    return (
      <section className={styles.section} data-route={route.id}>
        <h1>{t.listTitle}</h1>
        <p className={styles.intro}>{t.intro}</p>
        <NewPostButton basePath={basePath} texts={t} />
        {items.length === 0 ? (
          <p data-testid="posts-empty">{t.empty}</p>
        ) : (
          <TableRegion label={t.listTitle}>
            <table className={own.table} data-testid="seller-posts">
              <thead>
                <tr>
                  <th scope="col">{t.columns.title}</th>
                  <th scope="col">{t.columns.status}</th>
                  <th scope="col">{t.columns.updated}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} data-post-id={item.id}>
                    <td>
                      <a href={pathFor(world.code, 'cabinet-post-editor', { postId: String(item.id) })}>
                        {item.title || t.untitled}
                      </a>
                    </td>
                    <td>
                      {item.publicPath ? <a href={item.publicPath}>{t.status.published}</a> : t.status[item.status]}
                    </td>
                    <td>{date.format(new Date(item.updatedAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
        {total > SELLER_POSTS_PAGE_SIZE ? (
          <p className={own.actions}>
            {page > 1 ? <a href={pageLink(page - 1)}>{t.previous}</a> : null}
            {page * SELLER_POSTS_PAGE_SIZE < total ? <a href={pageLink(page + 1)}>{t.next}</a> : null}
          </p>
        ) : null}
      </section>
    );
  },
};
