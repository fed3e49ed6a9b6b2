import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { getCardTexts, materialCardHtml } from '@/components/catalog/material-card';
import { routeMetadata } from '@/components/pages/shell-page';
import { pageNumber, pickWord } from '@/lib/input/query-words';
import type { PageView } from '@/components/pages/types';
import { readCookieSession } from '@/lib/accounts/session';
import { errorMessage } from '@/lib/errors/messages';
import { MAX_PAGE_SIZE } from '@/lib/input/schemas';
import { pathFor } from '@/lib/routing/localized-routes';
import { listFollowedAuthorsOf } from '@/lib/subscriptions/followed-authors';
import { KEEP_ERRORS, KEEP_NOTICES, type KeepError } from '@/lib/subscriptions/form';
import { SUBSCRIPTION_LIMITS } from '@/lib/subscriptions/limits';
import { WISHLIST_SORTS, type WishlistSort } from '@/lib/subscriptions/schemas';
import { ownerOfSession } from '@/lib/subscriptions/subscriptions';
import { queryWishlist, type WishlistPage } from '@/lib/subscriptions/wishlist';
import { markup } from '@/lib/text/html';
import { FavouritesRest } from './favourites-rest';
import { keepFormAction } from './keep-controls';
import { removeFavouriteHtml } from './remove-favourite';

/** The reasons' texts are the API's (common.apiReasons), with the limit they name. */
function refusalText(world: string, error: KeepError, fallback: string): string {
  if (error === 'invalid') return fallback;
  const limits: Partial<Record<KeepError, number>> = {
    favourites_full: SUBSCRIPTION_LIMITS.favouritesPerAccount,
    follows_full: SUBSCRIPTION_LIMITS.followsPerAccount,
    anonymous_favourites_full: SUBSCRIPTION_LIMITS.perAnonymousIdentity,
    anonymous_follows_full: SUBSCRIPTION_LIMITS.perAnonymousIdentity,
  };
  const code = error === 'too_many_attempts' ? 'rate_limited' : error.endsWith('_full') ? 'conflict' : 'not_found';
  return errorMessage(world, code, { reason: error, limit: limits[error] });
}

/**
 * The favourites page (route `favourites`, `/de/merkzettel`): the visitor's favourite materials
 * of this world, newest first or as sorted, with the total; each can be removed; the authors they
 * follow, each can be unfollowed; an empty state that leads to search. For a signed-in account or
 * an anonymous visitor alike (the identity in the session cookie), who is told the list stays in
 * this browser until they sign in. Everything works as form posts and links without script; with
 * it, the pages after the first are read in parallel and shown below it.
 */
