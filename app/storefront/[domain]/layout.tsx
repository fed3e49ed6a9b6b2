import Link from 'next/link';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { getAuthorProfile } from '@/lib/catalog/authors';
import { getStorefront } from '@/lib/storefront/storefront';
import { getWorld } from '@/lib/worlds/worlds';
import '../../globals.css';

export const dynamicParams = true;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<{ domain: string }> }): Promise<Metadata> {
  const storefront = await getStorefront((await params).domain);
  if (!storefront) return {};
  const author = await getAuthorProfile(storefront.authorId);
  return {
    title: {
      default: author?.details.publicName ?? storefront.domain,
      template: `%s · ${author?.details.publicName ?? ''}`,
    },
  };
}

/** Root layout of an author's own domain: the author's branding instead of Kreide's header. */
export default async function StorefrontLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ domain: string }>;
}) {
  const storefront = await getStorefront((await params).domain);
  if (!storefront) notFound();
  const author = await getAuthorProfile(storefront.authorId);
  if (!author) notFound();
  const world = getWorld(storefront.world);
  const t = await getTranslations({ locale: world.code, namespace: 'author-page' });
  return (
    <html lang={world.locale}>
      <body className="storefront">
        <header className="site-header storefront-header">
          <div className="header-row">
            <Link href="/" prefetch={false} className="logo">
              {author.details.publicName}
            </Link>
            {author.details.subtitle ? <span className="author-subtitle">{author.details.subtitle}</span> : null}
            <nav aria-label={t('storefront.navigation')} className="account-nav">
              <Link href="/materials" prefetch={false}>
                {t('tabs.materials')}
              </Link>
              <Link href="/blog" prefetch={false}>
                {t('tabs.blog')}
              </Link>
            </nav>
          </div>
        </header>
        <main id="main">{children}</main>
        <footer className="site-footer">
          <p>{t('storefront.poweredBy')}</p>
        </footer>
      </body>
    </html>
  );
}
