import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ErrorTextsProvider } from '@/components/layout/error-texts';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { InteractiveMarker } from '@/components/layout/interactive-marker';
import { KeepForms } from '@/components/subscriptions/keep-controls';
import { getSessionPaths, getSessionTexts } from '@/components/session/session-props';
import { SessionProvider } from '@/components/session/session-provider';
import { getPublicOrigin } from '@/lib/seo/origin';
import { KEEP_SCRIPT } from '@/lib/subscriptions/keep-script';
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

export default async function WorldLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ world: string }>;
}) {
  const { world: code } = await params;
  if (!isWorldCode(code)) notFound();
  const world = getWorld(code);
  const t = await getTranslations('common');
  return (
    <html lang={world.locale} data-world={world.code}>
      <body>
        <script dangerouslySetInnerHTML={{ __html: REMEMBER_WORLD_SCRIPT }} />
        <SessionProvider paths={getSessionPaths(world.code)} texts={await getSessionTexts()}>
          <Header world={world} />
          <ErrorTextsProvider texts={{ title: t('error.title'), text: t('error.text'), retry: t('error.retry') }}>
            <main id="main" tabIndex={-1}>
              {children}
            </main>
          </ErrorTextsProvider>
          <Footer world={world} />
        </SessionProvider>
        {/* The hearts' and follow buttons' forms, their script and where it says that a change failed. */}
        <KeepForms world={world.code} />
        <p id="keep-notice" className="keep-notice" role="status" data-failed={t('keep.failed')} hidden />
        <script dangerouslySetInnerHTML={{ __html: KEEP_SCRIPT }} />
        <InteractiveMarker />
      </body>
    </html>
  );
}
