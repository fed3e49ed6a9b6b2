import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { isSellerAccount } from '@/lib/accounts/accounts';
import { parseId } from '@/lib/input/schemas';
import { pathFor } from '@/lib/routing/localized-routes';
import {
  describeFontOrTool,
  DESCRIPTION_LANGUAGES,
  FONT_TOOL_KINDS,
  groupFontsAndTools,
  isRelevantIn,
  parseFontToolKind,
  type FontToolKind,
} from '@/lib/selling/fonts-tools';
import { shareLinks, type ShareContent } from '@/lib/selling/share-targets';
import {
  coverImageUrl,
  getShareableMaterial,
  getShareProfile,
  listShareableMaterials,
  materialShareUrl,
} from '@/lib/selling/sharing';
import { CopyLink, type CopyLinkTexts } from './copy-link';
import styles from './share.module.css';
import sellingStyles from './selling.module.css';

type Translator = Awaited<ReturnType<typeof getTranslations<'seller'>>>;

const copyTexts = (t: Translator): CopyLinkTexts => ({
  copy: t('sharing.link.copy'),
  copied: t('sharing.link.copied'),
  failed: t('sharing.link.failed'),
});

/**
 * A link with its copy button and the share targets: plain links to the networks' share pages,
 * opened in a new tab without telling them where the click came from. No widget, no frame.
 */
