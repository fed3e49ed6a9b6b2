import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { IMPRINT } from '@/lib/legal/imprint';
import { pathFor } from '@/lib/routing/localized-routes';
import type { World } from '@/lib/worlds/worlds';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

function countryName(world: World, country: string): string {
  return new Intl.DisplayNames([world.locale], { type: 'region' }).of(country) ?? country;
}

/**
 * The imprint (`info/impressum`), the same company in every world: who runs Kreide, where, its
 * register and VAT id, how to reach it and who answers for the content, from configuration
 * (lib/legal/imprint.ts), with a way to the privacy policy on the terms page.
 */
export const ImprintPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('info');
    const meta = await getTranslations('meta');
    const rows: [label: string, value: ReactNode, field: string][] = [
      [t('imprint.managingDirectors'), IMPRINT.managingDirectors, 'managingDirectors'],
      [t('imprint.registerCourt'), IMPRINT.registerCourt, 'registerCourt'],
      [t('imprint.registerNumber'), IMPRINT.registerNumber, 'registerNumber'],
      [t('imprint.vatId'), IMPRINT.vatId, 'vatId'],
      [
        t('imprint.email'),
        <a key="email" href={`mailto:${IMPRINT.email}`}>
          {IMPRINT.email}
        </a>,
        'email',
      ],
      [
        t('imprint.phone'),
        <a key="phone" href={`tel:${IMPRINT.phone.replace(/[^\d+]/g, '')}`}>
          {IMPRINT.phone}
        </a>,
        'phone',
      ],
      [t('imprint.responsiblePerson'), IMPRINT.responsiblePerson, 'responsiblePerson'],
    ];
    return (
      <article className="legal-page imprint-page">
        <h1>{meta('routes.imprint.title')}</h1>
        <section aria-labelledby="imprint-provider">
          <h2 id="imprint-provider">{t('imprint.provider')}</h2>
          <address data-field="address">
            {IMPRINT.name}
            <br />
            {IMPRINT.street}
            <br />
            {IMPRINT.postalCode} {IMPRINT.city}
            <br />
            {countryName(world, IMPRINT.country)}
          </address>
          <dl className="imprint-facts">
            {rows.map(([label, value, field]) => (
              <div key={field} data-field={field}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="imprint-data-protection">
          <h2 id="imprint-data-protection">{t('imprint.dataProtection')}</h2>
          <p>{t('imprint.dataProtectionText')}</p>
          <p>
            {/* A plain link, as the footer's legal links: after a visit to another part of the terms, the
                client router's move to this anchor kept the old one too (…#withdrawalProvisions#dataProtection)
                and landed on no part. A full page load lands where the link says. */}
            <a href={`${pathFor(world.code, 'terms')}#dataProtection`}>{t('imprint.dataProtectionLink')}</a>
          </p>
        </section>
      </article>
    );
  },
};
