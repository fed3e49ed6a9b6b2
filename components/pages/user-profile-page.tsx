import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { getUserProfile, type UserProfile } from '@/lib/catalog/landings';
import { pathFor } from '@/lib/routing/localized-routes';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import { isWorldCode } from '@/lib/worlds/worlds';
import { requireId } from './params';
import type { PageProps, PageView } from './types';

async function load(props: PageProps): Promise<UserProfile> {
  const id = requireId(props.params.id);
  const user = await getUserProfile(id);
  if (!user || !isWorldCode(user.world)) notFound();
  return user;
}

/**
 * The public profile of a member: name, member since, followed authors —
 * the list only while the profile is public (lib/catalog/landings.ts leaves it out otherwise).
 */
export const UserProfilePage: PageView = {
  async metadata(props) {
    const user = await load(props);
    const t = await getTranslations('author-page');
    return buildPageMetadata({
      title: user.publicName,
      description: t('memberDescription', { name: user.publicName }),
      // Member pages are thin: followable, not worth an index entry.
      robots: 'noindex-follow',
      world: user.world,
      worlds: [user.world],
      pathInWorld: (world) => pathFor(world, 'user-profile', { id: String(user.id), slug: user.slug }),
    });
  },
  async render(props) {
    const user = await load(props);
    if (user.isSeller) permanentRedirect(pathFor(user.world, 'author', { id: String(user.id), slug: user.slug }));
    if (user.world !== props.world.code || props.params.slug !== user.slug)
      permanentRedirect(pathFor(user.world, 'user-profile', { id: String(user.id), slug: user.slug }));
    const t = await getTranslations('author-page');
    const format = await getFormatter();
    return (
      <article className="user-profile">
        <h1>{user.publicName}</h1>
        <p className="post-meta">
          {t('memberSince', { date: format.dateTime(new Date(user.createdAt), { year: 'numeric', month: 'long' }) })}
        </p>
        <h2>{t('tabs.following')}</h2>
        {user.privateProfile ? (
          <p>{t('private')}</p>
        ) : user.following.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <ul className="following-list">
            {user.following.map((a) => (
              <li key={a.id}>
                <Link href={pathFor(a.world, 'author', { id: String(a.id), slug: a.slug })} prefetch={false}>
                  {a.publicName}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </article>
    );
  },
};
