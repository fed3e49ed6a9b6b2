import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { getMessages } from '@/lib/i18n/messages';
import { getPublicOrigin } from '@/lib/seo/origin';
import { REMEMBER_WORLD_SCRIPT } from '@/lib/worlds/remember-world-script';
import { WORLD_CODES, getWorld, isWorldCode } from '@/lib/worlds/worlds';
import '../globals.css';

export function generateStaticParams() {
  return WORLD_CODES.map((world) => ({ world }));
}


export async function generateMetadata(): Promise<Metadata> {
  return { metadataBase: new URL(getPublicOrigin()), applicationName: 'Kreide', icons: { icon: '/favicon.svg' } };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1f6f8b' };

export default async function WorldLayout({ children, params }: { children: ReactNode; params: Promise<{ world: string }> }) {
  const { world: code } = await params;
  if (!isWorldCode(code)) notFound();
  const world = getWorld(code);
  return (
    <html lang={world.locale} data-world={world.code}>
      <body>
        <script dangerouslySetInnerHTML={{ __html: REMEMBER_WORLD_SCRIPT }} />
        <Header world={world} />
        {/* Client components only get the few texts they need, not the whole catalogue. */}
        <NextIntlClientProvider messages={{ common: getMessages(world.language).common ?? {} }}>
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        </NextIntlClientProvider>
        <Footer world={world} />
      </body>
    </html>
  );
}