function ShareBlock({ id, content, t }: { id: string; content: ShareContent; t: Translator }) {
  return (
    <div className={styles.block} data-testid={`share-${id}`}>
      <p className={styles.link}>
        <a href={content.url} data-testid={`share-${id}-url`}>
          {content.url}
        </a>
        <CopyLink value={content.url} texts={copyTexts(t)} testId={`share-${id}-copy`} />
      </p>
      <ul className={styles.targets} aria-label={t('sharing.targets.label')}>
        {shareLinks(content).map(({ target, href }) => (
          <li key={target}>
            <a
              href={href}
              rel="noopener noreferrer"
              target={target === 'email' ? undefined : '_blank'}
              data-share-target={target}
              className={styles.target}
            >
              {t(`sharing.targets.${target}`)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The value of a query parameter as a form sends it (the first of repeated keys). */
function queryValue(query: AreaPageProps['query'], key: string): string | undefined {
  const raw = query[key];
  return Array.isArray(raw) ? raw[0] : raw;
}

/**
 * Material sharing (route `cabinet-material-sharing`, `?material=<id>`): one of the seller's
 * published materials, picked in a form, with its public link, the share targets and its image
 * card (`GET /api/v3/seller/materials/{id}/share-card`) to look at and download. Without a
 * choice, the most recently published one. A teacher who does not sell is sent to their
 * materials page, where selling starts.
 */
export const MaterialSharingPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId, query }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('seller');
    const title = <h1>{meta(`routes.${route.id}.title`)}</h1>;
    const materialsLink = (
      <a href={pathFor(world.code, 'cabinet-materials')} data-testid="to-materials">
        {t('sharing.toMaterials')}
      </a>
    );
    if (!(await isSellerAccount(userId)))
      return (
        <section className={sellingStyles.section} data-route={route.id}>
          {title}
          <p data-testid="sharing-not-seller">{t('sharing.notSeller')}</p>
          <p>{materialsLink}</p>
        </section>
      );
    const sellerId = userId!;
    const list = await listShareableMaterials(sellerId);
    if (list.length === 0)
      return (
        <section className={sellingStyles.section} data-route={route.id}>
          {title}
          <p data-testid="sharing-none">{t('sharing.none')}</p>
          <p>{materialsLink}</p>
        </section>
      );

    const asked = queryValue(query, 'material');
    const askedId = asked === undefined || asked === '' ? null : parseId(asked);
    const chosenId = asked === undefined || asked === '' ? list[0]!.id : askedId;
    const material = chosenId === null ? null : await getShareableMaterial(sellerId, chosenId);
    const options = material && !list.some((item) => item.id === material.id) ? [material, ...list] : list;
    const cardPath = material ? `/api/v3/seller/materials/${material.id}/share-card?world=${world.code}` : null;
    const url = material ? materialShareUrl(material) : null;

    return (
      <section className={sellingStyles.section} data-route={route.id}>
        {title}
        <p>{t('sharing.intro')}</p>
        <form method="get" action={pathFor(world.code, 'cabinet-material-sharing')} className={styles.pick}>
          <label htmlFor="share-material">{t('sharing.pick.label')}</label>
          <select id="share-material" name="material" defaultValue={material ? String(material.id) : undefined}>
            {options.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </select>
          <button type="submit" className={sellingStyles.primary}>
            {t('sharing.pick.submit')}
          </button>
        </form>
        {material === null ? (
          <p className={sellingStyles.error} role="alert" data-testid="sharing-unknown">
            {t('sharing.pick.unknown')}
          </p>
        ) : (
          <div data-testid="sharing-material" data-material-id={material.id}>
            <h2>{t('sharing.link.title')}</h2>
            <ShareBlock
              id="material"
              t={t}
              content={{
                url: url!,
                title: material.title,
                text: t('sharing.messages.material', { title: material.title }),
                image: coverImageUrl(material) ?? undefined,
              }}
            />
            <h2>{t('sharing.card.title')}</h2>
            <p>{t('sharing.card.text')}</p>
            <img
              className={styles.card}
              src={cardPath!}
              width={1200}
              height={630}
              alt={t('sharing.card.alt', { title: material.title })}
              loading="lazy"
              decoding="async"
              data-testid="share-card-image"
            />
            <p>
              <a
                href={cardPath!}
                download={`kreide-${material.id}.png`}
                className={sellingStyles.primary}
                data-testid="share-card-download"
              >
                {t('sharing.card.download')}
              </a>
            </p>
            <p className={sellingStyles.muted}>{t('sharing.card.pinterest')}</p>
          </div>
        )}
      </section>
    );
  },
};

/**
 * Share (route `cabinet-share`): the teacher's invitation link (credit for a colleague's first
 * paid order) and, for a seller, their author page, each with a copy button and the share targets.
 */
export const SharePage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('seller');
    const profile = userId === null ? null : await getShareProfile(userId, world.code);
    return (
      <section className={sellingStyles.section} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('sharing.share.intro')}</p>
        {profile?.inviteUrl ? (
          <>
            <h2>{t('sharing.share.inviteTitle')}</h2>
            <p>{t('sharing.share.inviteText')}</p>
            <ShareBlock
              id="invite"
              t={t}
              content={{
                url: profile.inviteUrl,
                title: t('sharing.messages.inviteTitle'),
                text: t('sharing.messages.invite'),
              }}
            />
          </>
        ) : null}
        {profile?.authorUrl ? (
          <>
            <h2>{t('sharing.share.authorTitle')}</h2>
            <p>{t('sharing.share.authorText')}</p>
            <ShareBlock
              id="author"
              t={t}
              content={{
                url: profile.authorUrl,
                title: t('sharing.messages.authorTitle', { name: profile.publicName }),
                text: t('sharing.messages.author', { name: profile.publicName }),
              }}
            />
          </>
        ) : null}
      </section>
    );
  },
};

/**
 * Fonts and tools (route `cabinet-fonts-tools`, `?kind=font|tool`): free fonts and tools for
 * making materials, from lib/selling/fonts-tools.ts, grouped by kind, those especially used in
 * the world first, each with its licence and cost.
 */
export const FontsToolsPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, query }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('seller');
    const kind = parseFontToolKind(query.kind);
    const base = pathFor(world.code, 'cabinet-fonts-tools');
    const link = (k?: FontToolKind) => (k ? `${base}?kind=${k}` : base);
    const ownDescription = (DESCRIPTION_LANGUAGES as readonly string[]).includes(world.language);
    return (
      <section className={sellingStyles.section} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('fontsTools.intro')}</p>
        <p className={sellingStyles.muted}>{t('fontsTools.licenceNote')}</p>
        <nav className={sellingStyles.filters} aria-label={t('fontsTools.filter.label')}>
          <a href={link()} aria-current={kind ? undefined : 'page'}>
            {t('fontsTools.filter.all')}
          </a>
          {FONT_TOOL_KINDS.map((k) => (
            <a key={k} href={link(k)} aria-current={kind === k ? 'page' : undefined}>
              {t(`fontsTools.groups.${k}`)}
            </a>
          ))}
        </nav>
        {groupFontsAndTools(world.code, kind).map((group) => (
          <section key={group.kind} data-testid={`fonts-tools-${group.kind}`}>
            <h2>{t(`fontsTools.groups.${group.kind}`)}</h2>
            <ul className={styles.resources}>
              {group.entries.map((entry) => (
                <li key={entry.id} className={styles.resource} data-resource={entry.id}>
                  <h3>
                    <a href={entry.url} rel="noopener noreferrer" target="_blank">
                      {entry.name}
                    </a>
                  </h3>
                  <p lang={ownDescription ? undefined : 'en'}>{describeFontOrTool(entry, world.language)}</p>
                  <p className={styles.facts}>
                    <span>{t('fontsTools.licence', { licence: entry.licence })}</span>
                    <span>{t(`fontsTools.cost.${entry.cost}`)}</span>
                    {entry.openLicence ? <span className={styles.badge}>{t('fontsTools.open')}</span> : null}
                    {isRelevantIn(entry, world.code) ? (
                      <span className={styles.badge}>{t('fontsTools.relevant')}</span>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    );
  },
};
