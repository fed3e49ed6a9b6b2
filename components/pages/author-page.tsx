import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { MaterialCardList } from '@/components/catalog/material-card';
import { JsonLd } from '@/components/seo/json-ld';
import { FollowAuthorButton } from '@/components/subscriptions/keep-controls';
import { getAuthorProfile, listAuthorBlogPosts, listFollowedAuthors, type AuthorProfile } from '@/lib/catalog/authors';
import { listAuthorMaterials } from '@/lib/catalog/materials';
import { listSocialProfileLinks } from '@/lib/catalog/social-profiles';
import { pathFor } from '@/lib/routing/localized-routes';
import { AUTHOR_TABS, type AuthorTab } from '@/lib/routing/routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import { buildAuthorProfilePage } from '@/components/seo/structured-data';
import { mediaUrl } from '@/lib/routing/media-url';
import { htmlToText, sanitizeAuthorHtml } from '@/lib/text/sanitize';
import { isWorldCode, type WorldCode } from '@/lib/worlds/worlds';
import { requireId } from './params';
import type { PageProps, PageView } from './types';

/** Newest materials on the profile; the rest through the search, filtered by author. */
const AUTHOR_PAGE_MATERIALS = 12;

async function load(props: PageProps): Promise<AuthorProfile> {
  const id = requireId(props.params.id);
  // An author that fails to load is the not-found state with status 404.
  const author = await getAuthorProfile(id);
  if (!author || !isWorldCode(author.world)) notFound();
  return author;
}

const tabOf = (props: PageProps): AuthorTab => (props.params.tab as AuthorTab | undefined) ?? 'materials';

function authorPath(world: WorldCode, author: AuthorProfile, tab: AuthorTab) {
  return pathFor(world, 'author', {
    id: String(author.id),
    slug: author.slug,
    tab: tab === 'materials' ? undefined : tab,
  });
}

/**
 * The author profile: header with counts and the four tabs. It renders the public view
 * (lib/catalog/author-view.ts): a private profile's subtitle, background, description and social
 * links are not in it, and its activity and following tabs say the profile is private.
 */
