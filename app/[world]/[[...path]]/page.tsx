import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { isNotFoundError } from '@/components/pages/not-found-error';
import { PUBLIC_VIEWS } from '@/components/pages/registry';
import { ShellPage } from '@/components/pages/shell-page';
import type { PageProps } from '@/components/pages/types';
import { decodePathSegments } from '@/lib/routing/decode-path';
import { resolvePagePath } from '@/lib/routing/resolve-page';
import { getWorld, isWorldCode } from '@/lib/worlds/worlds';

interface RouteProps {
  params: Promise<{ world: string; path?: string[] }>;
}

// Every anonymous visitor of a world gets the same HTML: rendered on first request, cached,
// revalidated by tag when the data changes.
export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

/**
 * One route for every localised path of a world: the path is resolved with one lookup in the
 * compiled routing table (lib/routing) instead of thousands of rewrites, which cost a
 * localised page most of its throughput (measured in docs/decisions.md).
 */
async function resolve({ params }: RouteProps): Promise<PageProps> {
  const { world: code, path = [] } = await params;
  if (!isWorldCode(code)) notFound();
  const segments = decodePathSegments(path);
  if (!segments) notFound();
  const resolution = resolvePagePath(code, segments);
  if (resolution.kind === 'redirect') permanentRedirect(resolution.location);
  // Area pages are rewritten to their own folders by the proxy and never rendered here.
  if (resolution.kind === 'not-found' || resolution.route.area !== 'public') notFound();
  return { world: getWorld(code), route: resolution.route, params: resolution.params };
}

export async function generateMetadata(props: RouteProps): Promise<Metadata> {
  try {
    const page = await resolve(props);
    const view = (await PUBLIC_VIEWS[page.route.id]?.()) ?? ShellPage;
    return await view.metadata(page);
  } catch (error) {
    // Metadata renders outside the world's not-found boundary: let the page itself call
    // notFound(), so the translated not-found state is what the visitor gets.
    if (!isNotFoundError(error)) throw error;
    const t = await getTranslations('common');
    return { title: t('notFound.title'), robots: { index: false, follow: true } };
  }
}

export default async function WorldPage(props: RouteProps) {
  const page = await resolve(props);
  const view = (await PUBLIC_VIEWS[page.route.id]?.()) ?? ShellPage;
  return view.render(page);
}
