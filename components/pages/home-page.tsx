import { getTranslations } from 'next-intl/server';
import { MaterialShelf } from '@/components/catalog/material-card';
import { listHomeMaterials } from '@/lib/catalog/materials';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import { pathFor } from '@/lib/routing/localized-routes';
import type { PageView } from './types';

/** The home page of a world: shelves of bestsellers, new, free and discounted materials. */
export const HomePage: PageView = {
  async metadata(props) {
    const meta = await getTranslations('meta');
    return buildPageMetadata({
      title: meta('routes.home.title'),
      description: meta('routes.home.description'),
      robots: props.route.robots,
      world: props.world.code,
      pathInWorld: (world) => pathFor(world, 'home'),
    });
  },
  async render({ world }) {
    const t = await getTranslations('home');
    const [bestsellers, fresh, free, sale] = [
      await listHomeMaterials(world.code, 'bestsellers'),
      await listHomeMaterials(world.code, 'new'),
      await listHomeMaterials(world.code, 'free'),
      await listHomeMaterials(world.code, 'sale'),
    ];
    return (
      <>
        <section className="hero">
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
        </section>
        <MaterialShelf world={world} id="shelf-bestsellers" title={t('bestsellers')} materials={bestsellers} />
        <MaterialShelf world={world} id="shelf-new" title={t('new')} materials={fresh} />
        <MaterialShelf world={world} id="shelf-free" title={t('free')} materials={free} />
        <MaterialShelf world={world} id="shelf-sale" title={t('sale')} materials={sale} />
      </>
    );
  },
};