export const FavouritesPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, query }) {
    const t = await getTranslations('favorites');
    const session = await readCookieSession(await cookies());
    const owner = session ? ownerOfSession(session) : null;
    const sort: WishlistSort = pickWord(query.sort, WISHLIST_SORTS) ?? 'added_desc';
    const page = pageNumber(query.page);
    const favourites: WishlistPage = owner
      ? await queryWishlist(owner, world.code, { sort, limit: MAX_PAGE_SIZE, page })
      : { items: [], total: 0, page, limit: MAX_PAGE_SIZE };
    const authors = owner ? await listFollowedAuthorsOf(owner) : { items: [], total: 0 };
    const pages = Math.max(1, Math.ceil(favourites.total / MAX_PAGE_SIZE));
    const here = pathFor(world.code, route.id);
    const queryOf = (next: { sort?: WishlistSort; page?: number }) => {
      const params = new URLSearchParams();
      if ((next.sort ?? sort) !== 'added_desc') params.set('sort', next.sort ?? sort);
      if ((next.page ?? 1) > 1) params.set('page', String(next.page));
      const text = params.toString();
      return text ? `${here}?${text}` : here;
    };
    const returnPath = queryOf({ page });
    const notice = pickWord(query.notice, KEEP_NOTICES);
    const error = pickWord(query.error, KEEP_ERRORS);
    const cardTexts = await getCardTexts();
    const removeLabel = t('remove');
    const cards = markup`${favourites.items.map((material, i) =>
      materialCardHtml(world, material, i < 4, cardTexts, {
        extra: removeFavouriteHtml(world.code, material.id, returnPath, removeLabel),
      }),
    )}`;
    const signedIn = Boolean(session && session.userId !== null);
    const login = `${pathFor(world.code, 'login')}?next=${encodeURIComponent(here)}`;

    return (
      <section className="favourites" data-route={route.id}>
        <h1>{t('title')}</h1>
        {notice ? (
          <p className="form-notice" role="status">
            {t(`notice.${notice}`)}
          </p>
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {refusalText(world.code, error, t('error.invalid'))}
          </p>
        ) : null}
        {!signedIn ? (
          <p className="favourites-anonymous">
            {t('anonymous')} <a href={login}>{t('signIn')}</a> ·{' '}
            <a href={pathFor(world.code, 'register')}>{t('signUp')}</a>
          </p>
        ) : null}
        {favourites.total === 0 ? (
          <div className="favourites-empty">
            <p>{t('empty')}</p>
            <a className="button" href={pathFor(world.code, 'search')}>
              {t('emptyAction')}
            </a>
          </div>
        ) : (
          <>
            <div className="favourites-bar">
              <p data-testid="favourites-total">{t('total', { count: favourites.total })}</p>
              {signedIn ? (
                <p>
                  <a href={pathFor(world.code, 'cabinet-folders')} data-testid="to-folders">
                    {t('folders.toFolders')}
                  </a>
                </p>
              ) : null}
              <form method="get" action={here} className="favourites-sort">
                <label>
                  {t('sort.label')}{' '}
                  <select name="sort" defaultValue={sort}>
                    {WISHLIST_SORTS.map((option) => (
                      <option key={option} value={option}>
                        {t(`sort.${option}`)}
                      </option>
                    ))}
                  </select>
                </label>{' '}
                <button type="submit">{t('sort.submit')}</button>
              </form>
            </div>
            <div className="shelf-items" dangerouslySetInnerHTML={{ __html: cards.value }} />
            {pages > 1 ? (
              <FavouritesRest
                world={world.code}
                signedIn={signedIn}
                sort={sort}
                // The first page loads the rest; a later page (reached without script) shows its own.
                pages={page === 1 ? pages : 1}
                pageSize={MAX_PAGE_SIZE}
                returnPath={returnPath}
                texts={{ card: cardTexts, remove: removeLabel }}
              >
                <nav className="pager" aria-label={t('pages', { page, pages })}>
                  <p>{t('pages', { page, pages })}</p>
                  {page > 1 ? (
                    <a href={queryOf({ page: page - 1 })} rel="prev">
                      {t('previous')}
                    </a>
                  ) : null}{' '}
                  {page < pages ? (
                    <a href={queryOf({ page: page + 1 })} rel="next">
                      {t('next')}
                    </a>
                  ) : null}
                </nav>
              </FavouritesRest>
            ) : null}
          </>
        )}
        <section className="favourites-authors" aria-labelledby="favourites-authors">
          <h2 id="favourites-authors">{t('authors')}</h2>
          {authors.items.length === 0 ? (
            <p>{t('authorsEmpty')}</p>
          ) : (
            <ul>
              {authors.items.map((author) => (
                <li key={author.id}>
                  <a href={pathFor(world.code, 'author', { id: String(author.id), slug: author.slug })}>
                    {author.publicName}
                  </a>{' '}
                  <form method="post" action={keepFormAction(world.code)} className="keep-remove">
                    <input type="hidden" name="subjectId" value={author.id} />
                    <input type="hidden" name="action" value="remove" />
                    <input type="hidden" name="next" value={returnPath} />
                    <button className="link-button" name="subjectType" value="author">
                      {t('unfollow')}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
        </section>
      </section>
    );
  },
};