export const AuthorPage: PageView = {
  async metadata(props) {
    const author = await load(props);
    const t = await getTranslations('author-page');
    const world = author.world;
    const tab = tabOf(props);
    return buildPageMetadata({
      title: t('metaTitle', { name: author.details.publicName, tab: t(`tabs.${tab}`) }),
      // A private profile has no description in its public view: the generic text stands in.
      description: author.details.description
        ? htmlToText(author.details.description)
        : t('metaDescription', { name: author.details.publicName }),
      robots: author.details.privateProfile ? 'noindex-follow' : props.route.robots,
      world,
      worlds: [world],
      pathInWorld: () => authorPath(world, author, tab),
    });
  },
  async render(props) {
    const author = await load(props);
    const tab = tabOf(props);
    const authorWorld = author.world;
    if (authorWorld !== props.world.code || props.params.slug !== author.slug)
      permanentRedirect(authorPath(authorWorld, author, tab));
    const { world } = props;
    const t = await getTranslations('author-page');
    const common = await getTranslations('common');
    const format = await getFormatter();
    const { details } = author;
    const socialLinks = details.privateProfile ? [] : listSocialProfileLinks(details);
    return (
      <article className="author" data-author-id={author.id}>
        <JsonLd data={buildAuthorProfilePage({ origin: getPublicOrigin(), author, tab })} />
        <header className="author-header">
          {details.profileBackgroundPath ? (
            <img
              className="author-background"
              src={mediaUrl(details.profileBackgroundPath)}
              alt=""
              width={1200}
              height={204}
              fetchPriority="high"
            />
          ) : null}
          {details.imagePath ? (
            <img className="author-image" src={mediaUrl(details.imagePath)} alt="" width={200} height={200} />
          ) : null}
          <h1>{details.publicName}</h1>
          {details.subtitle ? <p className="author-subtitle">{details.subtitle}</p> : null}
          {details.teachableCertified ? <p className="badge">{t('certified')}</p> : null}
          <FollowAuthorButton
            authorId={author.id}
            texts={{
              follow: common('keep.follow', { name: details.publicName }),
              following: common('keep.following', { name: details.publicName }),
            }}
          />
          <p id="followed" className="target-notice">
            {common('keep.followed', { name: details.publicName })}{' '}
            <a href={pathFor(world.code, 'favourites')}>{common('keep.toFavourites')}</a>
          </p>
          <ul className="author-counts">
            <li>{t('followers', { count: author.followersNumber })}</li>
            <li>{t('following', { count: author.followingNumber })}</li>
            <li>{t('materials', { count: details.totalMaterials })}</li>
          </ul>
          {details.description ? (
            <div
              className="author-description"
              dangerouslySetInnerHTML={{ __html: sanitizeAuthorHtml(details.description) }}
            />
          ) : null}
          {socialLinks.length > 0 ? (
            <ul className="author-social">
              {socialLinks.map((link) => (
                <li key={link.network}>
                  <a href={link.url} rel="nofollow noopener">
                    {link.network}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </header>
        <nav aria-label={t('tabsLabel')} className="tabs">
          <ul>
            {AUTHOR_TABS.map((name) => (
              <li key={name}>
                <Link
                  href={authorPath(world.code, author, name)}
                  aria-current={name === tab ? 'page' : undefined}
                  prefetch={false}
                >
                  {t(`tabs.${name}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="tab-panel" data-tab={tab}>
          <h2>{t(`tabs.${tab}`)}</h2>
          {tab === 'materials' ? (
            <>
              <MaterialCardList
                world={world}
                materials={await listAuthorMaterials(author.id, AUTHOR_PAGE_MATERIALS)}
                eagerCovers={4}
              />
              {details.totalMaterials > AUTHOR_PAGE_MATERIALS ? (
                <p>
                  <Link href={`${pathFor(world.code, 'search')}?author=${author.id}&sort=newest`} prefetch={false}>
                    {t('allMaterials', { count: details.totalMaterials, name: details.publicName })}
                  </Link>
                </p>
              ) : null}
            </>
          ) : null}
          {details.privateProfile && (tab === 'activity' || tab === 'following') ? <p>{t('private')}</p> : null}
          {tab === 'blog' || (tab === 'activity' && !details.privateProfile) ? (
            <BlogList
              world={world.code}
              authorId={author.id}
              emptyText={t('empty')}
              format={format}
              activity={tab === 'activity'}
            />
          ) : null}
          {tab === 'following' && !details.privateProfile ? (
            <FollowingList authorId={author.id} emptyText={t('empty')} />
          ) : null}
        </section>
      </article>
    );
  },
};

async function BlogList({
  world,
  authorId,
  emptyText,
  format,
  activity,
}: {
  world: WorldCode;
  authorId: number;
  emptyText: string;
  format: Awaited<ReturnType<typeof getFormatter>>;
  activity: boolean;
}) {
  const t = await getTranslations('author-page');
  const posts = await listAuthorBlogPosts(authorId);
  const materials = activity ? await listAuthorMaterials(authorId, 10) : [];
  const entries = [
    ...posts.map((p) => ({
      key: `p${p.id}`,
      date: p.publishedAt,
      href: pathFor(world, 'blog-post', { id: String(p.id) }),
      title: p.title,
      kind: t('activityPost'),
      excerpt: p.excerpt,
    })),
    ...materials.map((m) => ({
      key: `m${m.id}`,
      date: m.createdAt,
      href: pathFor(world, 'material', { id: String(m.id), slug: m.slug }),
      title: m.title,
      kind: t('activityMaterial'),
      excerpt: '',
    })),
  ].sort((a, b) => b.date.localeCompare(a.date));
  if (entries.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="post-list">
      {entries.map((entry) => (
        <li key={entry.key}>
          <Link href={entry.href} prefetch={false}>
            {entry.title}
          </Link>{' '}
          <span className="post-meta">
            {activity ? `${entry.kind} · ` : ''}
            <time dateTime={entry.date}>{format.dateTime(new Date(entry.date), { dateStyle: 'medium' })}</time>
          </span>
          {entry.excerpt ? <p>{entry.excerpt}</p> : null}
        </li>
      ))}
    </ul>
  );
}

async function FollowingList({ authorId, emptyText }: { authorId: number; emptyText: string }) {
  const t = await getTranslations('author-page');
  const followed = await listFollowedAuthors(authorId);
  if (followed.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="following-list">
      {followed.map((a) => (
        <li key={a.id}>
          <Link href={pathFor(a.world, 'author', { id: String(a.id), slug: a.slug })} prefetch={false}>
            {a.publicName}
          </Link>{' '}
          <span className="post-meta">{t('followers', { count: a.followersNumber })}</span>
        </li>
      ))}
    </ul>
  );
}
