import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { SignInPrompt } from '@/components/cabinet/cabinet-loader';
import styles from '@/components/cabinet/cabinet.module.css';
import { cabinetTexts } from '@/components/pages/cabinet-settings-pages';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { getUserDetails } from '@/lib/accounts/user-details';
import { mediaUrl } from '@/lib/routing/media-url';
import { pathFor } from '@/lib/routing/localized-routes';
import { AuthorPageForm } from './author-page-form';
import { DomainSettingsSection } from './domain-settings';
import own from './author-pages.module.css';

/**
 * The author page settings (route `cabinet-author-page`): what the public author page shows —
 * subtitle, description, social profiles, a private profile, the profile picture and the
 * background — through the user-details calls, with a link to the page itself. The cabinet is
 * rendered per request, so the seller's current values come with the page. A teacher who does
 * not sell has no author page and is sent to their materials, where selling starts.
 */
export const AuthorPageSettingsPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId }) {
    const meta = await getTranslations('meta');
    const texts = cabinetTexts(world);
    const t = texts.authorPage;
    const heading = <h1>{meta(`routes.${route.id}.title`)}</h1>;
    if (userId === null)
      return (
        <section className={styles.section} data-route={route.id}>
          {heading}
          <SignInPrompt loginPath={pathFor(world.code, 'login')} texts={texts.common} />
        </section>
      );
    const details = await getUserDetails(userId);
    if (!details?.isSeller)
      return (
        <section className={styles.section} data-route={route.id}>
          {heading}
          <p data-testid="author-page-not-seller">{t.notSeller}</p>
          <p>
            <a className={styles.primaryLink} href={pathFor(world.code, 'cabinet-materials')}>
              {t.notSellerLink}
            </a>
          </p>
        </section>
      );
    const publicPath = pathFor(world.code, 'author', { id: String(details.id), slug: details.slug });
    return (
      <section className={styles.section} data-route={route.id}>
        {heading}
        <p className={styles.intro}>{t.intro}</p>
        <p>
          <a href={publicPath} data-testid="author-page-link">
            {t.viewPublic}
          </a>
        </p>
        <AuthorPageForm
          key={details.id}
          initial={{
            subtitle: details.subtitle,
            description: details.description,
            facebookProfile: details.facebookProfile,
            instagramProfile: details.instagramProfile,
            pinterestProfile: details.pinterestProfile,
            privateProfile: details.privateProfile,
            imageUrl: details.imagePath ? mediaUrl(details.imagePath) : null,
            backgroundUrl: details.profileBackgroundPath ? mediaUrl(details.profileBackgroundPath) : null,
          }}
          loginPath={pathFor(world.code, 'login')}
          texts={{ common: texts.common, errors: texts.errors, authorPage: t }}
        />
        <div className={own.domainSpot} data-testid="author-page-domain-spot">
          <DomainSettingsSection world={world} userId={userId} />
        </div>
      </section>
    );
  },
};
