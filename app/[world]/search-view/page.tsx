import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SearchPage } from '@/components/pages/search-page';
import { getRoute } from '@/lib/routing/routes';
import { getWorld, isWorldCode } from '@/lib/worlds/worlds';

interface Props {
  params: Promise<{ world: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

// Results depend on the query: rendered per request, never cached. proxy.ts rewrites each
// world's own search path (e.g. /it/risultati-ricerca) here.
export const dynamic = 'force-dynamic';

async function props({ params, searchParams }: Props) {
  const { world } = await params;
  if (!isWorldCode(world)) notFound();
  return { world: getWorld(world), route: getRoute('search'), params: {}, searchParams };
}

export async function generateMetadata(input: Props): Promise<Metadata> {
  return SearchPage.metadata(await props(input));
}

export default async function SearchResults(input: Props) {
  return SearchPage.render(await props(input));
}
