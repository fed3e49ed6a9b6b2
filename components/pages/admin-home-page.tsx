import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { pathFor } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

/** The back office's sections, in the order the start page lists them. */
const ADMIN_SECTIONS: readonly RouteId[] = ['admin-orders', 'admin-bank-statements', 'admin-vouchers', 'admin-jobs'];

/**
 * The back office's start page: its sections with what each is for. Rendered on the server
 * only, with no client code of its own, which makes it the "empty page" of the JavaScript
 * budget test (tests/e2e/js-budget.spec.ts): keep it that way.
 */
export const AdminHomePage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const meta = await getTranslations('meta');
    return (
      <section className="admin-home" data-route="admin">
        <h1>{meta('routes.admin.title')}</h1>
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section}>
              <Link href={pathFor(world.code, section)}>{meta(`routes.${section}.title`)}</Link>
              <p>{meta(`routes.${section}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
    );
  },
};
